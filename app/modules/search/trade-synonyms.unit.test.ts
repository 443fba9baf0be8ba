import { expect, test } from "vitest";
import { searchTerms } from "./normalise";
import { type TradeSynonym, tradeSynonyms } from "./trade-synonyms";

function termsOf(entry: TradeSynonym): string[] {
  return entry.kind === "two-way" ? [...entry.terms] : [entry.from, ...entry.to];
}

/** A term as search sees it: its tokens, joined. */
function normalised(term: string): string {
  return searchTerms(term).join(" ");
}

/** Every pair an entry states, as search sees it; a two-way pair has no direction. */
function pairsOf(entry: TradeSynonym): string[] {
  if (entry.kind === "one-way") return entry.to.map((to) => `${normalised(entry.from)} → ${normalised(to)}`);
  const terms = entry.terms.map(normalised);
  return terms.flatMap((a, i) => terms.slice(i + 1).map((b) => [a, b].sort().join(" ↔ ")));
}

test("the seed holds at least 40 entries", () => {
  expect(tradeSynonyms.length).toBeGreaterThanOrEqual(40);
});

test("every term normalises to tokens", () => {
  for (const term of tradeSynonyms.flatMap(termsOf)) expect(searchTerms(term), term).not.toEqual([]);
});

test("no entry names one term twice", () => {
  for (const entry of tradeSynonyms) {
    const terms = termsOf(entry).map(normalised);
    expect(new Set(terms).size, terms.join(", ")).toBe(terms.length);
  }
});

test("no two-way pair is listed twice, and no one-way pair either", () => {
  const pairs = tradeSynonyms.flatMap(pairsOf);
  const repeated = pairs.filter((pair, i) => pairs.indexOf(pair) !== i);
  expect(repeated).toEqual([]);
});

test("a one-way entry does not restate a two-way pair", () => {
  const twoWayPairs = new Set(tradeSynonyms.filter((entry) => entry.kind === "two-way").flatMap(pairsOf));
  const restated = tradeSynonyms
    .filter((entry) => entry.kind === "one-way")
    .flatMap((entry) => entry.to.map((to) => [normalised(entry.from), normalised(to)].sort().join(" ↔ ")))
    .filter((pair) => twoWayPairs.has(pair));
  expect(restated).toEqual([]);
});

test("the common examples are in the seed, in their direction", () => {
  const pairs = new Set(tradeSynonyms.flatMap(pairsOf));
  expect(pairs).toContain("gib → plasterboard");
  expect(pairs).toContain("ply ↔ plywood");
  expect(pairs).toContain("colorsteel ↔ pre painted steel");
  expect(pairs).toContain("self drilling screw ↔ tek");
});

test("a synonym written as a dimension is the dimension however it is typed", () => {
  const fourByTwo = tradeSynonyms.find((entry) => entry.kind === "one-way" && entry.from === "4x2");
  expect(fourByTwo?.kind === "one-way" && searchTerms(fourByTwo.from)).toEqual(searchTerms("4 by 2"));
  expect(fourByTwo?.kind === "one-way" && fourByTwo.to.map(normalised)).toContain(normalised("90 x 45mm"));
});
