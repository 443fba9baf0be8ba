// The catalogue as a spreadsheet: one row a product, one column for each thing staff can edit in
// the product dialog. The export writes these headers in this order; the import finds its columns
// by these headers or their synonyms (mapping.ts) and reads each cell with the column's `read`.
// Category, brand and building information are written and read by name (title), not by id.
import { restoreFormula } from "~/lib/csv";
import { STOCK_STATUSES } from "~/lib/vocabulary";

/** A product as the sheet shows it. */
export type SheetProduct = {
  sku: string | null;
  name: string;
  shortDescription: string | null;
  description: string | null;
  price: number;
  originalPrice: number | null;
  discountPercentage: number;
  categoryName: string | null;
  brandName: string | null;
  unit: string | null;
  stockQuantity: number;
  stockStatus: string;
  isFeatured: boolean;
  isPublished: boolean;
  buildingInfoTitle: string | null;
  imageUrl: string | null;
};

/**
 * A cell read: the value as the product form takes it (text; "on" or "" for a switch; "" for an
 * empty cell, which says nothing), or what is wrong with the cell, in words.
 */
export type CellRead = { ok: true; value: string } | { ok: false; message: string };

type Kind = "text" | "money" | "whole" | "percent" | "yes-no" | "stock-status";

export type SheetColumn = {
  field: keyof typeof FIELD_KINDS;
  /** The export's header, and the first name the import looks for. */
  header: string;
  /** Other headers that mean this column in traders' own sheets. */
  synonyms: readonly string[];
  kind: Kind;
  /** A number (written as a number in XLSX) or text; null for an empty cell. */
  write: (product: SheetProduct) => string | number | null;
  /** The width of the XLSX column, in characters. */
  width: number;
};

const FIELD_KINDS = {
  sku: "text",
  name: "text",
  shortDescription: "text",
  description: "text",
  price: "money",
  originalPrice: "money",
  discountPercentage: "percent",
  category: "text",
  brand: "text",
  unit: "text",
  stockQuantity: "whole",
  stockStatus: "stock-status",
  isFeatured: "yes-no",
  isPublished: "yes-no",
  buildingInformation: "text",
  picture: "text",
} as const satisfies Record<string, Kind>;

export type SheetField = keyof typeof FIELD_KINDS;

function column<F extends SheetField>(
  field: F,
  header: string,
  synonyms: readonly string[],
  write: SheetColumn["write"],
  width: number,
): SheetColumn {
  return { field, header, synonyms, kind: FIELD_KINDS[field], write, width };
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** The catalogue's columns, in the export's order. */
export const SHEET_COLUMNS: readonly SheetColumn[] = [
  column(
    "sku",
    "Stock code",
    [
      "Code",
      "Item Code",
      "SKU",
      "Product Code",
      "Stock No",
      "Part Number",
      "Part No",
      "Item Number",
      "Item No",
      "Article Number",
    ],
    (p) => p.sku,
    14,
  ),
  column("name", "Name", ["Product Name", "Item Name", "Product", "Item", "Title"], (p) => p.name, 40),
  column(
    "shortDescription",
    "Short description",
    ["Summary", "Short Desc", "Short Description", "Tagline", "Subtitle"],
    (p) => p.shortDescription,
    40,
  ),
  column(
    "description",
    "Long description",
    ["Long Desc", "Full Description", "Details", "Product Description", "Product Details", "Body"],
    (p) => p.description,
    60,
  ),
  column(
    "price",
    "Price",
    [
      "RRP",
      "Sell Price",
      "Retail",
      "Retail Price",
      "Selling Price",
      "Sell",
      "Unit Price",
      "Price NZD",
      "Price (NZD)",
    ],
    (p) => p.price,
    12,
  ),
  column(
    "originalPrice",
    "Original price",
    ["Was Price", "Was", "Regular Price", "Compare At Price", "Original Price (NZD)", "Full Price"],
    (p) => p.originalPrice,
    14,
  ),
  column(
    "discountPercentage",
    "Discount (%)",
    ["Discount", "Discount %", "Discount Percentage", "Disc %", "Disc", "Sale %", "Percent Off"],
    (p) => p.discountPercentage,
    12,
  ),
  column(
    "category",
    "Category",
    ["Category Name", "Product Category", "Product Group", "Group", "Department"],
    (p) => p.categoryName,
    20,
  ),
  column("brand", "Brand", ["Brand Name", "Manufacturer", "Make", "Maker"], (p) => p.brandName, 20),
  column(
    "unit",
    "Unit",
    ["Unit of Sale", "Sold Per", "UOM", "Unit of Measure", "Sell Unit", "Sales Unit", "Per", "Units"],
    (p) => p.unit,
    10,
  ),
  column(
    "stockQuantity",
    "Stock",
    [
      "Stock Quantity",
      "Qty",
      "Quantity",
      "On Hand",
      "SOH",
      "Stock on Hand",
      "Qty on Hand",
      "Stock Qty",
      "Inventory",
    ],
    (p) => p.stockQuantity,
    10,
  ),
  column(
    "stockStatus",
    "Stock status",
    ["Availability", "Stock Level", "Stock State"],
    (p) => p.stockStatus,
    14,
  ),
  column(
    "isFeatured",
    "Featured",
    ["Is Featured", "Feature", "Featured Product", "Highlight"],
    (p) => yesNo(p.isFeatured),
    10,
  ),
  column(
    "isPublished",
    "Published",
    ["Is Published", "Visible", "Online", "On Website", "Show on Website", "Live"],
    (p) => yesNo(p.isPublished),
    10,
  ),
  column(
    "buildingInformation",
    "Building information",
    [
      "Building Information Sheet",
      "Building Info",
      "BPI",
      "BPIS",
      "Product Information Sheet",
      "Building Product Information",
    ],
    (p) => p.buildingInfoTitle,
    30,
  ),
  column(
    "picture",
    "Picture",
    [
      "Image",
      "Image URL",
      "Picture URL",
      "Photo",
      "Photo URL",
      "Image File",
      "Image Filename",
      "Image Name",
      "Thumbnail",
    ],
    (p) => p.imageUrl,
    40,
  ),
];

/** The export's header row. */
export const SHEET_HEADERS = SHEET_COLUMNS.map((c) => c.header);

export function columnFor(field: SheetField): SheetColumn {
  const found = SHEET_COLUMNS.find((c) => c.field === field);
  if (!found) throw new Error(`No sheet column for ${field}`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Reading a cell

const ok = (value: string): CellRead => ({ ok: true, value });
const wrong = (message: string): CellRead => ({ ok: false, message });

/** 1,234.50 -> 1234.50 and 12,50 (a decimal comma, as a European sheet writes it) -> 12.50. */
function plainNumber(text: string) {
  const bare = text.replace(/[\s\u00a0']/g, "");
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(bare)) return bare.replaceAll(",", "");
  if (/^-?\d+,\d{1,2}$/.test(bare)) return bare.replace(",", ".");
  return bare;
}

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

function readMoney(text: string, header: string) {
  const bare = plainNumber(text.replace(/^(NZ\$|NZD|\$)\s*/i, "").replace(/\s*(NZD)$/i, ""));
  return NUMBER.test(bare) ? ok(bare) : wrong(`${header} must be an amount in dollars, such as 12.50.`);
}

function readWhole(text: string, header: string) {
  const bare = plainNumber(text);
  if (!NUMBER.test(bare) || !Number.isInteger(Number(bare))) {
    return wrong(`${header} must be a whole number, such as 12.`);
  }
  return ok(String(Number(bare)));
}

function readPercent(text: string, header: string) {
  const bare = plainNumber(text.replace(/\s*%$/, ""));
  if (!NUMBER.test(bare) || !Number.isInteger(Number(bare))) {
    return wrong(`${header} must be a whole percentage, such as 15.`);
  }
  return ok(String(Number(bare)));
}

const YES = new Set(["yes", "y", "true", "1", "on", "x", "✓", "✔"]);
const NO = new Set(["no", "n", "false", "0", "off"]);

function readYesNo(text: string, header: string) {
  const word = text.toLowerCase();
  if (YES.has(word)) return ok("on");
  if (NO.has(word)) return ok("");
  return wrong(`${header} must be Yes or No.`);
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");

function readStockStatus(text: string, header: string) {
  const found = STOCK_STATUSES.find((status) => squash(status) === squash(text));
  return found ? ok(found) : wrong(`${header} must be one of: ${STOCK_STATUSES.join(", ")}.`);
}

/**
 * Text with its line breaks as a sheet keeps them: \n. The dialog's text box posts \r\n, and a
 * vertical tab or form feed (Word's line break, pasted) becomes \n in a workbook.
 */
export function plainLines(text: string) {
  return text.replace(/\r\n?|[\v\f]/g, "\n");
}

/** The cell that empties a field on import, in any case. */
const CLEAR_TOKEN = "(clear)";

/** The clear token after any single quotes. */
const QUOTED_CLEAR = /^'*\(clear\)$/i;

/** Whether a cell, trimmed, is the token that empties its field. */
export function isClearToken(cell: string) {
  return cell.trim().toLowerCase() === CLEAR_TOKEN;
}

/**
 * Text for the sheet: text that is itself the clear token (a product described as "(clear)")
 * gets a single quote before it, as a formula character does, so the import reads back the text
 * and does not empty the field. Text that is already quotes and the token gets one more, so the
 * quote can always be taken off again (readCell).
 */
export function protectClearToken(text: string) {
  return QUOTED_CLEAR.test(text) ? `'${text}` : text;
}

/**
 * A cell's value as the product form takes it. Text is trimmed, keeps its line breaks (as \n, the
 * only one a workbook keeps: plainLines) and loses the single quote the export put before a formula
 * character or the clear token; an empty cell reads as "" (nothing said).
 */
export function readCell(column: SheetColumn, cell: string): CellRead {
  const restored = restoreFormula(plainLines(cell).trim());
  const text =
    restored.startsWith("'") && QUOTED_CLEAR.test(restored.slice(1)) ? restored.slice(1) : restored;
  if (column.kind === "text") return ok(text);
  if (text === "") return ok("");
  switch (column.kind) {
    case "money":
      return readMoney(text, column.header);
    case "whole":
      return readWhole(text, column.header);
    case "percent":
      return readPercent(text, column.header);
    case "yes-no":
      return readYesNo(text, column.header);
    case "stock-status":
      return readStockStatus(text, column.header);
  }
}
