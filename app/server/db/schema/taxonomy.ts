// Categories and brands.
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CATEGORY_TYPES } from "~/lib/vocabulary";
import { createdAt, inList } from "./columns";

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    type: text("type").notNull().default("products"),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("categories_type_check", inList("type", CATEGORY_TYPES)),
    check("categories_name_not_blank", sql`length(trim(${t.name})) > 0`),
    uniqueIndex("categories_type_name_unique").on(t.type, sql`lower(${t.name})`),
    index("categories_created_at_idx").on(t.createdAt.desc()),
    index("categories_type_active_name_idx").on(t.type, t.isActive, t.name),
  ],
);

export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    logoUrl: text("logo_url"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("brands_name_not_blank", sql`length(trim(${t.name})) > 0`),
    uniqueIndex("brands_name_unique").on(sql`lower(${t.name})`),
    index("brands_created_at_idx").on(t.createdAt.desc()),
    index("brands_active_name_idx").on(t.isActive, t.name),
  ],
);
