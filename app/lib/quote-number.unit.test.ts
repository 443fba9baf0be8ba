import { expect, test } from "vitest";
import { quoteNumber, revisionLetter } from "./quote-number";

test("revisions are lettered A to Z, then AA", () => {
  expect([1, 2, 26, 27, 28, 52, 53, 702, 703].map(revisionLetter)).toEqual([
    "A",
    "B",
    "Z",
    "AA",
    "AB",
    "AZ",
    "BA",
    "ZZ",
    "AAA",
  ]);
  expect(quoteNumber("TC-2026-000123", 2)).toBe("TC-2026-000123-B");
  expect(() => revisionLetter(0)).toThrow(RangeError);
});
