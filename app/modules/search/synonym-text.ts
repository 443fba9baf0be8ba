/**
 * The synonyms as staff edit them (Settings → Search): one entry a line, in the format search
 * engines share (Solr, Elasticsearch), so a list kept elsewhere can be pasted in.
 *
 * - `ply, plywood`: two-way, every term finds what any other finds;
 * - `gib => plasterboard, gib board`: one-way, the terms left of `=>` also find what the terms
 *   right of it find, not the reverse (several terms on the left make one entry each);
 * - an empty line, or one starting with `#`, is skipped (a comment).
 *
 * A term is written as people write it; search normalises it like any other text, so it may hold
 * a dimension or a grade, but it must hold a letter or a digit. The list is read back the same
 * way: formatting the entries and parsing the text gives the entries again.
 */
import { z } from "zod";
import { searchTerms } from "./normalise";
import type { TradeSynonym } from "./trade-synonyms";

/** The site_settings key of the staff-edited list; without a row, the standard list is in force. */
export const SEARCH_SYNONYMS_KEY = "search_synonyms";

export const SYNONYM_LIMITS = { lines: 1000, textLength: 50_000, termLength: 60, termsPerLine: 20 } as const;

const ONE_WAY = "=>";

/** The entries as lines of text. */
export function formatSynonyms(entries: readonly TradeSynonym[]): string {
  return entries
    .map((entry) =>
      entry.kind === "two-way" ? entry.terms.join(", ") : `${entry.from} ${ONE_WAY} ${entry.to.join(", ")}`,
    )
    .join("\n");
}

export type SynonymProblem = { line: number; message: string };

function termsOf(side: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const raw of side.split(",")) {
    const term = raw.trim().replace(/\s+/g, " ");
    // The same term twice (in any case or spelling search folds together) is written once.
    const key = searchTerms(term).join(" ");
    if (term === "" || seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
  }
  return terms;
}

/** The problem with a term, in words; null when search can use it. */
function termProblem(term: string): string | null {
  if (term.length > SYNONYM_LIMITS.termLength)
    return `"${term.slice(0, 30)}…" is longer than ${SYNONYM_LIMITS.termLength} characters`;
  if (term.includes(ONE_WAY) || term.includes("=")) return `"${term}" holds an = sign; write one => a line`;
  if (searchTerms(term).length === 0) return `"${term}" has no letter or digit to search for`;
  return null;
}

/** One line: its entries, or what is wrong with it. */
function parseLine(text: string): TradeSynonym[] | string {
  const parts = text.split(ONE_WAY);
  if (parts.length > 2) return "write one => a line";
  const sides = parts.map(termsOf);
  for (const side of sides) {
    if (side.length > SYNONYM_LIMITS.termsPerLine) return `more than ${SYNONYM_LIMITS.termsPerLine} terms`;
    for (const term of side) {
      const problem = termProblem(term);
      if (problem) return problem;
    }
  }
  if (sides.length === 1) {
    const [first, second, ...more] = sides[0] ?? [];
    if (!first || !second) return "a two-way entry needs two different terms, separated by a comma";
    return [{ kind: "two-way", terms: [first, second, ...more] }];
  }
  const [from = [], to = []] = sides;
  if (from.length === 0 || to.length === 0) return "a one-way entry needs a term on each side of =>";
  const entries: TradeSynonym[] = [];
  for (const source of from) {
    const key = searchTerms(source).join(" ");
    const [first, ...more] = to.filter((target) => searchTerms(target).join(" ") !== key);
    if (first) entries.push({ kind: "one-way", from: source, to: [first, ...more] });
  }
  return entries.length > 0 ? entries : "a one-way entry needs a different term on each side of =>";
}

/** The text's entries, or every line's problem (numbered from 1, as an editor counts them). */
export function parseSynonymText(
  text: string,
): { ok: true; entries: TradeSynonym[] } | { ok: false; problems: SynonymProblem[] } {
  if (text.length > SYNONYM_LIMITS.textLength)
    return {
      ok: false,
      problems: [
        {
          line: 0,
          message: `The list is longer than ${SYNONYM_LIMITS.textLength.toLocaleString("en-NZ")} characters`,
        },
      ],
    };
  const lines = text.split(/\r\n|\r|\n/);
  const entries: TradeSynonym[] = [];
  const problems: SynonymProblem[] = [];
  let counted = 0;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    counted += 1;
    const parsed = parseLine(line);
    if (typeof parsed === "string") problems.push({ line: index + 1, message: parsed });
    else entries.push(...parsed);
  });
  if (counted > SYNONYM_LIMITS.lines)
    return {
      ok: false,
      problems: [{ line: 0, message: `The list has more than ${SYNONYM_LIMITS.lines} entries` }],
    };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, entries };
}

const storedSynonym = z.union([
  z.object({
    kind: z.literal("two-way"),
    terms: z.tuple([z.string(), z.string()], z.string()),
  }),
  z.object({ kind: z.literal("one-way"), from: z.string(), to: z.tuple([z.string()], z.string()) }),
]);

/** The stored list (a site_settings value); null when there is none, or it cannot be read. */
export function readStoredSynonyms(value: unknown): TradeSynonym[] | null {
  const parsed = z.object({ synonyms: z.array(storedSynonym) }).safeParse(value);
  return parsed.success ? parsed.data.synonyms : null;
}

/**
 * The Search tab's field: the text, judged line by line. At most the first ten problems are
 * named, each with its line number, so the message under the box stays readable.
 */
export const synonymsField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    // An emptied box (which forms send as no value) is a list of no synonyms.
    const parsed = parseSynonymText(text ?? "");
    if (parsed.ok) return parsed.entries;
    for (const problem of parsed.problems.slice(0, 10))
      ctx.addIssue({
        code: "custom",
        message: problem.line > 0 ? `Line ${problem.line}: ${problem.message}` : problem.message,
      });
    if (parsed.problems.length > 10)
      ctx.addIssue({ code: "custom", message: `…and ${parsed.problems.length - 10} more lines to fix` });
    return z.NEVER;
  });

export const searchSynonymsFormSchema = z.object({
  intent: z.literal("save-search-synonyms"),
  synonyms: synonymsField,
});
