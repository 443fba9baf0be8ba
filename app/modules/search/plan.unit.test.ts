import { describe, expect, test } from "vitest";
import { matchQueryText, planSearch, typoBudget, typoWords } from "./plan";

describe("planSearch", () => {
  test("typos: none under five letters, one from five, two from nine, never for other kinds", () => {
    expect(typoBudget({ text: "nail", kind: "word" })).toBe(0);
    expect(typoBudget({ text: "nails", kind: "word" })).toBe(1);
    expect(typoBudget({ text: "plasterboard", kind: "word" })).toBe(2);
    expect(
      typoWords(
        planSearch("136/14 90x45 h3.2 tc-1042 4.8m 12345")?.slots.flatMap((s) =>
          s.tokens.map((t) => t.token),
        ) ?? [],
      ),
    ).toEqual([]);
  });

  test("typo candidates given for a number are never used", () => {
    const plan = planSearch("136/14", new Map([["136/14", [{ word: "13/14", distance: 1 }]]]));
    expect(plan && matchQueryText(plan)).not.toContain("13/14");
  });

  test("the last word is also a prefix, a run of tokens may be a synonym's phrase, joining words are dropped", () => {
    const plan = planSearch("screws for tek");
    const text = plan ? matchQueryText(plan) : "";
    expect(text).toContain("'tek':*");
    expect(text).toContain("'self' <-> 'drilling' <-> 'screw'");
    expect(text).not.toContain("'for'");
    expect(planSearch("coach screw")?.slots).toHaveLength(1);
  });

  test("a bare number is also that many millimetres, metres when a decimal, and a dimension's first side", () => {
    const text = matchQueryText(planSearch("ply 17 3.6") as never);
    expect(text).toContain("'17mm'");
    expect(text).toContain("'17x':*");
    expect(text).toContain("'3600mm'");
  });

  test("only punctuation plans nothing", () => {
    expect(planSearch(" -- ")).toBeNull();
  });
});
