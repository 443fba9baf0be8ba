import fc from "fast-check";
import { expect, test } from "vitest";
import { formatSynonyms, parseSynonymText, searchSynonymsFormSchema } from "./synonym-text";
import { tradeSynonyms } from "./trade-synonyms";

test("two-way and one-way lines, notes and blank lines", () => {
  const parsed = parseSynonymText(
    "# sheets\nply, plywood\n\ngib => plasterboard, gib board\n  tek,self-drilling screw  \r\nbatts, pink batts => insulation",
  );
  expect(parsed).toEqual({
    ok: true,
    entries: [
      { kind: "two-way", terms: ["ply", "plywood"] },
      { kind: "one-way", from: "gib", to: ["plasterboard", "gib board"] },
      { kind: "two-way", terms: ["tek", "self-drilling screw"] },
      { kind: "one-way", from: "batts", to: ["insulation"] },
      { kind: "one-way", from: "pink batts", to: ["insulation"] },
    ],
  });
});

test("a term written twice, in another case or spelling search folds together, is kept once", () => {
  expect(parseSynonymText("Galv, galv, GALV, galvanised")).toEqual({
    ok: true,
    entries: [{ kind: "two-way", terms: ["Galv", "galvanised"] }],
  });
});

test("each line's problem is named with its line number", () => {
  const parsed = parseSynonymText(
    "ply, plywood\nplywood\ngib =>\n=> plasterboard\na => b => c\n!!!, plywood\nply => PLY",
  );
  expect(parsed).toEqual({
    ok: false,
    problems: [
      { line: 2, message: "a two-way entry needs two different terms, separated by a comma" },
      { line: 3, message: "a one-way entry needs a term on each side of =>" },
      { line: 4, message: "a one-way entry needs a term on each side of =>" },
      { line: 5, message: "write one => a line" },
      { line: 6, message: '"!!!" has no letter or digit to search for' },
      { line: 7, message: "a one-way entry needs a different term on each side of =>" },
    ],
  });
});

test("limits: a long term, too many entries, too long a text", () => {
  const long = "x".repeat(61);
  expect(parseSynonymText(`${long}, y`)).toMatchObject({ ok: false, problems: [{ line: 1 }] });
  const many = Array.from({ length: 1001 }, (_, i) => `a${i}, b${i}`).join("\n");
  expect(parseSynonymText(many)).toEqual({
    ok: false,
    problems: [{ line: 0, message: "The list has more than 1000 entries" }],
  });
  expect(parseSynonymText("a, b\n".repeat(20_000))).toMatchObject({ ok: false, problems: [{ line: 0 }] });
});

test("the standard list reads back as itself from its text", () => {
  expect(parseSynonymText(formatSynonyms(tradeSynonyms))).toEqual({ ok: true, entries: tradeSynonyms });
});

test("formatting a parsed list and parsing it again gives the same entries", () => {
  const term = fc.stringMatching(/^[a-z0-9][a-z0-9 .x-]{0,20}[a-z0-9]$/);
  const line = fc.oneof(
    fc.array(term, { minLength: 2, maxLength: 4 }).map((terms) => terms.join(", ")),
    fc
      .tuple(term, fc.array(term, { minLength: 1, maxLength: 3 }))
      .map(([from, to]) => `${from} => ${to.join(", ")}`),
  );
  fc.assert(
    fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
      const first = parseSynonymText(lines.join("\n"));
      if (!first.ok) return;
      expect(parseSynonymText(formatSynonyms(first.entries))).toEqual(first);
    }),
  );
});

test("the form: an emptied box is a list of none; a bad line is a message under the box", () => {
  expect(searchSynonymsFormSchema.parse({ intent: "save-search-synonyms" })).toEqual({
    intent: "save-search-synonyms",
    synonyms: [],
  });
  const refused = searchSynonymsFormSchema.safeParse({
    intent: "save-search-synonyms",
    synonyms: "ply\nok, fine",
  });
  expect(refused.success).toBe(false);
  expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
    "Line 1: a two-way entry needs two different terms, separated by a comma",
  ]);
});
