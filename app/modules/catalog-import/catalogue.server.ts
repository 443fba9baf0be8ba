// What the dry run judges rows against, read from the catalogue: every product's stock code and
// name (to match rows), the product categories, brands and building information sheets by name,
// and the matched products' stored fields a batch at a time.
import { eq, inArray, sql } from "drizzle-orm";
import { plainLines } from "~/modules/catalog-sheet/columns";
import { publishRefusalsOfSheets } from "~/modules/compliance/sheets.server";
import { getDb } from "~/server/db/db.server";
import { brands, categories, products } from "~/server/db/schema";
import { type Catalogue, namesIndex, type ProductRef, type StoredProduct } from "./plan";

/** The catalogue as the dry run matches rows to it (read once per dry run). */
export async function readCatalogue(): Promise<Catalogue> {
  const db = getDb();
  const [productRows, categoryRows, brandRows, sheets] = await Promise.all([
    db.select({ id: products.id, name: products.name, sku: products.sku }).from(products),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.type, "products")),
    db.select({ id: brands.id, name: brands.name }).from(brands),
    publishRefusalsOfSheets(),
  ]);
  const bySku = new Map<string, ProductRef>();
  const named = new Map<string, ProductRef[]>();
  for (const product of productRows) {
    if (product.sku) bySku.set(product.sku.toLowerCase(), product);
    // By name as a sheet gives it back: line breaks as \n (a row's name is read so), trimmed.
    const key = plainLines(product.name).trim();
    const list = named.get(key);
    if (list) list.push(product);
    else named.set(key, [product]);
  }
  return {
    bySku,
    byName: named,
    categories: namesIndex(categoryRows),
    brands: namesIndex(brandRows),
    categoryById: new Map(categoryRows.map((row) => [row.id, row])),
    brandById: new Map(brandRows.map((row) => [row.id, row])),
    sheetsByTitle: namesIndex([...sheets].map(([id, sheet]) => ({ id, name: sheet.title }))),
    sheetById: sheets,
  };
}

/** The fields an import reads and writes, with updated_at exactly as stored (text). */
const storedProductColumns = {
  id: products.id,
  version: sql<string>`${products.updatedAt}::text`,
  name: products.name,
  sku: products.sku,
  unit: products.unit,
  shortDescription: products.shortDescription,
  description: products.description,
  price: products.price,
  originalPrice: products.originalPrice,
  discountPercentage: products.discountPercentage,
  categoryId: products.categoryId,
  brandId: products.brandId,
  buildingInfoId: products.buildingInfoId,
  imageUrl: products.imageUrl,
  stockQuantity: products.stockQuantity,
  stockStatus: products.stockStatus,
  isFeatured: products.isFeatured,
  isPublished: products.isPublished,
};

/** These products as stored, by id. */
export async function readStoredProducts(ids: readonly string[]): Promise<Map<string, StoredProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb()
    .select(storedProductColumns)
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
