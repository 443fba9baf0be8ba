// Products are written by these commands (run through server/commands/runner.server.ts).
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { publishRefusalOfSheet, publishRefusalsOfSheets } from "~/modules/compliance/sheets.server";
import { refreshProductSearch } from "~/modules/search/commands.server";
import { defineCommand } from "~/server/commands/runner.server";
import { transactionLockStatement, transactionLocksStatement } from "~/server/db/advisory-locks.server";
import { getDb } from "~/server/db/db.server";
import { brands, categories, products } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { productEntity } from "./entity";
import type { ProductInput, productIntentSchema } from "./schema";

const CATEGORY_GONE = "The chosen category no longer exists. Please choose another.";
const BRAND_GONE = "The chosen brand no longer exists. Please choose another.";
const SHEET_GONE = "The chosen building information sheet no longer exists. Please choose another.";

// A product's category must be a product category and its brand must exist; checked here so a
// stale pick-list gives a message instead of a foreign-key error.
async function checkReferences(input: ProductInput) {
  const db = getDb();
  if (input.categoryId) {
    const [row] = await db
      .select({ type: categories.type })
      .from(categories)
      .where(eq(categories.id, input.categoryId));
    if (row?.type !== "products") throw new InputError(CATEGORY_GONE);
  }
  if (input.brandId) {
    const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId));
    if (!row) throw new InputError(BRAND_GONE);
  }
  await checkBuildingInfo(input);
}

// The publish gate: a designated building product (Class 1 or 2) is not offered for sale until
// its building product information is complete or links to the published information.
async function checkBuildingInfo(input: ProductInput) {
  if (!input.buildingInfoId) return;
  const sheet = await publishRefusalOfSheet(input.buildingInfoId);
  if (!sheet.exists) throw new InputError(SHEET_GONE, "buildingInfoId");
  if (input.isPublished && sheet.refusal) throw new InputError(sheet.refusal, "isPublished");
}

/** The lock a write of this stock code holds to its commit, whatever the code's case. */
function stockCodeLock(sku: string) {
  return `product-sku:${sku.toLowerCase()}`;
}

/** Why a stock code is refused: `holder` (a product's name) has it. */
export function stockCodeTakenMessage(holder: string) {
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
  if (holder) throw new InputError(stockCodeTakenMessage(holder.name), "sku");
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
    if (isStockCodeClash(error)) throw new InputError(stockCodeTakenMessage("another product"), "sku");
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

/**
 * The product dialog's rules for a product's values (`productId`: the product they are for, when
 * it exists): its category, brand and building information exist, the publish gate, and its
 * stock code is no other product's (claimed until the command commits). Throws InputError.
 */
async function checkProduct(input: ProductInput, productId?: string) {
  await checkReferences(input);
  await claimStockCode(input.sku, productId);
}

/**
 * checkProduct for many products at once (an import's batch), in a few queries: the first broken
 * rule of each, in the same words, or null when it passes. Their stock codes are claimed until the
 * command commits; two of them with one code are for the caller to have refused already.
 */
export async function checkProducts(
  entries: readonly { input: ProductInput; productId?: string }[],
): Promise<(string | null)[]> {
  const db = getDb();
  const ids = (pick: (input: ProductInput) => string | null) => [
    ...new Set(entries.flatMap(({ input }) => (pick(input) ? [pick(input) as string] : []))),
  ];
  const categoryIds = ids((input) => input.categoryId);
  const brandIds = ids((input) => input.brandId);
  const sheetIds = ids((input) => input.buildingInfoId);
  const codes = [...new Set(entries.flatMap(({ input }) => (input.sku ? [input.sku.toLowerCase()] : [])))];
  if (codes.length > 0) await db.execute(transactionLocksStatement(codes.map(stockCodeLock)));
  // One after another: a transaction is one connection, which runs one query at a time anyway.
  const productCategories =
    categoryIds.length === 0
      ? []
      : await db
          .select({ id: categories.id })
          .from(categories)
          .where(and(inArray(categories.id, categoryIds), eq(categories.type, "products")));
  const knownBrands =
    brandIds.length === 0
      ? []
      : await db.select({ id: brands.id }).from(brands).where(inArray(brands.id, brandIds));
  const sheets = await publishRefusalsOfSheets(sheetIds);
  const holders =
    codes.length === 0
      ? []
      : await db
          .select({ id: products.id, name: products.name, code: sql<string>`lower(${products.sku})` })
          .from(products)
          .where(inArray(sql`lower(${products.sku})`, codes));
  const categorySet = new Set(productCategories.map((row) => row.id));
  const brandSet = new Set(knownBrands.map((row) => row.id));
  const holderOf = new Map(holders.map((row) => [row.code, row]));
  return entries.map(({ input, productId }) => {
    if (input.categoryId && !categorySet.has(input.categoryId)) return CATEGORY_GONE;
    if (input.brandId && !brandSet.has(input.brandId)) return BRAND_GONE;
    if (input.buildingInfoId) {
      const sheet = sheets.get(input.buildingInfoId);
      if (!sheet) return SHEET_GONE;
      if (input.isPublished && sheet.refusal) return sheet.refusal;
    }
    const holder = input.sku ? holderOf.get(input.sku.toLowerCase()) : undefined;
    if (holder && holder.id !== productId) return stockCodeTakenMessage(holder.name);
    return null;
  });
}

/** Below this many pages a table is read whole in no time, whatever its statistics say. */
const STATISTICS_MIN_PAGES = 8;

/**
 * Brings the planner's statistics of products up to date when the table has more than doubled
 * since they were taken, as a bulk load into a young catalogue does. Plans made before (the slug
 * trigger's lookup of each new name among them) were made for a table of a few pages: a read of
 * the whole table per new product, which grows with every product added, until the statistics
 * change. PostgreSQL's autovacuum gets to them within a minute or more; PGlite has no autovacuum.
 */
async function keepProductStatistics() {
  const db = getDb();
  const result = await db.execute(sql`
    select relpages as "analyzedPages",
           pg_relation_size(oid) / current_setting('block_size')::int as "pages"
      from pg_class where oid = 'products'::regclass`);
  const [sizes] = (result as unknown as { rows: { analyzedPages: number; pages: number | string }[] }).rows;
  if (!sizes) return;
  if (Number(sizes.pages) > 2 * Math.max(Number(sizes.analyzedPages), STATISTICS_MIN_PAGES))
    await db.execute(sql`analyze products`);
}

/** The products' columns a batch write sets, each as the JSON of its rows names and types it. */
const BATCH_COLUMNS = sql.raw(`id uuid, name text, sku text, unit text, short_description text,
  description text, price numeric, original_price numeric, discount_percentage int,
  category_id uuid, brand_id uuid, building_info_id uuid, image_url text, stock_quantity int,
  stock_status text, is_featured boolean, is_published boolean`);

/** Rows as one JSON value for BATCH_COLUMNS: one parameter for the lot, not one per value. */
function batchJson(rows: readonly { id: string; input: ProductInput }[]) {
  return JSON.stringify(
    rows.map(({ id, input }) => {
      const row = toRow(input);
      return {
        id,
        name: row.name,
        sku: row.sku,
        unit: row.unit,
        short_description: row.shortDescription,
        description: row.description,
        price: row.price,
        original_price: row.originalPrice,
        discount_percentage: row.discountPercentage,
        category_id: row.categoryId,
        brand_id: row.brandId,
        building_info_id: row.buildingInfoId,
        image_url: row.imageUrl,
        stock_quantity: row.stockQuantity,
        stock_status: row.stockStatus,
        is_featured: row.isFeatured,
        is_published: row.isPublished,
      };
    }),
  );
}

/**
 * Writes new products checked by checkProducts, with the ids the caller chose, in one statement
 * whose rows are one JSON parameter (measured on 250 products: the statement with a parameter per
 * value took most of its time in building and sending them).
 */
export async function insertProducts(rows: readonly { id: string; input: ProductInput }[]) {
  if (rows.length === 0) return [];
  await keepProductStatistics();
  const result = await writingStockCode(() =>
    getDb().execute(sql`
      insert into products (id, name, sku, unit, short_description, description, price,
             original_price, discount_percentage, category_id, brand_id, building_info_id, image_url,
             stock_quantity, stock_status, is_featured, is_published)
      select r.id, r.name, r.sku, r.unit, r.short_description, r.description, r.price,
             r.original_price, r.discount_percentage, r.category_id, r.brand_id, r.building_info_id,
             r.image_url, r.stock_quantity, r.stock_status, r.is_featured, r.is_published
        from jsonb_to_recordset(${batchJson(rows)}::jsonb) as r(${BATCH_COLUMNS})
      returning id`),
  );
  const written = (result as unknown as { rows: { id: string }[] }).rows;
  await refreshProductSearch(written.map((row) => row.id));
  return written;
}

/** Writes many products' values checked by checkProducts, in one statement; the ids written. */
export async function updateProductRows(rows: readonly { id: string; input: ProductInput }[]) {
  if (rows.length === 0) return [];
  const result = await writingStockCode(() =>
    getDb().execute(sql`
      update products as p
         set name = v.name, sku = v.sku, unit = v.unit, short_description = v.short_description,
             description = v.description, price = v.price, original_price = v.original_price,
             discount_percentage = v.discount_percentage, category_id = v.category_id,
             brand_id = v.brand_id, building_info_id = v.building_info_id, image_url = v.image_url,
             stock_quantity = v.stock_quantity, stock_status = v.stock_status,
             is_featured = v.is_featured, is_published = v.is_published,
             updated_at = ${new Date().toISOString()}::timestamptz
        from jsonb_to_recordset(${batchJson(rows)}::jsonb) as v(${BATCH_COLUMNS})
       where p.id = v.id
      returning p.id`),
  );
  const written = (result as unknown as { rows: { id: string }[] }).rows;
  await refreshProductSearch(written.map((row) => row.id));
  return written;
}

/** Writes a new product checked by checkProduct. */
async function insertProduct(input: ProductInput) {
  const [created] = await writingStockCode(() =>
    getDb().insert(products).values(toRow(input)).returning({ id: products.id }),
  );
  if (!created) throw new Error("The product was not created");
  await refreshProductSearch([created.id]);
  return created;
}

/** Writes a product's values checked by checkProduct. */
async function updateProductRow(id: string, input: ProductInput) {
  const [updated] = await writingStockCode(() =>
    getDb().update(products).set(toRow(input)).where(eq(products.id, id)).returning({ id: products.id }),
  );
  if (!updated) throw new InputError(GONE);
  await refreshProductSearch([updated.id]);
  return updated;
}

async function createProduct(input: ProductInput) {
  await checkProduct(input);
  return insertProduct(input);
}

async function updateProduct(id: string, input: ProductInput) {
  await checkProduct(input, id);
  return updateProductRow(id, input);
}

/** Deletes a product; InputError when it is gone already. */
export async function deleteProduct(id: string) {
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
