// The catalogue: products, and the old addresses of renamed products and case studies.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { STOCK_STATUSES } from "~/lib/vocabulary";
import { buildingInfoSheets } from "./building-info";
import { createdAt, inList, updatedAt } from "./columns";
import { brands, categories } from "./taxonomy";

/**
 * The catalogue's "stock" order: In Stock, then Low Stock, then Out of Stock. Written on the bare
 * column name so that the index expression and the query's are the same text.
 */
export const CATALOG_STOCK_RANK = sql.raw(
  "case stock_status when 'In Stock' then 0 when 'Low Stock' then 1 else 2 end",
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /**
     * The product page's address, /catalog/SLUG. Left empty, the database makes it from the name
     * (trigger fill_slug, migration 0003), unique; a rename makes a new one and the old slug
     * redirects (slug_redirects). See docs/decisions/008-slugs-in-the-database.md.
     */
    slug: text("slug").notNull().default(""),
    description: text("description"),
    /**
     * The trader's stock code (SKU): optional, and unique when set whatever its case (a lower()
     * index), so "gib10-2400" and "GIB10-2400" are one code. Trimmed; blank is stored as null.
     */
    sku: text("sku"),
    /** What one of it is when sold ("sheet", "length", "m²"): a quote line's default unit. */
    unit: text("unit"),
    shortDescription: text("short_description"),
    price: numeric("price", { precision: 12, scale: 2, mode: "number" }).notNull().default(0),
    originalPrice: numeric("original_price", { precision: 12, scale: 2, mode: "number" }),
    discountPercentage: integer("discount_percentage").notNull().default(0),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    imageUrl: text("image_url"),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    stockStatus: text("stock_status").notNull().default("In Stock"),
    isFeatured: boolean("is_featured").notNull().default(false),
    isPublished: boolean("is_published").notNull().default(true),
    /** Its building product information sheet, which may serve other products of its line too. */
    buildingInfoId: uuid("building_info_id").references((): AnyPgColumn => buildingInfoSheets.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_slug_unique").on(t.slug),
    check("products_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("products_stock_status_check", inList("stock_status", STOCK_STATUSES)),
    check("products_name_not_blank", sql`length(trim(${t.name})) > 0`),
    check("products_price_check", sql`${t.price} >= 0`),
    check("products_original_price_check", sql`${t.originalPrice} is null or ${t.originalPrice} >= 0`),
    check("products_discount_check", sql`${t.discountPercentage} between 0 and 100`),
    check("products_stock_quantity_check", sql`${t.stockQuantity} >= 0`),
    uniqueIndex("products_sku_unique").on(sql`lower(${t.sku})`),
    check(
      "products_sku_format",
      sql`${t.sku} ~ '^[A-Za-z0-9]([A-Za-z0-9._/ -]*[A-Za-z0-9._/-])?$' and length(${t.sku}) <= 40`,
    ),
    check(
      "products_unit_check",
      sql`length(trim(${t.unit})) between 1 and 20 and ${t.unit} = trim(${t.unit})`,
    ),
    // The back office's list, newest first (admin.server.ts listAdminProducts): a page's ids are
    // read from this index alone, its trailing columns answering the building-information filter,
    // so a deep page or a count skips index entries rather than sorting or fetching every row.
    index("products_admin_list_idx").on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.isPublished,
      t.buildingInfoId,
    ),
    index("products_published_featured_idx").on(t.isPublished, t.isFeatured),
    index("products_category_id_idx").on(t.categoryId),
    index("products_brand_id_idx").on(t.brandId),
    index("products_building_info_id_idx").on(t.buildingInfoId),
    index("products_name_idx").on(t.name),
    // The public catalogue's three orders over published products, so that a page deep in a
    // large catalogue walks an index rather than sorting every row (queries.server.ts orderFor).
    index("products_catalog_name_idx").on(sql`lower(${t.name})`, t.name, t.id).where(sql`${t.isPublished}`),
    index("products_catalog_discount_idx")
      .on(t.discountPercentage.desc().nullsFirst(), sql`lower(${t.name})`, t.name, t.id)
      .where(sql`${t.isPublished}`),
    index("products_catalog_stock_idx")
      .on(sql`(${CATALOG_STOCK_RANK})`, sql`lower(${t.name})`, t.name, t.id)
      .where(sql`${t.isPublished}`),
    // The catalogue search's "contains" match (products/contains.server.ts): a trigram index per
    // field it reads, ORed by the planner.
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("products_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
    index("products_short_description_trgm_idx").using("gin", sql`${t.shortDescription} gin_trgm_ops`),
    index("products_sku_trgm_idx").using("gin", sql`${t.sku} gin_trgm_ops`),
  ],
);

const SLUG_KINDS = ["product", "case_study"] as const;
type SlugKind = (typeof SLUG_KINDS)[number];

/** Slugs a product or case study had before a rename: their old addresses redirect (301). */
export const slugRedirects = pgTable(
  "slug_redirects",
  {
    kind: text("kind").$type<SlugKind>().notNull(),
    oldSlug: text("old_slug").notNull(),
    targetId: uuid("target_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.oldSlug] }),
    check("slug_redirects_kind_check", inList("kind", SLUG_KINDS)),
    index("slug_redirects_target_idx").on(t.kind, t.targetId),
  ],
);
