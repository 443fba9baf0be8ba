import { and, asc, eq } from "drizzle-orm";
import type { CategoryType } from "~/lib/vocabulary";
import { memoizeContent } from "~/server/cache/content-memo.server";
import { getDb } from "~/server/db/db.server";
import { brands, categories } from "~/server/db/schema";
import { logger } from "~/server/logger.server";

/** Active categories of one type, by name (the public pick-lists and tabs). */
export async function getActiveCategories(type: CategoryType, limit?: number) {
  const query = getDb()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.type, type), eq(categories.isActive, true)))
    .orderBy(asc(categories.name));
  return limit ? query.limit(limit) : query;
}

/** At most 4 active product categories for the footer; a failure is logged and shows none. */
export async function getFooterCategories() {
  try {
    return await memoizeContent("footer-categories", () => getActiveCategories("products", 4));
  } catch (error) {
    logger.error({ err: error }, "Failed to load footer categories");
    return [];
  }
}

/** Active brands by name, with their logos (the home page's "Brands we supply"). */
export function getSupplierBrands() {
  return getDb()
    .select({ id: brands.id, name: brands.name, logoUrl: brands.logoUrl })
    .from(brands)
    .where(eq(brands.isActive, true))
    .orderBy(asc(brands.name));
}
