// Home content for the back office: every row (the home content list), the Home Management tabs,
// and the writes. The public page reads the same rows through home.server.ts.
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { SectionType } from "~/lib/vocabulary";
import type { DbOrTx } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { homeContent } from "~/server/db/schema";
import { expectRow } from "~/server/http/screens.server";
import { logger } from "~/server/logger.server";
import {
  type HeroInput,
  type HomeContentInput,
  type HomeContentItem,
  REVIEWS_TITLE,
  type ReviewInput,
  type ReviewItem,
  toReviewJson,
} from "./home.schema";
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

function contentValues(input: HeroInput) {
  return {
    title: input.title,
    subtitle: input.subtitle,
    content: input.content,
    imageUrl: input.imageUrl,
    linkText: input.linkText,
    linkUrl: input.linkUrl,
  };
}

const GONE = "This content no longer exists.";

async function insertRow(values: PgInsertValue<typeof homeContent>, db: DbOrTx = getDb()) {
  const [row] = await db.insert(homeContent).values(values).returning({ id: homeContent.id });
  if (!row) throw new Error("The home content row was not created");
  return row;
}

/** Updates a row (of one section when given); InputError when it no longer exists. */
async function updateRow(
  id: string,
  values: Partial<typeof homeContent.$inferInsert>,
  section?: SectionType,
) {
  const where = and(eq(homeContent.id, id), section ? eq(homeContent.sectionType, section) : undefined);
  return expectRow(
    await getDb().update(homeContent).set(values).where(where).returning({ id: homeContent.id }),
    GONE,
  );
}

/** Saves the Hero Section: always active with display_order 1; the first hero when id is absent. */
export function saveHero(input: HeroInput & { id?: string }) {
  const values = { ...contentValues(input), sectionType: "hero" as const, isActive: true, displayOrder: 1 };
  return input.id ? updateRow(input.id, values, "hero") : insertRow(values);
}

function homeContentValues(input: HomeContentInput) {
  return {
    ...contentValues(input),
    sectionType: input.sectionType,
    isActive: input.isActive,
    ...(input.displayOrder === null ? {} : { displayOrder: input.displayOrder }),
  };
}

/** A new row; with no display order, after the last row of its section (1 in an empty one). */
export function createHomeContent(input: HomeContentInput) {
  const last = sql`(select coalesce(max(${homeContent.displayOrder}), 0) + 1 from ${homeContent} where ${homeContent.sectionType} = ${input.sectionType})`;
  return insertRow({ displayOrder: last, ...homeContentValues(input) });
}

/** An edited row; with no display order, it keeps its place. */
export function updateHomeContent(id: string, input: HomeContentInput) {
  return updateRow(id, homeContentValues(input));
}

function reviewValues(input: ReviewInput) {
  return { title: REVIEWS_TITLE, content: toReviewJson(input), imageUrl: input.imageUrl };
}

/**
 * A new review gets the fixed title, is active, and takes display_order = the current number of
 * reviews, so it goes last. Counted and inserted in one transaction.
 */
export function createReview(input: ReviewInput) {
  return getDb().transaction(async (tx) => {
    const [counted] = await tx
      .select({ n: count() })
      .from(homeContent)
      .where(eq(homeContent.sectionType, "reviews"));
    return insertRow(
      { ...reviewValues(input), sectionType: "reviews", isActive: true, displayOrder: counted?.n ?? 0 },
      tx,
    );
  });
}

/** An edited review keeps its place and its active state. */
export function updateReview(id: string, input: ReviewInput) {
  return updateRow(id, reviewValues(input), "reviews");
}

export function setHomeContentActive(id: string, isActive: boolean) {
  return updateRow(id, { isActive });
}

export async function deleteHomeContent(id: string) {
  expectRow(
    await getDb().delete(homeContent).where(eq(homeContent.id, id)).returning({ id: homeContent.id }),
    GONE,
  );
}
