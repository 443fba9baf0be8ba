import { expect, test } from "vitest";
import { searchDocument } from "./index-text";

const blank = { sku: null, categoryName: null, brandName: null, shortDescription: null, description: null };

test("each token keeps its field's letter and its position; fields never touch", () => {
  const { terms, words } = searchDocument({
    ...blank,
    name: "Framing 90x45 H3.2",
    sku: "TF-9045",
    categoryName: "Timber",
    description: "Framing for walls",
  });
  expect(terms).toContain("'framing':1A,");
  expect(terms).toContain("'90x45':2A");
  expect(terms).toContain("'h3.2':3A");
  expect(terms).toMatch(/'tf-9045':\d+B/);
  expect(terms).toMatch(/'timber':\d+C/);
  expect(words.sort()).toEqual(["framing", "timber", "walls"]);
});

test("a three-part dimension's last part is indexed as a measure too, and quotes are escaped", () => {
  const { terms } = searchDocument({ ...blank, name: "O'Brien Plywood 2400x1200x17mm" });
  expect(terms).toContain("'2400x1200x17':3A");
  expect(terms).toContain("'17mm':3A");
  expect(terms).toContain("'obrien'");
});
