// The product page, /catalog/SLUG: one published product, its related products and where an old
// slug now leads. Prices are never read here: it selects the catalogue's price-free columns.
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { withImageAssets } from "~/modules/images/assets.server";
import { getDb } from "~/server/db/db.server";
import { brands, categories, products, slugRedirects } from "~/server/db/schema";
import { type CatalogProduct, catalogColumns } from "./queries.server";

export const RELATED_PRODUCTS_LIMIT = 4;

const isPublished = eq(products.isPublished, true);

export type ProductDetails = NonNullable<Awaited<ReturnType<typeof loadProduct>>>;

/** What the product route does with a slug: show the product, redirect an old slug, or 404. */
export type ProductPageResult =
  | { kind: "found"; product: ProductDetails; related: CatalogProduct[] }
  | { kind: "moved"; slug: string }
  | { kind: "not-found" };

async function loadProduct(slug: string) {
  const [row] = await getDb()
    .select(catalogColumns)
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(brands, eq(products.brandId, brands.id))
    .where(and(eq(products.slug, slug), isPublished))
    .limit(1);
  if (!row) return null;
  const [withAsset] = await withImageAssets([row], "imageUrl", { social: true });
  return withAsset ?? null;
}

/** Published products of the same category, in stock first, then featured, then by name. */
export async function getRelatedProducts(product: { id: string; categoryId: string | null }) {
  if (!product.categoryId) return [];
  const rows = await getDb()
    .select(catalogColumns)
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(brands, eq(products.brandId, brands.id))
    .where(and(isPublished, eq(products.categoryId, product.categoryId), ne(products.id, product.id)))
    .orderBy(
      asc(sql`case ${products.stockStatus} when 'Out of Stock' then 1 else 0 end`),
      desc(products.isFeatured),
      asc(sql`lower(${products.name})`),
      asc(products.id),
    )
    .limit(RELATED_PRODUCTS_LIMIT);
  return withImageAssets(rows);
}

/** What the quick view adds to a card: the published product's description, or its short one. */
export async function getQuickViewDetails(slug: string): Promise<{ description: string | null } | null> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return null;
  const [row] = await getDb()
    .select({ description: products.description, shortDescription: products.shortDescription })
    .from(products)
    .where(and(eq(products.slug, slug), isPublished))
    .limit(1);
  return row ? { description: row.description || row.shortDescription } : null;
}

/** The slug a product's old slug now leads to, when that product is published. */
async function findMovedSlug(oldSlug: string) {
  const [row] = await getDb()
    .select({ slug: products.slug })
    .from(slugRedirects)
    .innerJoin(products, eq(products.id, slugRedirects.targetId))
    .where(and(eq(slugRedirects.kind, "product"), eq(slugRedirects.oldSlug, oldSlug), isPublished))
    .limit(1);
  return row?.slug ?? null;
}

export async function getProductPage(slug: string): Promise<ProductPageResult> {
  // A slug is lower-case letters, digits and dashes (a database check): anything else is unknown.
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return { kind: "not-found" };
  const product = await loadProduct(slug);
  if (product) return { kind: "found", product, related: await getRelatedProducts(product) };
  const moved = await findMovedSlug(slug);
  return moved ? { kind: "moved", slug: moved } : { kind: "not-found" };
}
