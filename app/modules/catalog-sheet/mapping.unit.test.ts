// The column table and the header mapping: the export's own headers map back to their fields,
// traders' synonyms are found whatever their case, spaces or punctuation, "Description" goes to
// the name or the description as the other headers decide, and each cell reads as the product
// form takes it.
import { expect, test } from "vitest";
import { columnFor, readCell, SHEET_COLUMNS, SHEET_HEADERS } from "./columns";
import { normaliseHeader, suggestMapping } from "./mapping";

const fields = (headers: string[]) => suggestMapping(headers).columns.map((c) => c.field);

test("the export's headers are every field staff edit, and map back to them", () => {
  expect(SHEET_HEADERS).toEqual([
    "Stock code",
    "Name",
    "Short description",
    "Long description",
    "Price",
    "Original price",
    "Discount (%)",
    "Category",
    "Brand",
    "Unit",
    "Stock",
    "Stock status",
    "Featured",
    "Published",
    "Building information",
    "Picture",
  ]);
  const mapping = suggestMapping(SHEET_HEADERS);
  expect(mapping.columns.map((c) => c.field)).toEqual(SHEET_COLUMNS.map((c) => c.field));
  expect(mapping.columns.every((c) => c.by === "header")).toBe(true);
  expect(mapping.unmapped).toEqual([]);
  expect(mapping.missing).toEqual([]);
});

test("headers are compared without case, spaces or punctuation", () => {
  expect(normaliseHeader("Discount (%)")).toBe("discount");
  expect(normaliseHeader("  STOCK_CODE ")).toBe("stockcode");
  expect(fields(["stock-code", "NAME", "price (nzd)", "is_published", "Stock Quantity"])).toEqual([
    "sku",
    "name",
    "price",
    "isPublished",
    "stockQuantity",
  ]);
});

test("traders' synonyms: codes, names, prices, quantities and the rest", () => {
  for (const header of ["Code", "Item Code", "SKU", "Product Code", "item_code", "Part No."]) {
    expect(fields([header]), header).toEqual(["sku"]);
  }
  for (const header of ["Product Name", "Item Name", "product name"])
    expect(fields([header]), header).toEqual(["name"]);
  for (const header of ["RRP", "Price", "Sell Price", "Retail", "R.R.P."]) {
    expect(fields([header]), header).toEqual(["price"]);
  }
  for (const header of ["Qty", "SOH", "Stock on Hand", "Quantity"])
    expect(fields([header]), header).toEqual(["stockQuantity"]);
  expect(fields(["UOM", "Disc %", "Manufacturer", "Image URL", "BPIS", "Was Price", "Availability"])).toEqual(
    ["unit", "discountPercentage", "brand", "picture", "buildingInformation", "originalPrice", "stockStatus"],
  );
});

test("a field goes to the first column that claims it; the export's header beats a synonym", () => {
  const mapping = suggestMapping(["Code", "Stock code", "Name", "Product Name", "Notes", ""]);
  expect(mapping.columns.map((c) => [c.header, c.field, c.by])).toEqual([
    ["Code", null, null],
    ["Stock code", "sku", "header"],
    ["Name", "name", "header"],
    ["Product Name", null, null],
    ["Notes", null, null],
    ["", null, null],
  ]);
  expect(mapping.unmapped.map((c) => c.index)).toEqual([0, 3, 4, 5]);
  expect(mapping.missing).not.toContain("sku");
  expect(mapping.missing).toContain("price");
});

test('"Description" is the name when no column is; else the long description; else the short one', () => {
  expect(fields(["Code", "Description", "Price"])).toEqual(["sku", "name", "price"]);
  expect(fields(["Description", "Item Name"])).toEqual(["description", "name"]);
  expect(fields(["Name", "Description"])).toEqual(["name", "description"]);
  expect(fields(["Name", "Description", "Long description"])).toEqual([
    "name",
    "shortDescription",
    "description",
  ]);
  // The export's own sheet reads back to its own fields.
  expect(fields(["Name", "Short description", "Long description", "Description"])).toEqual([
    "name",
    "shortDescription",
    "description",
    null,
  ]);
});

test("no header or synonym means two fields", () => {
  const seen = new Map<string, string>();
  for (const column of SHEET_COLUMNS) {
    for (const header of [column.header, ...column.synonyms]) {
      const key = normaliseHeader(header);
      const before = seen.get(key);
      expect(
        before === undefined || before === column.field,
        `${header}: ${before} and ${column.field}`,
      ).toBe(true);
      seen.set(key, column.field);
    }
  }
});

test("cells read as the product form takes them, or say what is wrong in words", () => {
  const read = (field: Parameters<typeof columnFor>[0], cell: string) => readCell(columnFor(field), cell);
  expect(read("price", "$1,234.50")).toEqual({ ok: true, value: "1234.50" });
  expect(read("price", "NZ$ 12")).toEqual({ ok: true, value: "12" });
  expect(read("price", "12,50")).toEqual({ ok: true, value: "12.50" });
  expect(read("price", "1 299,00")).toEqual({ ok: true, value: "1299.00" });
  expect(read("price", "POA")).toEqual({
    ok: false,
    message: "Price must be an amount in dollars, such as 12.50.",
  });
  expect(read("originalPrice", "")).toEqual({ ok: true, value: "" });
  expect(read("discountPercentage", "15%")).toEqual({ ok: true, value: "15" });
  expect(read("discountPercentage", "12.5")).toEqual({
    ok: false,
    message: "Discount (%) must be a whole percentage, such as 15.",
  });
  expect(read("stockQuantity", "1,200")).toEqual({ ok: true, value: "1200" });
  expect(read("stockQuantity", "40.0")).toEqual({ ok: true, value: "40" });
  expect(read("stockQuantity", "lots")).toEqual({
    ok: false,
    message: "Stock must be a whole number, such as 12.",
  });
  expect(read("isPublished", "Yes")).toEqual({ ok: true, value: "on" });
  expect(read("isPublished", "TRUE")).toEqual({ ok: true, value: "on" });
  expect(read("isFeatured", "no")).toEqual({ ok: true, value: "" });
  expect(read("isFeatured", "maybe")).toEqual({ ok: false, message: "Featured must be Yes or No." });
  expect(read("stockStatus", "low stock")).toEqual({ ok: true, value: "Low Stock" });
  expect(read("stockStatus", "OUT-OF-STOCK")).toEqual({ ok: true, value: "Out of Stock" });
  expect(read("stockStatus", "Backorder")).toEqual({
    ok: false,
    message: "Stock status must be one of: In Stock, Low Stock, Out of Stock.",
  });
  expect(read("name", "  Kwila decking\n140x19 ")).toEqual({ ok: true, value: "Kwila decking\n140x19" });
  // The quote the export puts before a formula character comes off again.
  expect(read("name", '\'=HYPERLINK("x")')).toEqual({ ok: true, value: '=HYPERLINK("x")' });
  expect(read("name", "O'Brien's oil")).toEqual({ ok: true, value: "O'Brien's oil" });
});
