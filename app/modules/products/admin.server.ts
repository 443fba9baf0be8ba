// Products in the back office (Catalog Management): the paged, searched list with prices, the same
// list read whole for the catalogue export, and the pick-lists (the writes are commands.server.ts).
// Prices leave the server only through this module.
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import type { StockStatus } from "~/lib/vocabulary";
import type { Completeness } from "~/modules/compliance/completeness";
import { completenessOfSheets, missingBuildingInfoCondition } from "~/modules/compliance/sheets.server";
import { productSearch } from "~/modules/search/query.server";
import type { DbOrTx } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { brands, buildingInfoSheets, categories, products } from "~/server/db/schema";
import type { AdminProductFilter } from "./admin-filter";
import { productContains } from "./contains.server";

export type AdminProduct = {
  id: string;
  name: string;
  /** The stock code (SKU), unique ignoring case. */
  sku: string | null;
  /** The unit of sale ("sheet", "length"). */
  unit: string | null;
  shortDescription: string | null;
  description: string | null;
  price: number;
  originalPrice: number | null;
  discountPercentage: number;
  categoryId: string | null;
  categoryName: string | null;
  brandId: string | null;
  brandName: string | null;
  buildingInfoId: string | null;
  /** The product's standing on building product information, for its badge. */
  buildingInfo: Completeness["state"];
  imageUrl: string | null;
  stockQuantity: number;
  stockStatus: StockStatus;
  isFeatured: boolean;
  isPublished: boolean;
  createdAt: Date;
};

const adminColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  unit: products.unit,
  shortDescription: products.shortDescription,
  description: products.description,
  price: products.price,
  originalPrice: products.originalPrice,
  discountPercentage: products.discountPercentage,
  categoryId: products.categoryId,
  categoryName: categories.name,
  brandId: products.brandId,
  brandName: brands.name,
  buildingInfoId: products.buildingInfoId,
  imageUrl: products.imageUrl,
  stockQuantity: products.stockQuantity,
  stockStatus: products.stockStatus,
  isFeatured: products.isFeatured,
  isPublished: products.isPublished,
  createdAt: products.createdAt,
};

// Newest first, the id breaking ties: the order of products_admin_list_idx.
const NEWEST_FIRST = [desc(products.createdAt), desc(products.id)];

/** A search counts its matches up to this many: counting every match reads every matching row. */
export const SEARCH_COUNT_CAP = 1000;
/** A list without a search counts up to this many; past it the total is the planner's estimate. */
export const LIST_COUNT_CAP = 10_000;

/** How a page's total was reached: counted, counted up to SEARCH_COUNT_CAP, or estimated. */
export type TotalKind = "exact" | "capped" | "estimate";

/** A page of the back office's products, with how its total was reached. */
export type AdminProductPage = Paged<AdminProduct> & { totalKind: TotalKind };

/** The rows matching `where`, counted up to cap + 1 (an index or bitmap walk that stops early). */
async function countUpTo(where: SQL | undefined, cap: number) {
  const db = getDb();
  const matches = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(cap + 1)
    .as("matches");
  const [counted] = await db.select({ n: count() }).from(matches);
  return Number(counted?.n ?? 0);
}

/** The planner's estimate of the rows matching `where` (its statistics, kept by ANALYZE). */
async function estimatedCount(where: SQL | undefined) {
  const db = getDb();
  const result = await db.execute(
    sql`explain (format json) ${db.select({ one: sql`1` }).from(products).where(where)}`,
  );
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const cell = row ? Object.values(row)[0] : undefined;
  const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as { Plan?: { "Plan Rows"?: number } }[];
  return Math.round(plan?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/**
 * The total of a list: exact up to a cap, so no request counts 100,000 rows. A search stops at
 * SEARCH_COUNT_CAP (its pages then hold the newest that many matches); a list without one takes
 * the planner's estimate past LIST_COUNT_CAP, never less than what was counted.
 */
async function totalOf(where: SQL | undefined, searched: boolean): Promise<{ n: number; kind: TotalKind }> {
  const cap = searched ? SEARCH_COUNT_CAP : LIST_COUNT_CAP;
  const counted = await countUpTo(where, cap);
  if (counted <= cap) return { n: counted, kind: "exact" };
  if (searched) return { n: cap, kind: "capped" };
  return { n: Math.max(counted, await estimatedCount(where)), kind: "estimate" };
}

/**
 * The catalogue's search (modules/search), drafts included: the contains match widened by the
 * search index. The list keeps its order, newest first.
 */
async function adminSearchCondition(q: string): Promise<SQL | undefined> {
  const contains = productContains(q);
  if (!contains) return undefined;
  return (await productSearch(q, contains))?.condition ?? contains;
}

async function filterCondition({ q, building = "" }: AdminProductFilter) {
  const search = await adminSearchCondition(q);
  const where = building === "missing" ? and(search, await missingBuildingInfoCondition()) : search;
  return { search, where };
}

/**
 * Newest first, 10 a page; q is the catalogue's search (a contains on three fields or the code, widened); building "missing"
 * keeps the published products without complete building information; the total as totalOf.
 * The page's ten ids are read first (from the list index alone when there is no search), then
 * those ten rows with their names, so a deep page skips index entries rather than whole rows.
 */
export async function listAdminProducts({
  page,
  q,
  building = "",
}: AdminProductFilter & { page: number }): Promise<AdminProductPage> {
  const { search, where } = await filterCondition({ q, building });
  const db = getDb();
  let totalKind = "exact" as TotalKind;
  const paged = await readPage(
    page,
    async () => {
      const total = await totalOf(where, search !== undefined);
      totalKind = total.kind;
      return [{ n: total.n }];
    },
    (offset) => {
      const pageIds = db
        .select({ id: products.id })
        .from(products)
        .where(where)
        .orderBy(...NEWEST_FIRST)
        .limit(PAGE_SIZE)
        .offset(offset)
        .as("page_ids");
      return db
        .select(adminColumns)
        .from(products)
        .innerJoin(pageIds, eq(products.id, pageIds.id))
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .leftJoin(brands, eq(products.brandId, brands.id))
        .orderBy(...NEWEST_FIRST);
    },
  );
  const sheets = await completenessOfSheets(
    paged.rows.flatMap((row) => (row.buildingInfoId ? [row.buildingInfoId] : [])),
  );
  return {
    ...paged,
    totalKind,
    rows: paged.rows.map((row) => ({
      ...row,
      stockStatus: row.stockStatus as StockStatus,
      buildingInfo: row.buildingInfoId ? (sheets.get(row.buildingInfoId)?.state ?? "none") : "none",
    })),
  };
}

/** A product of the list as a spreadsheet shows it: its building information by the sheet's title. */
export type AdminProductRow = Omit<AdminProduct, "buildingInfo"> & { buildingInfoTitle: string | null };

type ExportCursor = { at: string; id: string };

// The list's columns without the joined names: an export looks those up in maps read once, as a
// join per batch would look each one up again (a nested loop under the LIMIT).
const { categoryName: _categoryName, brandName: _brandName, ...productColumns } = adminColumns;

async function namesById() {
  const db = getDb();
  const [categoryRows, brandRows, sheetRows] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories),
    db.select({ id: brands.id, name: brands.name }).from(brands),
    db.select({ id: buildingInfoSheets.id, name: buildingInfoSheets.title }).from(buildingInfoSheets),
  ]);
  const toMap = (rows: { id: string; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  return { categories: toMap(categoryRows), brands: toMap(brandRows), sheets: toMap(sheetRows) };
}

/**
 * Every product the list shows with this filter (all its pages, past the search's count cap),
 * newest first, `batchSize` at a time. Each batch starts after the last one's (created_at, id)
 * rather than at an offset, so the thousandth batch costs what the first did.
 */
export async function* readAdminProductsForExport(
  filter: AdminProductFilter,
  batchSize = 1000,
): AsyncGenerator<AdminProductRow[]> {
  const { where } = await filterCondition(filter);
  const names = await namesById();
  const nameOf = (map: Map<string, string>, id: string | null) => (id ? (map.get(id) ?? null) : null);
  let after: ExportCursor | undefined;
  do {
    const rows = await getDb()
      .select({ ...productColumns, at: sql<string>`${products.createdAt}::text` })
      .from(products)
      .where(
        and(
          where,
          after
            ? sql`(${products.createdAt}, ${products.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(...NEWEST_FIRST)
      .limit(batchSize);
    if (rows.length > 0) {
      yield rows.map(({ at: _at, ...row }) => ({
        ...row,
        stockStatus: row.stockStatus as StockStatus,
        categoryName: nameOf(names.categories, row.categoryId),
        brandName: nameOf(names.brands, row.brandId),
        buildingInfoTitle: nameOf(names.sheets, row.buildingInfoId),
      }));
    }
    const last = rows.at(-1);
    after = last && rows.length === batchSize ? { at: last.at, id: last.id } : undefined;
  } while (after);
}

/** Product categories (active, by name) and brands (active, by name) for the form's pick-lists. */
export async function getProductPickLists(db: DbOrTx = getDb()) {
  const [categoryRows, brandRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(and(eq(categories.type, "products"), eq(categories.isActive, true)))
      .orderBy(asc(categories.name)),
    db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(eq(brands.isActive, true))
      .orderBy(asc(brands.name)),
  ]);
  return { categories: categoryRows, brands: brandRows };
}

/**
 * The products a staff search finds first, drafts included, best match first (the catalogue's
 * search and its score): what the quote builder offers to add as a line.
 */
export async function findProductsToQuote(q: string, limit = 8) {
  const contains = productContains(q);
  if (!contains) return [];
  const search = await productSearch(q, contains);
  return getDb()
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      sku: products.sku,
      unit: products.unit,
      slug: products.slug,
      price: products.price,
      isPublished: products.isPublished,
      brandName: brands.name,
      categoryName: categories.name,
    })
    .from(products)
    .leftJoin(brands, eq(products.brandId, brands.id))
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(search?.condition ?? contains)
    .orderBy(desc(search?.score ?? sql`0`), asc(sql`lower(${products.name})`), asc(products.id))
    .limit(limit);
}
