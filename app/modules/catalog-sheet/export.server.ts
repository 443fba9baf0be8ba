// The catalogue export: the products Catalog Management lists (whole, or narrowed by its search and
// building-information filter), newest first, one row a product under the column table's headers,
// as CSV (written as every back-office CSV is, app/lib/csv.ts) or as an Excel workbook. Both are
// streamed: products are read a thousand at a time and written as they come. The reading and
// writing run in a thread of their own (export-thread.server.ts) when it can reach the database:
// PostgreSQL, or PGlite in a thread of its own (a serving process); else here.
import { CSV_BOM, CSV_CONTENT_TYPE, toCsvLine, toCsvStream } from "~/lib/csv";
import { nzToday } from "~/lib/nz-date";
import { type AdminProductRow, readAdminProductsForExport } from "~/modules/products/admin.server";
import type { AdminProductFilter } from "~/modules/products/admin-filter";
import { getDatabase } from "~/server/db/db.server";
import { toXlsxStream, XLSX_CONTENT_TYPE } from "~/server/sheets/xlsx-writer.server";
import {
  plainLines,
  protectClearToken,
  SHEET_COLUMNS,
  SHEET_HEADERS,
  type SheetColumn,
  type SheetProduct,
} from "./columns";
import { exportInThread } from "./export-thread.server";

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The products read per query. */
const EXPORT_BATCH = 1000;

/** The stock code and unit of sale: the list's `sku` and `unit`, empty where it has none. */
type WithSkuAndUnit = { sku?: string | null; unit?: string | null };

/** A product of the list as the sheet shows it. */
export function toSheetProduct(row: AdminProductRow & WithSkuAndUnit): SheetProduct {
  return {
    sku: row.sku ?? null,
    name: row.name,
    shortDescription: row.shortDescription,
    description: row.description,
    price: row.price,
    originalPrice: row.originalPrice,
    discountPercentage: row.discountPercentage,
    categoryName: row.categoryName,
    brandName: row.brandName,
    unit: row.unit ?? null,
    stockQuantity: row.stockQuantity,
    stockStatus: row.stockStatus,
    isFeatured: row.isFeatured,
    isPublished: row.isPublished,
    buildingInfoTitle: row.buildingInfoTitle,
    imageUrl: row.imageUrl,
  };
}

/**
 * A column's value for the sheet. Line breaks are written as \n, the one kind a workbook keeps
 * (a description typed in the browser has \r\n; plainLines), so both files read back alike; text
 * that is the import's clear token is quoted, so it reads back as text.
 */
function cellOf(column: SheetColumn, product: SheetProduct) {
  const value = column.write(product);
  return typeof value === "string" ? protectClearToken(plainLines(value)) : value;
}

/** A cell as CSV text: amounts with two decimals (12.50), as a spreadsheet reads a number. */
function csvText(column: SheetColumn, value: string | number | null) {
  if (value === null) return "";
  if (typeof value === "number") return column.kind === "money" ? value.toFixed(2) : String(value);
  return value;
}

function toCsvRow(row: AdminProductRow) {
  const product = toSheetProduct(row);
  return toCsvLine(SHEET_COLUMNS.map((column) => csvText(column, cellOf(column, product))));
}

const XLSX_COLUMNS = SHEET_COLUMNS.map((column) => ({
  header: column.header,
  width: column.width,
  ...(column.kind === "money" ? { numFmt: "0.00" } : {}),
}));

function toXlsxRow(row: AdminProductRow) {
  const product = toSheetProduct(row);
  return SHEET_COLUMNS.map((column) => cellOf(column, product));
}

function isFiltered(filter: AdminProductFilter) {
  return Boolean(filter.q.trim()) || filter.building === "missing";
}

/** catalogue_2026-11-26.csv, or catalogue_filtered_2026-11-26.xlsx for a narrowed list. */
export function exportFileName(format: ExportFormat, filter: AdminProductFilter, date = new Date()) {
  return `catalogue_${isFiltered(filter) ? "filtered_" : ""}${nzToday(date)}.${format}`;
}

/** What the audit log says of an export: Exported the catalogue as CSV (matching "pine"). */
export function exportSummary(format: ExportFormat, filter: AdminProductFilter) {
  const described = [
    filter.q.trim() ? `matching "${filter.q.trim()}"` : null,
    filter.building === "missing" ? "published without complete building information" : null,
  ].filter(Boolean);
  return `Exported the catalogue as ${format.toUpperCase()}${described.length ? ` (${described.join(", ")})` : ""}`;
}

function contentTypeOf(format: ExportFormat) {
  return format === "csv" ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE;
}

/**
 * The export's body and content type: in a thread of its own when that thread can reach the
 * database (PostgreSQL's address, or a connection to the embedded database's thread), else here.
 */
export function exportCatalogue(format: ExportFormat, filter: AdminProductFilter) {
  const database = getDatabase();
  const url = database.kind === "postgres" ? database.url : undefined;
  if (!url && !database.connect) return writeCatalogue(format, filter);
  const connection = url ? undefined : database.connect?.();
  return { contentType: contentTypeOf(format), body: exportInThread({ format, filter, url, connection }) };
}

/** The export's body and content type, read and written in this thread. */
export function writeCatalogue(format: ExportFormat, filter: AdminProductFilter) {
  const batches = readAdminProductsForExport(filter, EXPORT_BATCH);
  if (format === "csv") {
    return {
      contentType: contentTypeOf(format),
      body: toCsvStream(CSV_BOM + toCsvLine(SHEET_HEADERS), batches, toCsvRow),
    };
  }
  return {
    contentType: contentTypeOf(format),
    body: toXlsxStream("Catalogue", XLSX_COLUMNS, batches, toXlsxRow),
  };
}
