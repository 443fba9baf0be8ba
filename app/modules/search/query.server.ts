// A catalogue search as SQL: which products it finds and how well each matches. The public
// catalogue, Catalog Management and the quote builder's product search all use it, each adding
// its own filters (published or not) and the case-insensitive contains match on name,
// descriptions and stock code, which stays a guarantee: whatever it finds is always found.
import { type SQL, sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { containsPattern } from "~/server/db/like";
import { CATALOG_STOCK_RANK, products } from "~/server/db/schema";
import { type SpellingCandidate, type SpellingLookup, spellingWords } from "./did-you-mean";
import {
  anyTokenQueryText,
  matchQueryText,
  planSearch,
  queryTokens,
  type ScoreStep,
  type SearchPlan,
  type Slot,
  scoreSteps,
  type TokenSlot,
  type TypoCandidates,
  typoWords,
} from "./plan";
import { searchSynonyms } from "./synonyms.server";

/** A typed word's spelling suggestions, at most this many (the closest by trigrams). */
const SPELLINGS_PER_WORD = 12;

/** A typed word's catalogue candidates, at most this many (the closest by trigrams). */
const CANDIDATES_PER_WORD = 8;
/**
 * Scores are whole numbers in the SQL (integer sums and comparisons are the cheapest): each step's
 * score times this.
 */
const SCORE_SCALE = 100;
/** What joins the fields of a search row's `haystack` (lower-cased name, descriptions, stock code). */
const HAYSTACK_SEPARATOR = "\u0001";
/** Added to the score of the product whose stock code is the query, so it comes first. */
const EXACT_CODE_SCORE = 1000 * SCORE_SCALE;

/**
 * The catalogue words within each typed word's edit budget: trigram neighbours (the vocabulary's
 * trigram index) confirmed by an exact edit distance. Only words are looked up, so numbers,
 * dimensions, measures, grades and codes never get typo forms.
 */
async function typoCandidates(query: string): Promise<TypoCandidates> {
  const wanted = typoWords(queryTokens(query));
  if (wanted.length === 0) return new Map();
  const result = await getDb().execute(sql`
    select q.word as typed, c.word, c.distance
      from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as q(word text, budget int)
      cross join lateral (
        select w.word, levenshtein_less_equal(w.word, q.word, q.budget) as distance
          from search_words w
         where w.word % q.word
           and length(w.word) between length(q.word) - q.budget and length(q.word) + q.budget
         order by w.word <-> q.word
         limit ${CANDIDATES_PER_WORD}
      ) as c
     where c.distance <= q.budget`);
  const found = new Map<string, { word: string; distance: number }[]>();
  for (const row of (result as unknown as { rows: { typed: string; word: string; distance: number }[] })
    .rows) {
    const list = found.get(row.typed) ?? [];
    list.push({ word: row.word, distance: Number(row.distance) });
    found.set(row.typed, list);
  }
  return found;
}

/** A search ready to be put into a product query. */
export type ProductSearch = {
  /** Products found: the index's match, or `contains` (the plain contains match, always kept). */
  condition: SQL;
  /** How well a found product matches, higher first; a contains-only match scores 0. */
  score: SQL;
};

function stepsCase(steps: readonly ScoreStep[], terms: SQL): SQL {
  const whens = steps.map(
    (step) =>
      sql`when ${terms} @@ ${step.query}::tsquery then ${sql.raw(String(Math.round(step.score * SCORE_SCALE)))}`,
  );
  return sql`(case ${sql.join(whens, sql` `)} else 0 end)`;
}

function tokenScore(slot: TokenSlot, terms: SQL) {
  return stepsCase(scoreSteps(slot.forms), terms);
}

/** A slot's score: its tokens' scores added, or a synonym of the whole run's, as many times. */
function slotScore(slot: Slot, terms: SQL): SQL {
  const own = sql.join(
    slot.tokens.map((token) => tokenScore(token, terms)),
    sql` + `,
  );
  if (slot.synonyms.length === 0) return own;
  const bySynonym = sql`${stepsCase(scoreSteps(slot.synonyms), terms)} * ${sql.raw(String(slot.tokens.length))}`;
  return sql`greatest(${own}, ${bySynonym})`;
}

function scoreOf(plan: SearchPlan, terms: SQL): SQL {
  return sql.join(
    plan.slots.map((slot) => slotScore(slot, terms)),
    sql` + `,
  );
}

async function planOf(text: string) {
  const [typos, synonyms] = await Promise.all([typoCandidates(text), searchSynonyms()]);
  return planSearch(text, typos, synonyms);
}

function exactCodeScore(text: string) {
  return sql`(case when lower(${products.sku}) = ${text.toLowerCase()} then ${sql.raw(String(EXACT_CODE_SCORE))} else 0 end)`;
}

/**
 * The search of `query`, or undefined for a blank one. `contains` is the caller's spec match
 * (case-insensitive contains on name, descriptions and stock code): anything it finds is found.
 * Both matches are asked once, each through its own index, and a product is then looked up among
 * their ids, so a list with its own filters (drafts included) is not read row by row.
 */
export async function productSearch(query: string, contains: SQL): Promise<ProductSearch | undefined> {
  const text = query.trim();
  if (!text) return undefined;
  const plan = await planOf(text);
  const exactCode = exactCodeScore(text);
  if (!plan) return { condition: contains, score: exactCode };
  const match = matchQueryText(plan);
  const terms = sql.raw("ps.terms");
  return {
    condition: sql`${products.id} in (select ps.product_id from product_search ps where ps.terms @@ ${match}::tsquery union all select ${products.id} from ${products} where ${contains})`,
    score: sql`(${exactCode} + coalesce((select ${scoreOf(plan, terms)} from product_search ps where ps.product_id = ${products.id}), 0))`,
  };
}

// ---------------------------------------------------------------- the published catalogue

/** The public catalogue's filters, besides being published. */
export type PublishedFilters = { brandId?: string; categoryId?: string; inStock?: boolean };

/** The public catalogue's orders: Best match (the score), then name, as in the listing. */
export type HitOrder = "relevance" | "name" | "discount" | "stock";

export type PublishedHits = {
  /** How many published products the search finds with the filters. */
  total: number;
  /** The page's products, in order. */
  ids: string[];
};

function filtersOn(
  columns: {
    brandId: SQL;
    categoryId: SQL;
    stockStatus: SQL;
  },
  filters: PublishedFilters,
): SQL {
  const parts: SQL[] = [];
  if (filters.brandId) parts.push(sql` and ${columns.brandId} = ${filters.brandId}`);
  if (filters.categoryId) parts.push(sql` and ${columns.categoryId} = ${filters.categoryId}`);
  if (filters.inStock) parts.push(sql` and ${columns.stockStatus} <> 'Out of Stock'`);
  return sql.join(parts, sql``);
}

function hitOrder(order: HitOrder): SQL {
  const byName = sql`h.sort_name, h.name, h.id`;
  if (order === "relevance") return sql`h.score desc, ${byName}`;
  if (order === "discount") return sql`h.discount_percentage desc, ${byName}`;
  if (order === "stock") return sql`(${CATALOG_STOCK_RANK}), ${byName}`;
  return byName;
}

/**
 * One page of a search of the published catalogue, and how many products it finds, in one
 * statement that reads the search rows alone: the index's match with its score, filters and sort
 * keys (copied into each search row), then the products only the contains match finds (its
 * trigram indexes answer it), so whatever it finds is still found. Only the page's ids come back;
 * the caller reads those rows. With `useIndex: false` (the index could not be asked) the contains
 * match answers alone.
 */
export async function publishedSearchHits(
  query: string,
  options: {
    contains: SQL;
    filters: PublishedFilters;
    order: HitOrder;
    limit: number;
    offset: number;
    useIndex?: boolean;
    /** False when only the page is wanted (suggestions): the number found is not counted. */
    withTotal?: boolean;
    /**
     * False to ask the index alone (the contains match left out): its first products are the
     * search's first products whenever it finds at least a page of them, since a product only
     * the contains match finds scores 0 and comes after them.
     */
    withContains?: boolean;
  },
): Promise<PublishedHits> {
  const text = query.trim();
  const plan = text && options.useIndex !== false ? await planOf(text) : null;
  const code = text.toLowerCase();
  const exactCode = sql.raw(String(EXACT_CODE_SCORE));
  const exactCodeOf = (id: SQL) =>
    sql`(case when ${id} = (select c.id from ${products} c where lower(c.sku) = ${code}) then ${exactCode} else 0 end)`;
  const match = plan ? sql`${matchQueryText(plan)}::tsquery` : null;
  const searchFilters = filtersOn(
    { brandId: sql`ps.brand_id`, categoryId: sql`ps.category_id`, stockStatus: sql`ps.stock_status` },
    options.filters,
  );
  // Only the best-match order reads the score: the others leave it out, and so never compute it.
  const scored = options.order === "relevance";
  const fromIndex = match
    ? sql`select ps.product_id as id,
                 ${scored ? sql`${scoreOf(plan as SearchPlan, sql.raw("ps.terms"))} + ${exactCodeOf(sql.raw("ps.product_id"))}` : sql`0`} as score,
                 ps.name, ps.sort_name, ps.discount_percentage, ps.stock_status
            from product_search ps
           where ps.terms @@ ${match} and ps.is_published${searchFilters}`
    : null;
  // The contains match, on the search rows' lower-cased text (every product has its row from the
  // moment it is written), limited to the products the index did not find. A product only it
  // finds scores 0, after the index's, unless its stock code is the query. Text holding the
  // separator of the joined fields is matched field by field on products instead.
  const byContains = text.includes(HAYSTACK_SEPARATOR)
    ? sql`select ${products.id}, ${exactCodeOf(sql`${products.id}`)}, ${products.name}, lower(${products.name}), ${products.discountPercentage}, ${products.stockStatus}
            from ${products}
           where ${options.contains} and ${products.isPublished}${filtersOn(
             {
               brandId: sql`${products.brandId}`,
               categoryId: sql`${products.categoryId}`,
               stockStatus: sql`${products.stockStatus}`,
             },
             options.filters,
           )}${match ? sql` and not exists (select 1 from product_search x where x.product_id = ${products.id} and x.terms @@ ${match})` : sql``}`
    : sql`select ps.product_id, ${exactCodeOf(sql.raw("ps.product_id"))}, ps.name, ps.sort_name, ps.discount_percentage, ps.stock_status
            from product_search ps
           where ps.haystack like lower(${containsPattern(text)}) and ps.is_published${searchFilters}${match ? sql` and not (ps.terms @@ ${match})` : sql``}`;
  const branches = [fromIndex, options.withContains === false && fromIndex ? null : byContains];
  const hits = sql.join(
    branches.filter((branch): branch is SQL => branch !== null),
    sql` union all `,
  );
  const columns = sql.raw("(id, score, name, sort_name, discount_percentage, stock_status)");
  const page = sql`order by ${hitOrder(options.order)} limit ${options.limit} offset ${options.offset}`;
  const result = await getDb().execute(
    options.withTotal === false
      ? sql`select h.id, null as total from (${hits}) as h ${columns} ${page}`
      : sql`
    with hits ${columns} as materialized (${hits})
    select c.total, p.id
      from (select count(*)::int as total from hits) as c
      left join lateral (select h.id from hits h ${page}) as p on true`,
  );
  const rows = (result as unknown as { rows: { total: number; id: string | null }[] }).rows;
  return {
    total: Number(rows[0]?.total ?? 0),
    ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])),
  };
}

/**
 * For each of the query's words a suggestion may correct: whether the catalogue uses it, and the
 * catalogue words within its reach (trigram neighbours confirmed by an exact edit distance).
 */
export async function spellingLookup(query: string): Promise<SpellingLookup> {
  const wanted = spellingWords(query);
  if (wanted.length === 0) return new Map();
  const result = await getDb().execute(sql`
    select q.word as typed,
           exists (select 1 from search_words k where k.word = q.word) as known,
           c.word, c.distance, c.similarity
      from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as q(word text, reach int)
      left join lateral (
        select w.word, levenshtein_less_equal(w.word, q.word, q.reach) as distance,
               similarity(w.word, q.word) as similarity
          from search_words w
         where w.word % q.word
           and length(w.word) between length(q.word) - q.reach and length(q.word) + q.reach
         order by w.word <-> q.word
         limit ${SPELLINGS_PER_WORD}
      ) as c on c.distance <= q.reach`);
  const rows = (
    result as unknown as {
      rows: { typed: string; known: boolean; word: string | null; distance: number; similarity: number }[];
    }
  ).rows;
  const lookup = new Map<string, { known: boolean; candidates: SpellingCandidate[] }>();
  for (const row of rows) {
    const entry = lookup.get(row.typed) ?? { known: Boolean(row.known), candidates: [] };
    if (row.word !== null)
      entry.candidates.push({
        word: row.word,
        distance: Number(row.distance),
        similarity: Number(row.similarity),
      });
    lookup.set(row.typed, entry);
  }
  return lookup;
}

/** The tsquery text of a search that finds products holding any one of the query's tokens. */
export async function anyTokenQuery(query: string): Promise<string | null> {
  const text = query.trim();
  if (!text) return null;
  const plan = planSearch(text, await typoCandidates(text));
  return plan ? anyTokenQueryText(plan) : null;
}
