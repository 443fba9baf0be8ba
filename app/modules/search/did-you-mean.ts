/**
 * "Did you mean …": the spelling a search probably meant, chosen from the catalogue's own words.
 * Pure (no database): the words' neighbours are looked up first and given in.
 *
 * - Only words of 4 letters or more are corrected; numbers, dimensions, measures, grades and codes
 *   never are, nor a joining word, nor a word the synonyms know (`gib`), nor a word the catalogue
 *   itself uses.
 * - A word may be corrected to a catalogue word within a wider reach than the search's own typo
 *   matching: one edit for 4–5 letters, two for 6–8, three from 9.
 * - The closest word wins: fewest edits, then most trigrams in common, then the shorter, then
 *   alphabetical (so the choice never depends on the order the database returns them in).
 * - The corrected query keeps what was typed around the word; the caller shows it only when it
 *   finds more products than the search did.
 */
import { normaliseForSearch, type SearchToken } from "./normalise";
import { queryTokens } from "./plan";
import { type SynonymLookup, synonymsOf } from "./synonyms";

/** A catalogue word near a typed one: its edit distance and trigram similarity (0 to 1). */
export type SpellingCandidate = { word: string; distance: number; similarity: number };

/** What the vocabulary says about each typed word: whether it is a catalogue word, and its neighbours. */
export type SpellingLookup = ReadonlyMap<
  string,
  { known: boolean; candidates: readonly SpellingCandidate[] }
>;

const MIN_LETTERS = 4;

/** The edits a suggestion may be away from the typed word. */
export function spellingReach(word: string): number {
  const letters = [...word].length;
  if (letters < MIN_LETTERS) return 0;
  return letters <= 5 ? 1 : letters <= 8 ? 2 : 3;
}

function correctable(token: SearchToken, synonyms: SynonymLookup) {
  return token.kind === "word" && spellingReach(token.text) > 0 && !synonyms.has(token.text);
}

/** The query's words a suggestion may correct, each with its reach (looked up in the vocabulary). */
export function spellingWords(
  query: string,
  synonyms: SynonymLookup = synonymsOf(),
): { word: string; reach: number }[] {
  const seen = new Set<string>();
  return queryTokens(query).flatMap((token) => {
    if (!correctable(token, synonyms) || seen.has(token.text)) return [];
    seen.add(token.text);
    return [{ word: token.text, reach: spellingReach(token.text) }];
  });
}

function closest(word: string, candidates: readonly SpellingCandidate[]): string | undefined {
  const reach = spellingReach(word);
  const best = candidates
    .filter((c) => c.word !== word && c.distance > 0 && c.distance <= reach)
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        b.similarity - a.similarity ||
        a.word.length - b.word.length ||
        (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
    )[0];
  return best?.word;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The typed word replaced where it stands, in whatever case it was typed. */
function replaceWord(text: string, word: string, by: string): string | null {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, "giu");
  return pattern.test(text) ? text.replace(pattern, by) : null;
}

/**
 * The query with each word the catalogue does not know replaced by its closest catalogue word, or
 * null when there is nothing to correct.
 */
export function correctedQuery(
  query: string,
  lookup: SpellingLookup,
  synonyms: SynonymLookup = synonymsOf(),
): string | null {
  const replacements = new Map<string, string>();
  for (const { word } of spellingWords(query, synonyms)) {
    const found = lookup.get(word);
    if (!found || found.known) continue;
    const better = closest(word, found.candidates);
    if (better) replacements.set(word, better);
  }
  if (replacements.size === 0) return null;
  let text: string | null = query.trim();
  for (const [word, by] of replacements) {
    text = text === null ? null : replaceWord(text, word, by);
    if (text === null) break;
  }
  // A word typed with accents or a macron is not in the text as folded: the query as its tokens.
  if (text === null)
    text = normaliseForSearch(query)
      .map((token) => replacements.get(token.text) ?? token.text)
      .join(" ");
  return text.toLowerCase() === query.trim().toLowerCase() ? null : text;
}
