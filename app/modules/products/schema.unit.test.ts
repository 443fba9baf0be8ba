import { expect, test } from "vitest";
import { DEMO_PRODUCTS } from "~/server/seed/products";
import { PRODUCT_FORM_DEFAULTS, productFormSchema, skuField } from "./schema";
import { UNIT_MAX, UNITS_OF_SALE } from "./unit-of-sale";

function parse(fields: Record<string, string | undefined>) {
  return productFormSchema.safeParse({ ...PRODUCT_FORM_DEFAULTS, name: "Plasterboard", ...fields });
}

function messageFor(fields: Record<string, string | undefined>, path: string) {
  const result = parse(fields);
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path.join(".") === path)?.message ?? null;
}

test("a stock code is trimmed with its spaces made one; blank or missing is no code", () => {
  expect(parse({ sku: "  GIB10-2400 " }).data?.sku).toBe("GIB10-2400");
  expect(parse({ sku: "PB  2.4/90_A" }).data?.sku).toBe("PB 2.4/90_A");
  expect(parse({ sku: "" }).data?.sku).toBeNull();
  expect(parse({ sku: "   " }).data?.sku).toBeNull();
  expect(parse({ sku: undefined }).data?.sku).toBeNull();
  // Its case is kept as typed: uniqueness ignores it, the label shows it.
  expect(parse({ sku: "tek14-50" }).data?.sku).toBe("tek14-50");
});

test("a stock code of other characters, or longer than 40, is refused in words", () => {
  const characters =
    "A stock code may hold only letters, digits, spaces and - _ . / and starts with a letter or digit";
  expect(messageFor({ sku: "GIB#10" }, "sku")).toBe(characters);
  expect(messageFor({ sku: "-GIB10" }, "sku")).toBe(characters);
  expect(messageFor({ sku: "GIB10–2400" }, "sku")).toBe(characters);
  expect(messageFor({ sku: "X".repeat(41) }, "sku")).toBe("A stock code must be at most 40 characters");
  expect(parse({ sku: "X".repeat(40) }).success).toBe(true);
});

test("a unit of sale is one of the suggestions or any short text; blank is none", () => {
  expect(parse({ unit: "sheet" }).data?.unit).toBe("sheet");
  expect(parse({ unit: " m² " }).data?.unit).toBe("m²");
  expect(parse({ unit: "pail" }).data?.unit).toBe("pail");
  expect(parse({ unit: "" }).data?.unit).toBeNull();
  expect(messageFor({ unit: "u".repeat(21) }, "unit")).toBe("A unit must be at most 20 characters");
});

test("every demo product has its own stock code, as the product form takes it, and a unit of sale", () => {
  for (const p of DEMO_PRODUCTS) {
    expect(skuField.parse(p.sku), p.name).toBe(p.sku);
    expect(p.unit.length, p.name).toBeLessThanOrEqual(UNIT_MAX);
  }
  expect(new Set(DEMO_PRODUCTS.map((p) => p.sku.toLowerCase())).size).toBe(DEMO_PRODUCTS.length);
  // Mostly the form's suggestions, and a unit of the trade's own words too (a pail of paint).
  const units = new Set(DEMO_PRODUCTS.map((p) => p.unit));
  expect(
    [...units].filter((unit) => (UNITS_OF_SALE as readonly string[]).includes(unit)).length,
  ).toBeGreaterThanOrEqual(8);
  expect([...units].some((unit) => !(UNITS_OF_SALE as readonly string[]).includes(unit))).toBe(true);
});
