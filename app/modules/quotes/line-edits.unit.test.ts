import { expect, test } from "vitest";
import { describeLineEdits, type EditedLine } from "./line-edits";

const line = (description: string, overrides: Partial<EditedLine> = {}): EditedLine => ({
  productId: null,
  description,
  sku: null,
  quantityMilli: 1000,
  unit: "each",
  unitPriceCents: 1000,
  discountBasisPoints: 0,
  note: null,
  ...overrides,
});

const ply = line("Plywood 12mm", {
  productId: "p-ply",
  quantityMilli: 3000,
  unit: "sheet",
  unitPriceCents: 1999,
});
const batts = line("Wall batts R2.6", { productId: "p-batts", quantityMilli: 2000, unitPriceCents: 8950 });
const delivery = line("Delivery to site", { unitPriceCents: 4500 });

test("an unchanged save has nothing to say", () => {
  expect(describeLineEdits([ply, batts], [{ ...ply }, { ...batts }])).toEqual({ changes: {}, phrases: [] });
});

test("a changed figure is named by its line and field", () => {
  const edits = describeLineEdits(
    [ply, batts],
    [ply, { ...batts, quantityMilli: 5000, unitPriceCents: 8500, discountBasisPoints: 1000 }],
  );
  expect(edits.phrases).toEqual(["Line 2: quantity 2 → 5, unit price $89.50 → $85.00, discount 0% → 10%"]);
  expect(edits.changes).toEqual({
    "Line 2: quantity": { before: "2", after: "5" },
    "Line 2: unit price": { before: "$89.50", after: "$85.00" },
    "Line 2: discount": { before: "0%", after: "10%" },
  });
});

test("lines added and removed are said in words, the others matched whatever their new place", () => {
  const edits = describeLineEdits([ply, batts], [batts, delivery]);
  expect(edits.phrases).toEqual([
    "Added line 2: Delivery to site, 1 each at $45.00",
    "Removed line 1: Plywood 12mm, 3 sheet at $19.99",
  ]);
});

test("a free line whose words change in place is the same line edited; a line moved says from where", () => {
  expect(
    describeLineEdits([ply, delivery], [ply, { ...delivery, description: "Delivery, Papakura" }]).phrases,
  ).toEqual(['Line 2: description "Delivery to site" → "Delivery, Papakura"']);
  expect(describeLineEdits([ply, batts, delivery], [delivery, ply, batts]).phrases).toEqual([
    "Line 1: moved from line 3",
  ]);
});

test("a stock code typed, changed or cleared is named by its line", () => {
  const coded = { ...ply, sku: "CHH-PLY12" };
  expect(describeLineEdits([ply], [coded]).phrases).toEqual(["Line 1: stock code none → CHH-PLY12"]);
  expect(describeLineEdits([coded], [{ ...coded, sku: "CHH-PLY12-CD" }]).phrases).toEqual([
    "Line 1: stock code CHH-PLY12 → CHH-PLY12-CD",
  ]);
  expect(describeLineEdits([coded], [ply]).phrases).toEqual(["Line 1: stock code CHH-PLY12 → none"]);
});
