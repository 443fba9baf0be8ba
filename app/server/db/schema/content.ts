// What staff write for the public pages: case studies, the contact details, the home page's
// sections and the site settings.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SECTION_TYPES } from "~/lib/vocabulary";
import { createdAt, inList, updatedAt } from "./columns";
import { categories } from "./taxonomy";

export const caseStudies = pgTable(
  "case_studies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** The case-study page's address, /case-study/SLUG: made from the title as for products. */
    slug: text("slug").notNull().default(""),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    durationMonths: integer("duration"),
    materials: jsonb("materials").$type<string[]>(),
    challenge: text("challenge"),
    solution: text("solution"),
    result: text("result"),
    imageUrl: text("image_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("case_studies_slug_unique").on(t.slug),
    check("case_studies_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("case_studies_title_not_blank", sql`length(trim(${t.title})) > 0`),
    check("case_studies_duration_check", sql`${t.durationMonths} is null or ${t.durationMonths} >= 0`),
    index("case_studies_created_at_idx").on(t.createdAt.desc()),
    index("case_studies_category_id_idx").on(t.categoryId),
    index("case_studies_search_trgm_idx").using(
      "gin",
      sql`(coalesce(${t.title}, '') || ' ' || coalesce(${t.challenge}, '') || ' ' || coalesce(${t.solution}, '')) gin_trgm_ops`,
    ),
  ],
);

export const contactContent = pgTable(
  "contact_content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contentType: text("content_type").notNull(),
    title: text("title"),
    subtitle: text("subtitle"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    businessHours: jsonb("business_hours").$type<Record<string, string>>(),
    socialLinks: jsonb("social_links").$type<Record<string, string>>(),
    mapEmbedCode: text("map_embed_code"),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_content_type_not_blank", sql`length(trim(${t.contentType})) > 0`),
    index("contact_content_created_at_idx").on(t.createdAt),
  ],
);

export const homeContent = pgTable(
  "home_content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sectionType: text("section_type").notNull(),
    title: text("title"),
    subtitle: text("subtitle"),
    content: text("content"),
    imageUrl: text("image_url"),
    linkText: text("link_text"),
    linkUrl: text("link_url"),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("home_content_section_type_check", inList("section_type", SECTION_TYPES)),
    // A review's content is JSON text whose rating, when present, must be 1 to 5.
    check(
      "home_content_review_rating_check",
      sql`${t.sectionType} <> 'reviews' or home_content_review_rating_ok(${t.content})`,
    ),
    index("home_content_section_order_idx").on(t.sectionType, t.isActive, t.displayOrder),
    index("home_content_display_order_idx").on(t.displayOrder),
  ],
);

export const siteSettings = pgTable(
  "site_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    settingKey: text("setting_key").notNull().unique(),
    settingValue: jsonb("setting_value").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // hero_background: opacity between 0 and 1 when given.
    check(
      "site_settings_hero_opacity_check",
      sql`${t.settingKey} <> 'hero_background' or (${t.settingValue} -> 'opacity') is null or (jsonb_typeof(${t.settingValue} -> 'opacity') = 'number' and (${t.settingValue} ->> 'opacity')::double precision between 0 and 1)`,
    ),
  ],
);
