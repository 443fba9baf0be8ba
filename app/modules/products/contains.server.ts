// The spec's catalogue search: a case-insensitive "contains" on a product's name, description,
// short description or stock code. Each field has a trigram index of its own (schema: the
// products_*_trgm_idx indexes), so the planner ORs their bitmaps and reads only the rows that may
// match, and the check of each such row stops at the first field that holds the text (the name,
// most often) rather than reading the three joined.
import { ilike, or, type SQL } from "drizzle-orm";
import { containsPattern } from "~/server/db/like";
import { products } from "~/server/db/schema";
import { SKU_MAX } from "./schema";

/** The contains match of `q`, or undefined (no filter) for a blank one. */
export function productContains(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(products.name, pattern),
    ilike(products.description, pattern),
    ilike(products.shortDescription, pattern),
    // Not asked for a term longer than any stock code can be.
    ...(text.length > SKU_MAX ? [] : [ilike(products.sku, pattern)]),
  );
}
