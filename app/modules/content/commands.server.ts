// Home content and contact content are written by these commands (run through
// server/commands/runner.server.ts). The public pages read the same rows (home.server.ts,
// queries.server.ts).
import { and, count, eq, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { SectionType } from "~/lib/vocabulary";
import { defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { contactContent, homeContent } from "~/server/db/schema";
import { expectRow } from "~/server/http/screens.server";
import type { ContactContentInput, contactContentActionSchema } from "./contact-content.schema";
import { contactContentEntity, homeContentEntity } from "./entity";
import {
  type HeroInput,
  type HomeContentInput,
  type homeContentActionSchema,
  type homeManagementActionSchema,
  REVIEWS_TITLE,
  type ReviewInput,
  toReviewJson,
} from "./home.schema";

// ------------------------------------------------------------------ home content

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

const HOME_GONE = "This content no longer exists.";

async function insertRow(values: PgInsertValue<typeof homeContent>) {
  const [row] = await getDb().insert(homeContent).values(values).returning({ id: homeContent.id });
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
    HOME_GONE,
  );
}

/** Saves the Hero Section: always active with display_order 1; the first hero when id is absent. */
function saveHero(input: HeroInput & { id?: string }) {
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
function createHomeContent(input: HomeContentInput) {
  const last = sql`(select coalesce(max(${homeContent.displayOrder}), 0) + 1 from ${homeContent} where ${homeContent.sectionType} = ${input.sectionType})`;
  return insertRow({ displayOrder: last, ...homeContentValues(input) });
}

function reviewValues(input: ReviewInput) {
  return { title: REVIEWS_TITLE, content: toReviewJson(input), imageUrl: input.imageUrl };
}

/**
 * A new review gets the fixed title, is active, and takes display_order = the current number of
 * reviews, so it goes last (counted in the command's transaction).
 */
async function createReview(input: ReviewInput) {
  const [counted] = await getDb()
    .select({ n: count() })
    .from(homeContent)
    .where(eq(homeContent.sectionType, "reviews"));
  return insertRow({
    ...reviewValues(input),
    sectionType: "reviews",
    isActive: true,
    displayOrder: counted?.n ?? 0,
  });
}

async function deleteHomeContent(id: string) {
  expectRow(
    await getDb().delete(homeContent).where(eq(homeContent.id, id)).returning({ id: homeContent.id }),
    HOME_GONE,
  );
}

/** What the home content list (/admin/home) and Home Management post. */
export type HomeContentAction =
  | z.output<typeof homeContentActionSchema>
  | z.output<typeof homeManagementActionSchema>;

function homeActionOf(input: HomeContentAction) {
  if (input.intent === "create" || input.intent === "create-review") return "create";
  if (input.intent === "save-hero") return input.id ? "update" : "create";
  return input.intent === "delete" ? "delete" : "update";
}

/**
 * Saves a home content row as the intent says: the hero, any section's item (an edit with no
 * display order keeps its place), a review (an edit keeps its place and its active state), the
 * active switch, or a delete.
 */
export const saveHomeContent = defineCommand({
  name: "home_content.save",
  entity: homeContentEntity,
  access: "admin",
  target: (input: HomeContentAction) => ({
    action: homeActionOf(input),
    id: "id" in input && input.id ? input.id : null,
  }),
  run: async (input) => {
    switch (input.intent) {
      case "save-hero":
        return saveHero(input);
      case "create":
        return createHomeContent(input);
      case "update":
        return updateRow(input.id, homeContentValues(input));
      case "toggle-active":
        return updateRow(input.id, { isActive: input.isActive });
      case "create-review":
        return createReview(input);
      case "update-review":
        return updateRow(input.id, reviewValues(input), "reviews");
      case "delete":
        return deleteHomeContent(input.id);
    }
  },
});

// ------------------------------------------------------------------ contact content

const CONTACT_GONE = "This contact content no longer exists.";

function contactValues(input: ContactContentInput) {
  return {
    contentType: input.contentType,
    title: input.title,
    subtitle: input.subtitle,
    phone: input.phone,
    email: input.email,
    address: input.address,
    businessHours: input.businessHours,
    socialLinks: input.socialLinks,
    mapEmbedCode: input.mapEmbedCode,
  };
}

/** Creates, updates or deletes a contact content row, as the contact content screen's intent says. */
export const saveContactContent = defineCommand({
  name: "contact_content.save",
  entity: contactContentEntity,
  access: "admin",
  target: (input: z.output<typeof contactContentActionSchema>) => ({
    action: input.intent,
    id: "id" in input ? input.id : null,
  }),
  run: async (input) => {
    const db = getDb();
    if (input.intent === "create")
      return (
        await db.insert(contactContent).values(contactValues(input)).returning({ id: contactContent.id })
      )[0];
    const where = eq(contactContent.id, input.id);
    const written =
      input.intent === "update"
        ? await db
            .update(contactContent)
            .set(contactValues(input))
            .where(where)
            .returning({ id: contactContent.id })
        : await db.delete(contactContent).where(where).returning({ id: contactContent.id });
    return expectRow(written, CONTACT_GONE);
  },
});
