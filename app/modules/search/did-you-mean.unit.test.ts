import { expect, test } from "vitest";
import { correctedQuery, type SpellingLookup, spellingReach, spellingWords } from "./did-you-mean";

function lookup(entries: Record<string, { known?: boolean; candidates?: [string, number, number][] }>) {
  const map = new Map();
  for (const [word, entry] of Object.entries(entries))
    map.set(word, {
      known: entry.known ?? false,
      candidates: (entry.candidates ?? []).map(([w, distance, similarity]) => ({
        word: w,
        distance,
        similarity,
      })),
    });
  return map as SpellingLookup;
}

test("only words of four letters or more are corrected, never numbers, codes, grades or synonyms", () => {
  expect(spellingWords("scew 90x45 h3.2 tc-1042 4.8m 17 gib for decking").map((w) => w.word)).toEqual([
    "scew",
    "decking",
  ]);
  expect(spellingReach("nut")).toBe(0);
  expect(spellingReach("scew")).toBe(1);
  expect(spellingReach("timbr")).toBe(1);
  expect(spellingReach("plastrbrd")).toBe(3);
  expect(spellingReach("decking")).toBe(2);
});

test("the closest catalogue word wins: fewest edits, then most trigrams in common, then the shorter", () => {
  const words = lookup({
    plastrbord: {
      candidates: [
        ["plasterboards", 3, 0.5],
        ["plasterboard", 2, 0.55],
        ["plasterboarb", 2, 0.5],
      ],
    },
  });
  expect(correctedQuery("plastrbord", words)).toBe("plasterboard");
  const tie = lookup({
    scew: {
      candidates: [
        ["screws", 2, 0.4],
        ["screw", 1, 0.4],
        ["scow", 1, 0.2],
      ],
    },
  });
  expect(correctedQuery("scew", tie)).toBe("screw");
  const shorter = lookup({
    boltz: {
      candidates: [
        ["bolts", 1, 0.3],
        ["boltzz", 1, 0.3],
      ],
    },
  });
  expect(correctedQuery("boltz", shorter)).toBe("bolts");
});

test("the rest of the query is kept as typed, and the word's case with it", () => {
  const words = lookup({ timbr: { candidates: [["timber", 1, 0.5]] }, treated: { known: true } });
  expect(correctedQuery("90 x 45 Treated TIMBR", words)).toBe("90 x 45 Treated timber");
});

test("no suggestion when every word is a catalogue word, or no neighbour is close enough", () => {
  expect(
    correctedQuery("decking screws", lookup({ decking: { known: true }, screws: { known: true } })),
  ).toBeNull();
  // Four letters reach one edit: two edits away is too far.
  expect(correctedQuery("scww", lookup({ scww: { candidates: [["screw", 2, 0.3]] } }))).toBeNull();
  expect(correctedQuery("xyzzyq", lookup({ xyzzyq: {} }))).toBeNull();
  expect(correctedQuery("90x45", lookup({}))).toBeNull();
});

test("a word typed with a macron is corrected in the query's tokens", () => {
  const words = lookup({ maoribord: { candidates: [["maoriboard", 1, 0.6]] } });
  expect(correctedQuery("Māoribord 10mm", words)).toBe("maoriboard 10mm");
});
