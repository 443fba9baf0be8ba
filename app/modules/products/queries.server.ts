// Public product reads. Prices are never public: every select here names its columns, and
// price / original_price are never among them.
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { StockStatus } from "~/lib/vocabulary";
import { imageAssetColumns, withImageAssets } from "~/modules/images/assets.server";
import { type ImageAsset, toImageAsset } from "~/modules/images/image-asset";
import { correctedQuery } from "~/modules/search/did-you-mean";
import {
  anyTokenQuery,
  type HitOrder,
  type PublishedFilters,
  publishedSearchHits,
  spellingLookup,
} from "~/modules/search/query.server";
import { memoizeContent } from "~/server/cache/content-memo.server";
import { getDb } from "~/server/db/db.server";
import {
  brands,
  CATALOG_STOCK_RANK,
  categories,
  imageAssets,
  productSearch as productSearchRows,
  products,
} from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { readOr } from "~/server/read-or.server";
import { CATALOG_PAGE_SIZE, type CatalogParams, type CatalogSort } from "./catalog-params";
import { productContains } from "./contains.server";

/** The fields a public product card or quick view may show. */
export type PublicProduct = {
  id: string;
  name: string;
  /** The product page's address, /catalog/SLUG. */
  slug: string;
  shortDescription: string | null;
  description: string | null;
  imageUrl: string | null;
  stockStatus: StockStatus;
  discountPercentage: number;
  /** The processed variants of the image, for its srcset (attached after the select). */
  asset?: ImageAsset | null;
};

export type CatalogProduct = PublicProduct & {
  /** The stock code (SKU). */
  sku: string | null;
  /** The unit of sale ("sheet", "length"). */
  unit: string | null;
  categoryId: string | null;
  categoryName: string | null;
  brandId: string | null;
  brandName: string | null;
};

const publicColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  shortDescription: products.shortDescription,
  description: products.description,
  imageUrl: products.imageUrl,
  // The column is a text with a check constraint; the cast names what the check guarantees.
  stockStatus: sql<StockStatus>`${products.stockStatus}`,
  discountPercentage: products.discountPercentage,
};

/** A product as the public sees it, with its category and brand: never a price. */
export const catalogColumns = {
  ...publicColumns,
  sku: products.sku,
  unit: products.unit,
  categoryId: products.categoryId,
  categoryName: categories.name,
  brandId: products.brandId,
  brandName: brands.name,
};

// Compile-time guard: if someone adds a price column to the public selections, this fails.
type NoPrice<T> = "price" extends keyof T ? never : "originalPrice" extends keyof T ? never : T;
const _publicCheck: NoPrice<typeof catalogColumns> = catalogColumns;
void _publicCheck;

// The bare column, as the catalogue indexes' predicate is written, so the planner can use them.
const isPublished = sql`${products.isPublished}`;

/** Every published and featured product, newest first (the home page's featured section). */
export async function getFeaturedProducts(): Promise<PublicProduct[]> {
  const rows = await getDb()
    .select(publicColumns)
    .from(products)
    .where(and(isPublished, eq(products.isFeatured, true)))
    .orderBy(desc(products.createdAt), asc(products.id));
  return withImageAssets(rows);
}

/** "Today's Best Bargains": the top featured products by discount, largest first. */
export function getBargainProducts(limit = 4): Promise<CatalogProduct[]> {
  return memoizeContent(`bargains:${limit}`, () => loadBargainProducts(limit));
}

async function loadBargainProducts(limit: number): Promise<CatalogProduct[]> {
  const rows = await getDb()
    .select(catalogColumns)
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(brands, eq(products.brandId, brands.id))
    .where(and(isPublished, eq(products.isFeatured, true)))
    .orderBy(desc(products.discountPercentage), asc(products.name), asc(products.id))
    .limit(limit);
  return withImageAssets(rows);
}

// ---------------------------------------------------------------- the public catalogue

export type CatalogOption = { id: string; name: string };

export type CatalogView = {
  products: CatalogProduct[];
  bargains: CatalogProduct[];
  brands: CatalogOption[];
  /** The categories offered for the chosen brand (all active product categories without one). */
  categories: CatalogOption[];
  /** The view actually shown, after the brand/category rules and page clamping. */
  params: CatalogParams;
  total: number;
  totalPages: number;
  /** True when the products could not be loaded ('Failed to load products. Please try again.'). */
  failed: boolean;
  /** "Did you mean …": a spelling of the search that finds more products, with the same filters. */
  suggestion: { q: string; total: number } | null;
  /** A search that found nothing: where its words do lead. */
  help: SearchHelp | null;
};

export type SearchHelp = {
  /** Categories holding products that match any one of the search's words, most such products first. */
  categories: CatalogOption[];
  /** With filters set: how many products the same search finds without them (else null). */
  unfiltered: number | null;
};

/** Fewer products than this and a better spelling is looked for. */
const FEW_RESULTS = 3;
/** At most this many categories are suggested for a search that found nothing. */
const HELP_CATEGORIES = 4;

/**
 * A search of the published catalogue: the case-insensitive contains match on name, descriptions
 * and stock code, widened by the search index (words in any order, trade forms, synonyms, typos)
 * and ordered by how well each product matches for "Best match": the page's product ids and the
 * number found. Should the index fail to answer, the contains match still does.
 */
export async function searchPublished(
  q: string,
  filters: PublishedFilters,
  page: { order: HitOrder; limit: number; offset: number; withTotal?: boolean; withContains?: boolean },
) {
  const options = { contains: productContains(q) ?? sql`false`, filters, ...page };
  try {
    return await publishedSearchHits(q, options);
  } catch (error) {
    logger.error({ err: error }, "Failed to load product search");
    return publishedSearchHits(q, { ...options, useIndex: false });
  }
}

/**
 * The catalogue's orders without a search; each has a partial index over published products
 * (schema.ts). A search orders its own hits the same way, Best match by its score first.
 */
function orderFor(sort: CatalogSort) {
  const byName = [asc(sql`lower(${products.name})`), asc(products.name), asc(products.id)];
  if (sort === "discount") return [desc(products.discountPercentage), ...byName];
  if (sort === "stock") return [asc(sql`(${CATALOG_STOCK_RANK})`), ...byName];
  return byName;
}

/** Active brands by name (the brand filter). */
function getActiveBrands() {
  return memoizeContent("catalog-brands", () =>
    getDb()
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(eq(brands.isActive, true))
      .orderBy(asc(brands.name)),
  );
}

/** Active product categories by name; with a brand, only those holding its published products. */
function getCatalogCategories(brandId?: string) {
  // brandId is an active brand's id (getCatalogView checks it first): a handful of keys at most.
  return memoizeContent(`catalog-categories:${brandId ?? ""}`, () => loadCatalogCategories(brandId));
}

function loadCatalogCategories(brandId?: string) {
  const conditions = [eq(categories.type, "products"), eq(categories.isActive, true)];
  if (brandId) {
    const ofBrand = getDb()
      .selectDistinct({ id: products.categoryId })
      .from(products)
      .where(and(isPublished, eq(products.brandId, brandId)));
    conditions.push(inArray(categories.id, ofBrand));
  }
  return getDb()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(...conditions))
    .orderBy(asc(categories.name));
}

function findCategory(options: CatalogOption[], wanted: string) {
  const lower = wanted.toLowerCase();
  return options.find((c) => c.id === wanted || c.name.toLowerCase() === lower);
}

/**
 * Everything the catalogue page shows for one URL. The filter rules hold here, so they hold with
 * JavaScript off: a brand narrows the categories, a lone remaining category is selected, and a
 * category that is no longer listed falls back to all. A page past the end shows the last page.
 */
export async function getCatalogView(requested: CatalogParams): Promise<CatalogView> {
  const brandOptions = await readOr("brands", getActiveBrands, []);
  // An unknown or inactive brand is not a filter anyone can choose: treat it as none.
  const brand = brandOptions.some((b) => b.id === requested.brand) ? requested.brand : undefined;
  const categoryOptions = await readOr("categories", () => getCatalogCategories(brand), []);

  let category = requested.category ? findCategory(categoryOptions, requested.category) : undefined;
  if (brand && categoryOptions.length === 1) category = categoryOptions[0];

  const params: CatalogParams = { ...requested, brand, category: category?.name };
  const wanted: PublishedFilters = { brandId: brand, categoryId: category?.id, inStock: params.inStock };
  const filters = [isPublished];
  if (brand) filters.push(eq(products.brandId, brand));
  if (category) filters.push(eq(products.categoryId, category.id));
  if (params.inStock) filters.push(ne(products.stockStatus, "Out of Stock"));

  const [listing, bargains] = await Promise.all([
    params.q ? loadSearchPage(params, wanted) : loadPage(and(...filters), params),
    readOr("bargain products", () => getBargainProducts(), []),
  ]);
  const searched = params.q !== "" && !listing.failed;
  const filtered = filters.length > 1;
  const [suggestion, help] = await Promise.all([
    searched && listing.total < FEW_RESULTS
      ? readOr("spelling suggestion", () => spellingSuggestion(params.q, wanted, listing.total), null)
      : null,
    searched && listing.total === 0
      ? readOr("search help", () => searchHelp(params.q, filtered), { categories: [], unfiltered: null })
      : null,
  ]);
  return {
    ...listing,
    bargains,
    brands: brandOptions,
    categories: categoryOptions,
    params: { ...params, page: listing.page },
    suggestion,
    help,
  };
}

/** How many published products a search finds with these filters. */
async function searchTotal(q: string, filters: PublishedFilters) {
  return (await searchPublished(q, filters, { order: "name", limit: 0, offset: 0 })).total;
}

/** The search's likely spelling, when it finds more products than `found` with the same filters. */
async function spellingSuggestion(q: string, filters: PublishedFilters, found: number) {
  const corrected = correctedQuery(q, await spellingLookup(q));
  if (corrected === null) return null;
  const total = await searchTotal(corrected, filters);
  return total > found ? { q: corrected, total } : null;
}

/**
 * Where a search that found nothing may lead: the active product categories holding published
 * products that match any one of its words (most such products first), and with filters set, how
 * many products the words find without them.
 */
async function searchHelp(q: string, filtered: boolean): Promise<SearchHelp> {
  const [categoryRows, unfiltered] = await Promise.all([
    categoriesMatchingAnyWord(q),
    filtered ? searchTotal(q, {}) : null,
  ]);
  return { categories: categoryRows, unfiltered };
}

async function categoriesMatchingAnyWord(q: string): Promise<CatalogOption[]> {
  const anyToken = await anyTokenQuery(q);
  if (anyToken === null) return [];
  const found = sql<number>`count(*)`;
  return getDb()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .innerJoin(products, and(eq(products.categoryId, categories.id), isPublished))
    .innerJoin(productSearchRows, eq(productSearchRows.productId, products.id))
    .where(
      and(
        eq(categories.type, "products"),
        eq(categories.isActive, true),
        sql`${productSearchRows.terms} @@ ${anyToken}::tsquery`,
      ),
    )
    .groupBy(categories.id, categories.name)
    .orderBy(desc(found), asc(categories.name))
    .limit(HELP_CATEGORIES);
}

/**
 * One page of the listing and the number of matches, in one statement: the count is a subquery
 * evaluated once, the page's ids walk an order's index (deep pages skip index entries, not
 * rows), and each row brings its image's variants. A page past the end has no row to carry the
 * count: then the count is asked for alone and the last page read.
 */
async function loadPage(where: SQL | undefined, params: CatalogParams) {
  try {
    const first = await selectPage(where, params.sort, params.page);
    let total = first[0]?.total;
    let rows = first;
    let page = params.page;
    if (total === undefined) {
      const [counted] = await getDb().select({ total: count() }).from(products).where(where);
      total = counted?.total ?? 0;
      page = Math.min(page, pageCount(total));
      rows = total > 0 && page !== params.page ? await selectPage(where, params.sort, page) : [];
    }
    const listed = rows.map(({ total: _total, asset, ...product }) => ({
      ...product,
      asset: asset ? toImageAsset(asset.variants) : null,
    }));
    return { products: listed, total, totalPages: pageCount(total), page, failed: false };
  } catch (error) {
    logger.error({ err: error }, "Failed to load products");
    return { products: [], total: 0, totalPages: 1, page: 1, failed: true };
  }
}

/**
 * One page of a search: the search gives the page's ids and the number found (a page past the
 * end is asked again as the last page), then those products are read by id, in its order.
 */
async function loadSearchPage(params: CatalogParams, filters: PublishedFilters) {
  try {
    const at = (page: number) =>
      searchPublished(params.q, filters, {
        order: params.sort,
        limit: CATALOG_PAGE_SIZE,
        offset: (page - 1) * CATALOG_PAGE_SIZE,
      });
    let page = params.page;
    let hits = await at(page);
    if (hits.ids.length === 0) {
      page = Math.min(page, pageCount(hits.total));
      if (hits.total > 0 && page !== params.page) hits = await at(page);
    }
    return {
      products: await productsByIds(hits.ids),
      total: hits.total,
      totalPages: pageCount(hits.total),
      page,
      failed: false,
    };
  } catch (error) {
    logger.error({ err: error }, "Failed to load products");
    return { products: [], total: 0, totalPages: 1, page: 1, failed: true };
  }
}

/** These products as catalogue cards, in the order given. */
export async function productsByIds(ids: readonly string[]): Promise<CatalogProduct[]> {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select({ ...catalogColumns, asset: imageAssetColumns })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(brands, eq(products.brandId, brands.id))
    .leftJoin(imageAssets, eq(imageAssets.url, products.imageUrl))
    .where(inArray(products.id, [...ids]));
  const byId = new Map(
    rows.map(({ asset, ...product }) => [
      product.id,
      { ...product, asset: asset ? toImageAsset(asset.variants) : null },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function pageCount(total: number) {
  return Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE));
}

function selectPage(where: SQL | undefined, sort: CatalogSort, page: number) {
  const pageIds = getDb()
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderFor(sort))
    .limit(CATALOG_PAGE_SIZE)
    .offset((page - 1) * CATALOG_PAGE_SIZE)
    .as("page_ids");
  return getDb()
    .select({
      ...catalogColumns,
      total: sql<number>`(select count(*) from ${products} where ${where ?? sql`true`})::int`,
      asset: imageAssetColumns,
    })
    .from(products)
    .innerJoin(pageIds, eq(products.id, pageIds.id))
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(brands, eq(products.brandId, brands.id))
    .leftJoin(imageAssets, eq(imageAssets.url, products.imageUrl))
    .orderBy(...orderFor(sort));
}
