// The search index's writes: each product's search row and the catalogue's words. Work helpers
// that every command writing a product, or the name of its brand or category, calls inside its
// work, so the index commits with the product; and the backfill the server runs at start for
// products without a row (the demo seed, rows written before the index existed, rows a script
// inserted). The rows are derived data: they have no audit events of their own.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { brands, categories, productSearch, products } from "~/server/db/schema";
import { searchLogEntity } from "./entity";
import { type SearchDocument, searchDocument } from "./index-text";

/** Products a step reads and writes at once (three statements a batch, whatever its size). */
const BATCH = 1000;
/** Rows backfilled at once past which the search table's statistics are taken again. */
const ANALYZE_AFTER = 5000;

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

/**
 * What a search row copies from its product, column by column (its filters, its sort keys and the
 * contains match's lower-cased text), as read from the product `p`; a trigger keeps them current.
 */
const COPIED: readonly (readonly [column: string, fromProduct: string])[] = [
  ["is_published", "p.is_published"],
  ["category_id", "p.category_id"],
  ["brand_id", "p.brand_id"],
  ["stock_status", "p.stock_status"],
  ["discount_percentage", "p.discount_percentage"],
  ["name", "p.name"],
  ["sort_name", "lower(p.name)"],
  ["haystack", "product_search_haystack(p)"],
];
const copiedColumns = sql.raw(COPIED.map(([column]) => column).join(", "));
const copiedFromProduct = sql.raw(COPIED.map(([, fromProduct]) => fromProduct).join(", "));
const copiedUpdate = sql.raw(COPIED.map(([column]) => `${column} = excluded.${column}`).join(", "));

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
  // The product's filters and sort keys come along from its row (a trigger keeps them current).
  await db.execute(sql`
    insert into product_search (product_id, terms, ${copiedColumns})
    select r.id, r.terms::tsvector, ${copiedFromProduct}
      from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as r(id uuid, terms text)
      join products p on p.id = r.id
    on conflict (product_id) do update set terms = excluded.terms, ${copiedUpdate}`);
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
 * Writes the search terms of every product whose row has none yet, a batch at a time; the number
 * written. A product gets its row, with empty terms, from a trigger as it is inserted; a product
 * found without a row (written while the trigger was not there) is given one first. Run when the
 * server starts (each batch commits on its own: the rows are derived data, and a start
 * interrupted halfway resumes where it stopped). After many rows the table's statistics are taken
 * again, so searches are not planned for the table it was before.
 */
export async function backfillProductSearch(): Promise<number> {
  const db = getDb();
  await db.execute(sql`
    insert into product_search (product_id, terms, ${copiedColumns})
    select p.id, ''::tsvector, ${copiedFromProduct}
      from products p
     where not exists (select 1 from product_search ps where ps.product_id = p.id)
    on conflict (product_id) do nothing`);
  let written = 0;
  // In id order from where the last batch ended (the partial index product_search_unwritten_idx
  // holds the rows without terms): a product whose text holds no token keeps empty terms, and is
  // passed, not read again.
  let after: string | null = null;
  for (;;) {
    const unwritten = db
      .select({ id: productSearch.productId })
      .from(productSearch)
      .where(
        and(
          sql`length(${productSearch.terms}) = 0`,
          after === null ? undefined : gt(productSearch.productId, after),
        ),
      )
      .orderBy(asc(productSearch.productId))
      .limit(BATCH);
    const rows: SearchSource[] = await sources()
      .where(inArray(products.id, unwritten))
      .orderBy(asc(products.id));
    if (rows.length === 0) break;
    await writeRows(rows);
    written += rows.length;
    after = rows[rows.length - 1]?.id ?? null;
  }
  if (written >= ANALYZE_AFTER) await db.execute(sql`analyze product_search`);
  return written;
}

// ---------------------------------------------------------------- the search log

/** New rows a day may get; past it, only the queries already logged that day are counted. */
export const SEARCH_LOG_ROWS_PER_DAY = 2000;

/** One logged query's counts since the last write. */
export type SearchTally = {
  query: string;
  searches: number;
  /** Searches that found nothing. */
  empty: number;
  /** Searches served from the page cache, whose count is the one last logged for the query. */
  unknown: number;
  /** Products the last search with a known count found (null: none known in this tally). */
  results: number | null;
  opens: number;
  lastAt: string;
};

export type SearchTallies = { day: string; tallies: readonly SearchTally[] };

/**
 * Adds counted searches and opened results to the log: one row per query and day. A search served
 * from the page cache found what the query's last logged count says (a content change empties the
 * cache, so the catalogue has not changed since). A result opened from a query with no search in
 * this write counts on the query's latest row; one that was never logged is not counted.
 */
export const recordSearches = defineCommand({
  name: "search-log.record",
  entity: searchLogEntity,
  access: "anyone",
  target: (input: SearchTallies) => {
    const searches = input.tallies.reduce((sum, t) => sum + t.searches, 0);
    const opens = input.tallies.reduce((sum, t) => sum + t.opens, 0);
    return {
      action: "create",
      id: null,
      keepValues: false,
      summary: `Logged ${searches} catalogue search${searches === 1 ? "" : "es"} and ${opens} opened result${opens === 1 ? "" : "s"}`,
    };
  },
  run: async ({ day, tallies }) => {
    const db = getDb();
    const searched = tallies.filter((t) => t.searches > 0);
    const openedOnly = tallies.filter((t) => t.searches === 0 && t.opens > 0);
    if (searched.length > 0)
      await db.execute(sql`
        insert into search_log (query, day, searches, empty_searches, results, opens, last_searched_at)
        select k.query, ${day}::date, k.searches,
               k.empty + case when k.results = 0 then k.unknown else 0 end,
               k.results, k.opens, k.last_at
          from (
            select i.query, i.searches, i.empty, i.unknown, i.opens, i.last_at,
                   coalesce(i.results, (select s.results from search_log s
                                         where s.query = i.query and s.results is not null
                                         order by s.day desc limit 1)) as results
              from jsonb_to_recordset(${JSON.stringify(searched.map(toRecord))}::jsonb)
                as i(query text, searches int, empty int, unknown int, results int, opens int, last_at timestamptz)
          ) as k
         where exists (select 1 from search_log s where s.query = k.query and s.day = ${day}::date)
            or (select count(*) from search_log s where s.day = ${day}::date) < ${SEARCH_LOG_ROWS_PER_DAY}
        on conflict (query, day) do update set
          searches = search_log.searches + excluded.searches,
          empty_searches = search_log.empty_searches + excluded.empty_searches,
          results = coalesce(excluded.results, search_log.results),
          opens = search_log.opens + excluded.opens,
          last_searched_at = greatest(search_log.last_searched_at, excluded.last_searched_at)`);
    if (openedOnly.length > 0)
      await db.execute(sql`
        update search_log s set opens = s.opens + i.opens
          from jsonb_to_recordset(${JSON.stringify(openedOnly.map(toRecord))}::jsonb) as i(query text, opens int)
         where s.query = i.query
           and s.day = (select max(t.day) from search_log t where t.query = i.query)`);
    return { queries: tallies.length };
  },
});

function toRecord(t: SearchTally) {
  return {
    query: t.query,
    searches: t.searches,
    empty: t.empty,
    unknown: t.unknown,
    results: t.results,
    opens: t.opens,
    last_at: t.lastAt,
  };
}
