// The search index's writes: each product's search row and the catalogue's words. Work helpers
// that every command writing a product, or the name of its brand or category, calls inside its
// work, so the index commits with the product; and the backfill the server runs at start for
// products without a row (the demo seed, rows written before the index existed, rows a script
// inserted). The rows are derived data: they have no audit events of their own.
import { eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { brands, categories, productSearch, products } from "~/server/db/schema";
import { type SearchDocument, searchDocument } from "./index-text";

/** Products a step reads and writes at once (three statements a batch, whatever its size). */
const BATCH = 1000;

type SearchSource = SearchDocument & { id: string };

const sourceColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  shortDescription: products.shortDescription,
  description: products.description,
  categoryName: categories.name,
  brandName: brands.name,
};

function sources() {
  return getDb()
    .select(sourceColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId));
}

/** Ids as one JSON parameter: one statement for a thousand products, not a parameter each. */
function idList(ids: readonly string[]) {
  return sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
}

/** Writes the search rows of these products, and any new words, in two statements. */
async function writeRows(rows: readonly SearchSource[]) {
  if (rows.length === 0) return;
  const words = new Set<string>();
  const entries = rows.map((row) => {
    const document = searchDocument(row);
    for (const word of document.words) words.add(word);
    return { id: row.id, terms: document.terms };
  });
  const db = getDb();
  await db.execute(sql`
    insert into product_search (product_id, terms)
    select r.id, r.terms::tsvector from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as r(id uuid, terms text)
    on conflict (product_id) do update set terms = excluded.terms`);
  if (words.size > 0)
    await db.execute(sql`
      insert into search_words (word)
      select value from jsonb_array_elements_text(${JSON.stringify([...words].sort())}::jsonb)
      on conflict (word) do nothing`);
}

/**
 * Rewrites the search rows of these products from what is stored now (their row, category and
 * brand): a work helper for every command that writes products. A deleted product's row goes with
 * it (the foreign key cascades). Words no product uses any more stay in the vocabulary: a typo
 * corrected to one finds nothing, which is what the word finds.
 */
export async function refreshProductSearch(productIds: readonly string[]) {
  const ids = [...new Set(productIds)];
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    await writeRows(await sources().where(sql`${products.id} in ${idList(batch)}`));
  }
}

/** The ids of the products of a brand or category, before its rename or deletion rewrites them. */
export async function productIdsOf(of: { brandId: string } | { categoryId: string }) {
  const rows = await getDb()
    .select({ id: products.id })
    .from(products)
    .where("brandId" in of ? eq(products.brandId, of.brandId) : eq(products.categoryId, of.categoryId));
  return rows.map((row) => row.id);
}

/** Rewrites the search rows of a brand's or a category's products (after a rename). */
export async function refreshProductSearchOf(of: { brandId: string } | { categoryId: string }) {
  await refreshProductSearch(await productIdsOf(of));
}

/**
 * Writes the search rows of every product that has none, a batch at a time; the number written.
 * Run when the server starts (each batch commits on its own: the rows are derived data, and a
 * start interrupted halfway resumes where it stopped).
 */
export async function backfillProductSearch(): Promise<number> {
  let written = 0;
  for (;;) {
    const rows = await sources()
      .leftJoin(productSearch, eq(productSearch.productId, products.id))
      .where(isNull(productSearch.productId))
      .limit(BATCH);
    if (rows.length === 0) return written;
    await writeRows(rows);
    written += rows.length;
  }
}
