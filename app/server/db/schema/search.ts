// Catalogue search: each product's search tokens, and the words they hold (for typo candidates).
// Both are derived from products, brands and categories by app/modules/search/commands.server.ts.
import { sql } from "drizzle-orm";
import { customType, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog";

/** A tsvector written as its text form ('90x45':1A 'h3.2':2A): its lexemes are taken verbatim. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * One row per product: `terms` holds the tokens of its name (weight A), stock code (B), category
 * and brand names (C) and descriptions (D), each with its position, so a query can ask for a
 * token in a field and for a phrase.
 */
export const productSearch = pgTable(
  "product_search",
  {
    productId: uuid("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    terms: tsvector("terms").notNull(),
  },
  (t) => [index("product_search_terms_idx").using("gin", t.terms)],
);

/** Every word token of the catalogue (never numbers, codes or dimensions): typo candidates. */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);
