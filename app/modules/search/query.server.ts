// A catalogue search as SQL: which products it finds and how well each matches. The public
// catalogue, Catalog Management and the quote builder's product search all use it, each adding
// its own filters (published or not) and the case-insensitive contains match on name,
// descriptions and stock code, which stays a guarantee: whatever it finds is always found.
import { type SQL, sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { products } from "~/server/db/schema";
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
/** Added to the score of the product whose stock code is the query, so it comes first. */
const EXACT_CODE_SCORE = 1000;

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
    (step) => sql`when ${terms} @@ ${step.query}::tsquery then ${sql.raw(String(step.score))}`,
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

/**
 * The search of `query`, or undefined for a blank one. `contains` is the caller's spec match
 * (case-insensitive contains on name, descriptions and stock code): anything it finds is found.
 */
export async function productSearch(query: string, contains: SQL): Promise<ProductSearch | undefined> {
  const text = query.trim();
  if (!text) return undefined;
  const [typos, synonyms] = await Promise.all([typoCandidates(text), searchSynonyms()]);
  const plan = planSearch(text, typos, synonyms);
  const exactCode = sql`(case when lower(${products.sku}) = ${text.toLowerCase()} then ${sql.raw(String(EXACT_CODE_SCORE))} else 0 end)`;
  if (!plan) return { condition: contains, score: exactCode };
  const match = matchQueryText(plan);
  const terms = sql.raw("ps.terms");
  return {
    condition: sql`(${products.id} in (select ps.product_id from product_search ps where ps.terms @@ ${match}::tsquery) or ${contains})`,
    score: sql`(${exactCode} + coalesce((select ${scoreOf(plan, terms)} from product_search ps where ps.product_id = ${products.id}), 0))`,
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
