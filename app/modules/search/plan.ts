/**
 * What a search asks of the index: the query's tokens, each with the forms that may stand for it
 * and how good a match each form is, written as PostgreSQL tsquery text over the tokens
 * `index-text.ts` stores. Pure (no database): the typo candidates are looked up first and given in.
 *
 * - Every token of the query must be found (in any field, in any order), in one of its forms:
 *   itself; for the last token, when it is a word or a code, any token it begins; for a word of 5
 *   letters or more, a catalogue word one edit away (two from 9 letters); for a bare number, the
 *   same length with its unit and the dimensions it begins (amountForms); and its synonyms. A run of tokens that is a
 *   synonym's term (`coach screw`) may be found as any of the other terms instead (a phrase).
 * - Numbers, dimensions, measures, grades and codes never get typo forms.
 * - A few joining words (`and`, `for`, `with`) are not required, so "screws for decking" finds
 *   decking screws.
 */
import { normaliseForSearch, type SearchToken } from "./normalise";
import { type SynonymLookup, synonymsOf } from "./synonyms";

/** How good a match each form is, times the field's weight, makes a token's score. */
export const MATCH_QUALITY = { exact: 1, synonym: 0.8, prefix: 0.6, typo1: 0.4, typo2: 0.25 } as const;
export type MatchQuality = keyof typeof MATCH_QUALITY;

/** The fields' weights, by the tsvector weight letter index-text.ts gives each field. */
export const FIELD_WEIGHT = { A: 8, B: 6, C: 3, D: 1 } as const;
export type FieldLetter = keyof typeof FIELD_WEIGHT;
export const FIELD_LETTERS = Object.keys(FIELD_WEIGHT) as FieldLetter[];

/** One form a token may be found as: one lexeme, or several in a row (a phrase). */
export type Form = { lexemes: readonly string[]; prefix?: boolean; quality: MatchQuality };

/** A token of the query and its forms. */
export type TokenSlot = { token: SearchToken; forms: Form[] };

/** One or more tokens that must all be found, or (a synonym's term) one of `synonyms` instead. */
export type Slot = { tokens: TokenSlot[]; synonyms: Form[] };

export type SearchPlan = {
  /** The query's text, trimmed, lower case: an exact stock code goes first. */
  code: string;
  slots: Slot[];
};

/** Misspelt words' candidates: the catalogue word and its edit distance from the typed word. */
export type TypoCandidates = ReadonlyMap<string, readonly { word: string; distance: number }[]>;

const JOINING_WORDS = new Set(["a", "an", "and", "the", "for", "with", "of", "or", "to", "in", "on"]);
/** A query has at most this many tokens looked for; the rest are left to the contains match. */
const MAX_TOKENS = 8;
/** The longest synonym term, in tokens. */
const MAX_RUN = 4;

/** The edits a typed word may be away from a catalogue word: none under 5 letters. */
export function typoBudget(token: SearchToken): number {
  if (token.kind !== "word") return 0;
  const letters = [...token.text].length;
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0;
}

/** The query's tokens that are looked for (joining words dropped, unless that leaves none). */
export function queryTokens(query: string): SearchToken[] {
  const all = normaliseForSearch(query);
  const kept = all.filter((token) => !(token.kind === "word" && JOINING_WORDS.has(token.text)));
  return (kept.length > 0 ? kept : all).slice(0, MAX_TOKENS);
}

/** The words whose misspelt forms are looked up in the catalogue's vocabulary. */
export function typoWords(tokens: readonly SearchToken[]): { word: string; budget: number }[] {
  return tokens.flatMap((token) => {
    const budget = typoBudget(token);
    return budget > 0 ? [{ word: token.text, budget }] : [];
  });
}

/**
 * A bare number may be a length the catalogue writes with its unit: millimetres (`ply 17` finds
 * `17mm`), or metres when it is a decimal or under 10 (`3.6` finds `3.6m`, stored as `3600mm`).
 * A number or a length in millimetres may also be the first side of a dimension (`gib 2400` finds
 * `2400x1200`, `dpc 100mm` finds `100mm x 20m`).
 */
function amountForms(token: SearchToken): Form[] {
  const forms: Form[] = [];
  if (token.kind === "number" && /^\d+(\.\d+)?$/.test(token.text)) {
    const amount = Number(token.text);
    forms.push({ lexemes: [`${token.text}mm`], quality: "synonym" });
    if (token.text.includes(".") || amount < 10)
      forms.push({ lexemes: [`${Math.round(amount * 1000)}mm`], quality: "synonym" });
    if (!token.text.includes("."))
      forms.push({ lexemes: [`${token.text}x`], prefix: true, quality: "prefix" });
  }
  const millimetres = token.kind === "measure" ? /^(\d+)mm$/.exec(token.text) : null;
  if (millimetres) forms.push({ lexemes: [`${millimetres[1]}x`], prefix: true, quality: "prefix" });
  return forms;
}

function tokenSlot(
  token: SearchToken,
  last: boolean,
  typos: TypoCandidates,
  synonyms: SynonymLookup,
): TokenSlot {
  const forms: Form[] = [{ lexemes: [token.text], quality: "exact" }];
  if (last && (token.kind === "word" || token.kind === "code"))
    forms.push({ lexemes: [token.text], prefix: true, quality: "prefix" });
  forms.push(...amountForms(token));
  for (const lexemes of synonyms.get(token.text) ?? []) forms.push({ lexemes, quality: "synonym" });
  if (typoBudget(token) > 0)
    for (const candidate of typos.get(token.text) ?? [])
      if (candidate.word !== token.text && candidate.distance <= typoBudget(token))
        forms.push({ lexemes: [candidate.word], quality: candidate.distance === 1 ? "typo1" : "typo2" });
  return { token, forms };
}

/** The plan of a query; null when it has no token to look for (only punctuation). */
export function planSearch(
  query: string,
  typos: TypoCandidates = new Map(),
  synonyms: SynonymLookup = synonymsOf(),
): SearchPlan | null {
  const tokens = queryTokens(query);
  if (tokens.length === 0) return null;
  const slots: Slot[] = [];
  for (let i = 0; i < tokens.length; ) {
    let run = 1;
    let runSynonyms: readonly (readonly string[])[] = [];
    for (let length = Math.min(MAX_RUN, tokens.length - i); length > 1; length -= 1) {
      const key = tokens
        .slice(i, i + length)
        .map((token) => token.text)
        .join(" ");
      const found = synonyms.get(key);
      if (found) {
        run = length;
        runSynonyms = found;
        break;
      }
    }
    slots.push({
      tokens: tokens
        .slice(i, i + run)
        .map((token, k) => tokenSlot(token, i + k === tokens.length - 1, typos, synonyms)),
      synonyms: runSynonyms.map((lexemes) => ({ lexemes, quality: "synonym" as const })),
    });
    i += run;
  }
  return { code: query.trim().toLowerCase(), slots };
}

// ---------------------------------------------------------------- tsquery text

/** A lexeme as tsquery text: quoted, so it is taken as written. */
function quoted(lexeme: string): string {
  return `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

function formText(form: Form, field?: FieldLetter): string {
  const suffix = `${form.prefix ? "*" : ""}${field ?? ""}`;
  const parts = form.lexemes.map((lexeme) => `${quoted(lexeme)}${suffix ? `:${suffix}` : ""}`);
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(" <-> ")})`;
}

function anyOf(forms: readonly Form[], field?: FieldLetter): string {
  return `(${forms.map((form) => formText(form, field)).join(" | ")})`;
}

function slotText(slot: Slot): string {
  const all = slot.tokens.map((token) => anyOf(token.forms)).join(" & ");
  return slot.synonyms.length === 0 ? all : `((${all}) | ${anyOf(slot.synonyms)})`;
}

/** The tsquery every found product's terms match: each slot found. */
export function matchQueryText(plan: SearchPlan): string {
  return plan.slots.map(slotText).join(" & ");
}

/**
 * A tsquery every product holding any one of the query's tokens (or synonym runs) matches: what a
 * search that found nothing still points at.
 */
export function anyTokenQueryText(plan: SearchPlan): string {
  return plan.slots.map(slotText).join(" | ");
}

/** A score and the tsquery whose match earns it. */
export type ScoreStep = { score: number; query: string };

/**
 * How a set of forms scores, best first: field weight times match quality for each field and
 * quality present, the first step whose query matches giving the score.
 */
export function scoreSteps(forms: readonly Form[]): ScoreStep[] {
  const steps: ScoreStep[] = [];
  const qualities = [...new Set(forms.map((form) => form.quality))];
  for (const field of FIELD_LETTERS)
    for (const quality of qualities) {
      const ofQuality = forms.filter((form) => form.quality === quality);
      steps.push({ score: FIELD_WEIGHT[field] * MATCH_QUALITY[quality], query: anyOf(ofQuality, field) });
    }
  return steps.sort((a, b) => b.score - a.score);
}
