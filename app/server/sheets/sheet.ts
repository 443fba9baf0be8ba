// What a spreadsheet reader hands on, whatever the file was: the header row's cells, then the rows
// under it one at a time, each with the row number a spreadsheet program shows for it. Blank rows
// are skipped (their numbers are not reused), so trailing empty rows cost nothing. The limits are
// the import's, and a file past one is refused with a message that says what to do.

export type SheetRow = {
  /** The row's number as Excel or LibreOffice shows it (the header's row counts). */
  rowNumber: number;
  /** The row's cells as text, at least as many as the header has. */
  cells: string[];
};

export type Sheet = {
  format: "csv" | "xlsx";
  /** The header row's cells, whitespace runs made one space and trimmed; "" for a blank one. */
  header: string[];
  headerRowNumber: number;
  /** The rows under the header. Read once; stopping early closes the file. */
  rows: AsyncIterable<SheetRow>;
  /** CSV: the character set the file was read in. */
  encoding?: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";
  /** CSV: the separator found in the header line. */
  delimiter?: "," | ";" | "\t";
  /** XLSX: the worksheet read. */
  sheetName?: string;
};

/** The largest file read: 50 MB, counted as the bytes arrive. */
export const MAX_SHEET_BYTES = 50 * 1024 * 1024;
/** The most rows under the header one import takes. */
export const MAX_SHEET_ROWS = 100_000;
/** The last row a spreadsheet can have (Excel's and LibreOffice's limit). */
export const SPREADSHEET_LAST_ROW = 1_048_576;

/** A file the import cannot take, with the sentence to show the person who chose it. */
export class SheetError extends Error {
  override name = "SheetError";
}

export const SHEET_MESSAGES = {
  tooLarge: `This file is larger than ${MAX_SHEET_BYTES / 1024 / 1024} MB. Split the catalogue into smaller files and import them one at a time.`,
  tooManyRows: `This sheet has more than ${MAX_SHEET_ROWS.toLocaleString("en-NZ")} rows. Split it into files of at most ${MAX_SHEET_ROWS.toLocaleString("en-NZ")} rows and import them one at a time.`,
  pastLastRow: `This sheet has a row past row ${SPREADSHEET_LAST_ROW.toLocaleString("en-NZ")}, the most a spreadsheet can hold, so it is damaged or was not saved by a spreadsheet program. Open it in Excel or LibreOffice, save it again and import that copy.`,
  empty:
    "This file is empty: its first row should name the columns (Name, Price, …) and the rows under it hold the products.",
  oldExcel:
    "This is an Excel 97–2003 workbook (.xls), which the import cannot read. Save it from Excel as an Excel Workbook (.xlsx) or as CSV and import that.",
  notWorkbook:
    "This file could not be read as an Excel workbook (.xlsx). Save it again from Excel or LibreOffice as .xlsx or as CSV and import that.",
  noSheets: "This workbook has no worksheets.",
  noSheetNamed: (name: string, names: readonly string[]) =>
    `This workbook has no sheet named "${name}". Its sheets are: ${names.join(", ")}.`,
};
