// Home content for the back office: every row (the home content list) and the Home Management
// tabs (commands.server.ts writes them). The public page reads the same rows through home.server.ts.
import { asc, eq, sql } from "drizzle-orm";
import type { SectionType } from "~/lib/vocabulary";
import { getDb } from "~/server/db/db.server";
import { homeContent } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import type { HomeContentItem, ReviewItem } from "./home.schema";
import { parseReviewContent } from "./reviews";

export type { HomeContentItem, ReviewItem } from "./home.schema";

const columns = {
  id: homeContent.id,
  sectionType: homeContent.sectionType,
  title: homeContent.title,
  subtitle: homeContent.subtitle,
  content: homeContent.content,
  imageUrl: homeContent.imageUrl,
  linkText: homeContent.linkText,
  linkUrl: homeContent.linkUrl,
  isActive: homeContent.isActive,
  displayOrder: homeContent.displayOrder,
};

// created_at then id break ties, so rows with the same display_order keep a stable order.
const byDisplayOrder = [asc(homeContent.displayOrder), asc(homeContent.createdAt), asc(homeContent.id)];

/** Every home content row, by display_order (the /admin/home list). */
export async function listHomeContent(): Promise<HomeContentItem[]> {
  const rows = await getDb()
    .select(columns)
    .from(homeContent)
    .orderBy(...byDisplayOrder);
  return rows as HomeContentItem[];
}

/** The reviews, active or not, by display_order. */
export async function listReviews(): Promise<ReviewItem[]> {
  return (await listSection("reviews")).map(toReviewItem);
}

/** The rows of one section, active or not, by display_order. */
export async function listSection(sectionType: SectionType): Promise<HomeContentItem[]> {
  const rows = await getDb()
    .select(columns)
    .from(homeContent)
    .where(eq(homeContent.sectionType, sectionType))
    .orderBy(...byDisplayOrder);
  return rows as HomeContentItem[];
}

/**
 * The hero the Hero Section tab edits: the first hero row with a title (isHeroSlide), else the
 * first hero row, or null when there is none yet.
 */
export async function getHero(): Promise<HomeContentItem | null> {
  const [row] = await getDb()
    .select(columns)
    .from(homeContent)
    .where(eq(homeContent.sectionType, "hero"))
    .orderBy(asc(sql`coalesce(trim(${homeContent.title}), '') = ''`), ...byDisplayOrder)
    .limit(1);
  return (row as HomeContentItem | undefined) ?? null;
}

/** A review row with its JSON content read field by field (unreadable content: anonymous, 5 stars). */
function toReviewItem(row: HomeContentItem): ReviewItem {
  const parsed = parseReviewContent(row.content);
  if (!parsed.ok)
    logger.warn({ homeContentId: row.id, reason: parsed.error }, "Review content is not valid JSON");
  return {
    ...parsed.value,
    id: row.id,
    imageUrl: row.imageUrl,
    isActive: row.isActive,
    displayOrder: row.displayOrder,
  };
}
