// Products in the back office (Catalog Management): the paged, searched list with prices, the
// pick-lists, and create / update / delete. Prices leave the server only through this module.
import { and, asc, count, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import type { StockStatus } from "~/lib/vocabulary";
import type { Completeness } from "~/modules/compliance/completeness";
import {
  completenessOfSheets,
  missingBuildingInfoCondition,
  publishRefusalOfSheet,
} from "~/modules/compliance/sheets.server";
import type { DbOrTx } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { containsPattern, ilikeAny } from "~/server/db/like";
import { brands, categories, products } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import type { ProductInput } from "./schema";

export type AdminProduct = {
  id: string;
  name: string;
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

/** The catalogue's filter on building information: "missing" for the products the dashboard counts. */
export type BuildingFilter = "missing" | "";

const ADMIN_SEARCH_FIELDS = [products.name, products.description, products.shortDescription];

/**
 * A case-insensitive "contains" on name, description or short description. The first test can use
 * the trigram index on the three fields joined (products_search_trgm_idx), so a search reads the
 * rows that may match instead of every row; the second keeps a match from spanning two fields.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const joined = sql`(coalesce(${products.name}, '') || ' ' || coalesce(${products.description}, '') || ' ' || coalesce(${products.shortDescription}, ''))`;
  return and(ilike(joined, containsPattern(text)), ilikeAny(ADMIN_SEARCH_FIELDS, text));
}

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
 * Newest first, 10 a page; q is a case-insensitive contains on three fields; building "missing"
 * keeps the published products without complete building information; the total as totalOf.
 * The page's ten ids are read first (from the list index alone when there is no search), then
 * those ten rows with their names, so a deep page skips index entries rather than whole rows.
 */
export async function listAdminProducts({
  page,
  q,
  building = "",
}: {
  page: number;
  q: string;
  building?: BuildingFilter;
}): Promise<AdminProductPage> {
  const search = searchCondition(q);
  const where = building === "missing" ? and(search, await missingBuildingInfoCondition()) : search;
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

// A product's category must be a product category and its brand must exist; checked here so a
// stale pick-list gives a message instead of a foreign-key error.
async function checkReferences(tx: DbOrTx, input: ProductInput) {
  if (input.categoryId) {
    const [row] = await tx
      .select({ type: categories.type })
      .from(categories)
      .where(eq(categories.id, input.categoryId));
    if (row?.type !== "products")
      throw new InputError("The chosen category no longer exists. Please choose another.");
  }
  if (input.brandId) {
    const [row] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId));
    if (!row) throw new InputError("The chosen brand no longer exists. Please choose another.");
  }
  await checkBuildingInfo(tx, input);
}

// The publish gate: a designated building product (Class 1 or 2) is not offered for sale until
// its building product information is complete or links to the published information.
async function checkBuildingInfo(tx: DbOrTx, input: ProductInput) {
  if (!input.buildingInfoId) return;
  const sheet = await publishRefusalOfSheet(input.buildingInfoId, tx);
  if (!sheet.exists)
    throw new InputError(
      "The chosen building information sheet no longer exists. Please choose another.",
      "buildingInfoId",
    );
  if (input.isPublished && sheet.refusal) throw new InputError(sheet.refusal, "isPublished");
}

function toRow(input: ProductInput) {
  return {
    name: input.name,
    shortDescription: input.shortDescription,
    description: input.description,
    price: input.price,
    originalPrice: input.originalPrice,
    discountPercentage: input.discountPercentage,
    categoryId: input.categoryId,
    brandId: input.brandId,
    buildingInfoId: input.buildingInfoId,
    imageUrl: input.imageUrl,
    stockQuantity: input.stockQuantity,
    stockStatus: input.stockStatus,
    isFeatured: input.isFeatured,
    isPublished: input.isPublished,
  };
}

export async function createProduct(input: ProductInput) {
  return getDb().transaction(async (tx) => {
    await checkReferences(tx, input);
    const [created] = await tx.insert(products).values(toRow(input)).returning({ id: products.id });
    if (!created) throw new Error("The product was not created");
    return created;
  });
}

export async function updateProduct(id: string, input: ProductInput) {
  return getDb().transaction(async (tx) => {
    await checkReferences(tx, input);
    const [updated] = await tx
      .update(products)
      .set(toRow(input))
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (!updated) throw new InputError("This product no longer exists.");
    return updated;
  });
}

export async function deleteProduct(id: string) {
  const [deleted] = await getDb().delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (!deleted) throw new InputError("This product no longer exists.");
  return deleted;
}
