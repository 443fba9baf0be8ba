// Catalogue search: each product's search tokens, and the words they hold (for typo candidates).
// Both are derived from products, brands and categories by app/modules/search/commands.server.ts.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalog";

/** A tsvector written as its text form ('90x45':1A 'h3.2':2A): its lexemes are taken verbatim. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * One row per product: `terms` holds the tokens of its name (weight A), stock code (B), category
 * and brand names (C) and descriptions (D), each with its position, so a query can ask for a
 * token in a field and for a phrase. The product's catalogue filters and sort keys are copied
 * beside them, so a public search is answered from this table alone and only the page's rows are
 * read from products: the trigger products_search_follow copies them on every change of the
 * product, whoever writes it, and products_search_row gives every new product its row at once
 * (empty terms until the search commands or the start-up backfill tokenise it).
 */
export const productSearch = pgTable(
  "product_search",
  {
    productId: uuid("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    terms: tsvector("terms").notNull(),
    isPublished: boolean("is_published").notNull().default(false),
    categoryId: uuid("category_id"),
    brandId: uuid("brand_id"),
    stockStatus: text("stock_status").notNull().default("In Stock"),
    discountPercentage: integer("discount_percentage").notNull().default(0),
    name: text("name").notNull().default(""),
    /** lower(name): the catalogue's order by name, without lower-casing every hit's name. */
    sortName: text("sort_name").notNull().default(""),
    /**
     * The product's name, description, short description and stock code, lower-cased and joined by
     * U+0001 (which no query is matched across): the case-insensitive contains match as a plain
     * LIKE on one column with a trigram index, cheaper to check than ILIKE on four.
     */
    haystack: text("haystack").notNull().default(""),
  },
  (t) => [
    index("product_search_terms_idx").using("gin", t.terms),
    index("product_search_haystack_trgm_idx").using("gin", sql`${t.haystack} gin_trgm_ops`),
    // The rows whose terms are still to be written (the start-up backfill's work list).
    index("product_search_unwritten_idx").on(t.productId).where(sql`length(${t.terms}) = 0`),
  ],
);

/** Every word token of the catalogue (never numbers, codes or dimensions): typo candidates. */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

/**
 * What the public catalogue is searched for: one row per normalised query and New Zealand day,
 * with how often, how often it found nothing, what it last found and how often a result was
 * opened from it. Nothing about who searched: no address, user, session or cookie.
 */
export const searchLog = pgTable(
  "search_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The query's search tokens joined by spaces (`90 X 45mm` is `90x45`). */
    query: text().notNull(),
    /** The calendar day in New Zealand. */
    day: date({ mode: "string" }).notNull(),
    searches: integer().notNull().default(0),
    /** Searches that found no product. */
    emptySearches: integer().notNull().default(0),
    /** Products found the last time the count was known (null: not yet known). */
    results: integer(),
    /** Product pages opened from the results. */
    opens: integer().notNull().default(0),
    lastSearchedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("search_log_query_day_idx").on(t.query, t.day),
    index("search_log_day_idx").on(t.day),
    check("search_log_query_length_check", sql`char_length(${t.query}) between 1 and 200`),
  ],
);
