import { expect, test } from "vitest";
import { unitOfSale } from "./unit-of-sale";

test("a product's unit of sale is what its name or description says, else each", () => {
  expect(unitOfSale({ name: "Pre-painted Steel Corrugate Roofing 0.40 BMT (per m)" })).toBe("m");
  expect(unitOfSale({ name: "Plasterboard 10mm (Per Sheet)" })).toBe("Sheet");
  expect(
    unitOfSale({
      name: "H3.2 Radiata Pine 90x45 SG8",
      description:
        "Structural-grade radiata pine. Sold per 4.8 m length; packs of 96 available on trade account.",
    }),
  ).toBe("4.8 m length");
  expect(unitOfSale({ name: "Decking oil", description: "Sold per litre." })).toBe("litre");
  // A measure in passing is no unit of sale; nor is a phrase too long for a line's unit.
  expect(unitOfSale({ name: "Box level 1200mm", description: "Accurate to 0.5 mm per metre." })).toBe("each");
  expect(unitOfSale({ name: "Fixings (per box of two hundred and fifty)" })).toBe("each");
  expect(unitOfSale({ name: "Claw Hammer", description: null })).toBe("each");
});

test("a product's own unit of sale comes before what its words say", () => {
  expect(unitOfSale({ name: "GIB Standard 10mm (per m)", unit: "sheet" })).toBe("sheet");
  expect(unitOfSale({ name: "Corrugate (per m)", unit: null })).toBe("m");
  expect(unitOfSale({ name: "Claw Hammer", unit: "  " })).toBe("each");
});
