// Suggestions as a visitor types in the catalogue's search box: the published products the
// search would bring first (with a small picture and their category), and the categories whose
// name holds the words or that most of those products are in. The same search as the catalogue
// (searchPublished), so a suggestion never names a product the results page would not show.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { containsPattern } from "~/server/db/like";
import { categories, type ImageVariant, imageAssets, products } from "~/server/db/schema";
import { readOr } from "~/server/read-or.server";
import { searchPublished } from "./queries.server";

/** Fewer characters than this ask for nothing: one letter matches half the catalogue. */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_CATEGORIES = 3;

export type SuggestedProduct = {
  name: string;
  slug: string;
  category: string | null;
  picture: string | null;
};
export type Suggestions = { products: SuggestedProduct[]; categories: string[] };

/** The smallest WebP variant (a suggestion's picture is 40 px wide), else the picture itself. */
function thumbnailOf(variants: ImageVariant[] | null, original: string | null) {
  const webp = (variants ?? []).filter((variant) => variant.format === "webp");
  webp.sort((a, b) => a.width - b.width);
  return webp[0]?.url ?? original;
}

export async function catalogueSuggestions(query: string): Promise<Suggestions> {
  const q = query.trim();
  if (q.length < SUGGEST_MIN_LENGTH) return { products: [], categories: [] };
  const found = await readOr("search suggestions", async () => {
    // The index alone first: when it finds a full list, those are the search's first products
    // (one only the contains match finds scores 0); else the contains match is asked too.
    const page = { order: "relevance", limit: SUGGESTED_PRODUCTS, offset: 0, withTotal: false } as const;
    let hits = await searchPublished(q, {}, { ...page, withContains: false });
    if (hits.ids.length < SUGGESTED_PRODUCTS) hits = await searchPublished(q, {}, page);
    if (hits.ids.length === 0) return [];
    const rows = await getDb()
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        category: categories.name,
        categoryActive: categories.isActive,
        imageUrl: products.imageUrl,
        variants: imageAssets.variants,
      })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .leftJoin(imageAssets, eq(imageAssets.url, products.imageUrl))
      .where(inArray(products.id, hits.ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return hits.ids.flatMap((id) => byId.get(id) ?? []);
  }, []);
  const named = await readOr(
    "search suggestions' categories",
    () =>
      getDb()
        .select({ name: categories.name })
        .from(categories)
        .where(
          and(
            eq(categories.type, "products"),
            eq(categories.isActive, true),
            sql`${categories.name} ilike ${containsPattern(q)}`,
          ),
        )
        .orderBy(asc(categories.name))
        .limit(SUGGESTED_CATEGORIES),
    [],
  );
  // Categories named by the words first, then those the suggested products are in, most first.
  const counts = new Map<string, number>();
  for (const { category, categoryActive } of found)
    if (category && categoryActive) counts.set(category, (counts.get(category) ?? 0) + 1);
  const byProducts = [...counts].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  const categoryNames = [...new Set([...named.map((row) => row.name), ...byProducts])].slice(
    0,
    SUGGESTED_CATEGORIES,
  );
  return {
    products: found.map((product) => ({
      name: product.name,
      slug: product.slug,
      category: product.category,
      picture: thumbnailOf(product.variants, product.imageUrl),
    })),
    categories: categoryNames,
  };
}
