// Products in the back office (Catalog Management): the paged, searched list with prices, the
// pick-lists, and create / update / delete. Prices leave the server only through this module.
import { and, asc, count, desc, eq } from "drizzle-orm";
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
import { ilikeAny } from "~/server/db/like";
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

/**
 * Newest first, 10 a page, exact total; q is a case-insensitive contains on three fields;
 * building "missing" keeps the published products without complete building information.
 */
export async function listAdminProducts({
  page,
  q,
  building = "",
}: {
  page: number;
  q: string;
  building?: BuildingFilter;
}): Promise<Paged<AdminProduct>> {
  const search = ilikeAny([products.name, products.description, products.shortDescription], q);
  const where = building === "missing" ? and(search, await missingBuildingInfoCondition()) : search;
  const db = getDb();
  const paged = await readPage(
    page,
    () => db.select({ n: count() }).from(products).where(where),
    (offset) =>
      db
        .select(adminColumns)
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .leftJoin(brands, eq(products.brandId, brands.id))
        .where(where)
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
  const sheets = await completenessOfSheets(
    paged.rows.flatMap((row) => (row.buildingInfoId ? [row.buildingInfoId] : [])),
  );
  return {
    ...paged,
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
