// Products are written by these commands (run through server/commands/runner.server.ts).
import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { publishRefusalOfSheet } from "~/modules/compliance/sheets.server";
import { defineCommand } from "~/server/commands/runner.server";
import { transactionLockStatement } from "~/server/db/advisory-locks.server";
import { getDb } from "~/server/db/db.server";
import { brands, categories, products } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { productEntity } from "./entity";
import type { ProductInput, productIntentSchema } from "./schema";

// A product's category must be a product category and its brand must exist; checked here so a
// stale pick-list gives a message instead of a foreign-key error.
async function checkReferences(input: ProductInput) {
  const db = getDb();
  if (input.categoryId) {
    const [row] = await db
      .select({ type: categories.type })
      .from(categories)
      .where(eq(categories.id, input.categoryId));
    if (row?.type !== "products")
      throw new InputError("The chosen category no longer exists. Please choose another.");
  }
  if (input.brandId) {
    const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId));
    if (!row) throw new InputError("The chosen brand no longer exists. Please choose another.");
  }
  await checkBuildingInfo(input);
}

// The publish gate: a designated building product (Class 1 or 2) is not offered for sale until
// its building product information is complete or links to the published information.
async function checkBuildingInfo(input: ProductInput) {
  if (!input.buildingInfoId) return;
  const sheet = await publishRefusalOfSheet(input.buildingInfoId);
  if (!sheet.exists)
    throw new InputError(
      "The chosen building information sheet no longer exists. Please choose another.",
      "buildingInfoId",
    );
  if (input.isPublished && sheet.refusal) throw new InputError(sheet.refusal, "isPublished");
}

/** The lock a write of this stock code holds to its commit, whatever the code's case. */
function stockCodeLock(sku: string) {
  return `product-sku:${sku.toLowerCase()}`;
}

function takenMessage(holder: string) {
  return `This stock code is already used by ${holder}.`;
}

/**
 * Refuses a stock code another product has, in any case. The code's lock is held until the
 * command commits, so two saves of one new code queue here and the second sees the first's
 * product: the check and the unique index agree without a race. Other commands that write a
 * product's code (an import) call this inside their work too.
 */
export async function claimStockCode(sku: string | null, productId?: string) {
  if (!sku) return;
  const db = getDb();
  await db.execute(transactionLockStatement(stockCodeLock(sku)));
  const [holder] = await db
    .select({ name: products.name })
    .from(products)
    .where(
      and(sql`lower(${products.sku}) = lower(${sku})`, productId ? ne(products.id, productId) : undefined),
    )
    .limit(1);
  if (holder) throw new InputError(takenMessage(holder.name), "sku");
}

/** Postgres unique_violation (23505) of the stock-code index, wrapped by Drizzle or not. */
function isStockCodeClash(error: unknown) {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "products_sku_unique") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A write of a product's row. A writer that took no lock (a script, a direct insert) may still
 * store the same code in the moment between the check and the write: the index then refuses,
 * and the person is told so (400), not given a failure of ours.
 */
async function writingStockCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isStockCodeClash(error)) throw new InputError(takenMessage("another product"), "sku");
    throw error;
  }
}

function toRow(input: ProductInput) {
  return {
    name: input.name,
    sku: input.sku,
    unit: input.unit,
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

const GONE = "This product no longer exists.";

async function createProduct(input: ProductInput) {
  await checkReferences(input);
  await claimStockCode(input.sku);
  const [created] = await writingStockCode(() =>
    getDb().insert(products).values(toRow(input)).returning({ id: products.id }),
  );
  if (!created) throw new Error("The product was not created");
  return created;
}

async function updateProduct(id: string, input: ProductInput) {
  await checkReferences(input);
  await claimStockCode(input.sku, id);
  const [updated] = await writingStockCode(() =>
    getDb().update(products).set(toRow(input)).where(eq(products.id, id)).returning({ id: products.id }),
  );
  if (!updated) throw new InputError(GONE);
  return updated;
}

async function deleteProduct(id: string) {
  const [deleted] = await getDb().delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (!deleted) throw new InputError(GONE);
  return deleted;
}

/** Creates, updates or deletes a product, as Catalog Management's intent says; staff may. */
export const saveProduct = defineCommand({
  name: "product.save",
  entity: productEntity,
  access: "staff",
  target: (input: z.output<typeof productIntentSchema>) => ({
    action: input.intent,
    id: "id" in input ? input.id : null,
  }),
  run: async (input) => {
    if (input.intent === "create") return createProduct(input);
    if (input.intent === "update") return updateProduct(input.id, input);
    return deleteProduct(input.id);
  },
});
