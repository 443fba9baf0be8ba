// An Excel workbook (.xlsx) as a Sheet, read as a stream with exceljs's WorkbookReader: the first
// visible worksheet, or the one named. Each cell is read as the text a person sees in it: text as
// typed (a stock code "00123" stored as text keeps its zeros), a number in plain decimals, a date
// as 2026-11-26, a percentage as 15%, TRUE or FALSE, and a formula as the result Excel saved with
// it (nothing is ever calculated here; an error result reads as #ERROR). A merged cell's value is
// in its first cell; the others read as blank.
import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { OpenFile } from "./csv-reader.server";
import { splitHeader } from "./rows.server";
import {
  MAX_SHEET_BYTES,
  MAX_SHEET_ROWS,
  SHEET_MESSAGES,
  type Sheet,
  SheetError,
  type SheetRow,
} from "./sheet";

export type XlsxOptions = { sheet?: string; maxBytes?: number; maxRows?: number };

type SheetModel = { name: string; id: number; state?: string };
type WorksheetReader = AsyncIterable<ExcelJS.Row> & { name: string; state?: string };
type CellValue = ExcelJS.CellValue | undefined;

/** A number format without its quoted text and [colour] or [condition] parts. */
function formatCode(format: string | undefined) {
  return (format ?? "").replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, "");
}

/** Whether a number format shows a date or a time (exceljs's own test, for formula results). */
function isDateFormat(format: string | undefined) {
  return /[ymdhMsb]+/.test(formatCode(format));
}

/**
 * A formula whose saved result is an error (#VALUE!, #N/A…) or that was saved without one:
 * exceljs's streaming reader keeps no more than that.
 */
const FORMULA_ERROR = "#ERROR";

/**
 * A number as Excel shows it in General format (at most 15 significant digits, no binary noise),
 * or as a percentage ("15%") when its format is one.
 */
function numberText(value: number, numFmt: string | undefined) {
  if (Number.isNaN(value)) return FORMULA_ERROR;
  if (!Number.isFinite(value)) return "";
  if (formatCode(numFmt).includes("%")) return `${Number((value * 100).toPrecision(15))}%`;
  return String(Number(value.toPrecision(15)));
}

/** 2026-11-26, or 2026-11-26 14:30:00 when the cell holds a time too (Excel's dates have no zone). */
function dateText(value: Date) {
  if (Number.isNaN(value.getTime())) return "";
  const iso = value.toISOString();
  const time = iso.slice(11, 19);
  return time === "00:00:00" ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}

function cellText(value: CellValue, numFmt: string | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return numberText(value, numFmt);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return dateText(value);
  if ("richText" in value) return value.richText.map((run) => run.text).join("");
  if ("formula" in value || "sharedFormula" in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined) return FORMULA_ERROR;
    if (typeof result === "number" && isDateFormat(numFmt)) {
      return dateText(new Date(Math.round((result - 25569) * 86_400_000)));
    }
    if (result !== null && typeof result === "object" && "error" in result) return String(result.error);
    return cellText(result as CellValue, numFmt);
  }
  if ("error" in value) return String(value.error);
  if ("text" in value) return typeof value.text === "string" ? value.text : cellText(value.text, numFmt);
  return "";
}

function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    while (cells.length < column - 1) cells.push("");
    cells[column - 1] = cellText(cell.value, cell.numFmt);
  });
  return cells;
}

/**
 * The stream's bytes counted as they pass; `failed` rejects when they pass maxBytes or the stream
 * fails. exceljs pipes the file into its unzipper, which never hears of a failure upstream, so
 * every wait on it races `failed`.
 */
function watch(source: Readable, maxBytes: number) {
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {});
  let total = 0;
  source.on("data", (chunk: Buffer) => {
    total += chunk.length;
    if (total > maxBytes) {
      fail(new SheetError(SHEET_MESSAGES.tooLarge));
      source.destroy();
    }
  });
  source.on("error", fail);
  return failed;
}

function notWorkbook(error: unknown) {
  return error instanceof SheetError ? error : new SheetError(SHEET_MESSAGES.notWorkbook, { cause: error });
}

async function next<T>(iterator: AsyncIterator<T>, failed: Promise<never>) {
  try {
    return await Promise.race([iterator.next(), failed]);
  } catch (error) {
    throw notWorkbook(error);
  }
}

/** The workbook's sheets in tab order, and the one to read: the named one, or the first visible. */
function chooseSheet(model: { sheets?: SheetModel[] } | undefined, wanted: string | undefined) {
  const sheets = model?.sheets ?? [];
  if (wanted === undefined) {
    return sheets.find((s) => s.state !== "hidden" && s.state !== "veryHidden")?.name ?? sheets[0]?.name;
  }
  const exact = sheets.find((s) => s.name === wanted);
  const loose = sheets.find((s) => s.name.trim().toLowerCase() === wanted.trim().toLowerCase());
  const found = exact ?? loose;
  if (!found) {
    throw new SheetError(
      SHEET_MESSAGES.noSheetNamed(
        wanted,
        sheets.map((s) => s.name),
      ),
    );
  }
  return found.name;
}

/**
 * Pipes `source` into exceljs's zip parser so that every entry of the workbook is read. The parser
 * (unzipper, under exceljs's streaming reader) says 'end' as soon as the whole file has come in,
 * while entries it has found may still be waiting to be read, and exceljs stops reading entries
 * at that 'end': now and again the last small entries of a workbook (its sheet names, its styles,
 * even its shared strings) were never read, and a sheet asked for by name was "not there"
 * (exceljs issue #3064). Here that early 'end' only closes the parser's list of entries, and the
 * list says 'end' itself once its last entry has been read.
 */
function pipeEveryEntry(source: Readable) {
  const pipe = source.pipe.bind(source);
  source.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }) => {
    const parser = destination as unknown as Readable & { _readableState: { ended: boolean } };
    const emit = parser.emit.bind(parser);
    parser.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event === "end" && !parser.readableEnded) {
        if (!parser._readableState.ended) parser.push(null);
        return false;
      }
      return emit(event, ...args);
    }) as typeof parser.emit;
    return pipe(destination, options);
  };
}

/** The workbook `open` reads, as a Sheet. Throws SheetError for a file the import cannot take. */
export async function readXlsx(
  open: OpenFile,
  options: XlsxOptions = {},
): Promise<Sheet & { close(): Promise<void> }> {
  const source = open();
  const failed = watch(source, options.maxBytes ?? MAX_SHEET_BYTES);
  pipeEveryEntry(source);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: "emit",
    sharedStrings: "cache",
    // Styles say which numbers are dates.
    styles: "cache",
    hyperlinks: "ignore",
    entries: "ignore",
  });
  const worksheets = reader[Symbol.asyncIterator]() as AsyncIterator<WorksheetReader>;
  const model = () => (reader as unknown as { model?: { sheets?: SheetModel[] } }).model;
  let finished = false;
  const close = async () => {
    if (finished) return;
    finished = true;
    source.destroy();
    // Not awaited: a reader stopped mid-file never settles.
    void worksheets.return?.().catch(() => {});
  };

  let worksheet: WorksheetReader | undefined;
  try {
    let wanted: string | undefined;
    while (!worksheet) {
      const step = await next(worksheets, failed);
      if (step.done) break;
      wanted ??= chooseSheet(model(), options.sheet);
      if (wanted === undefined || step.value.name === wanted) worksheet = step.value;
    }
    if (!worksheet) {
      const sheets = model()?.sheets ?? [];
      if (sheets.length === 0) throw new SheetError(SHEET_MESSAGES.noSheets);
      chooseSheet(model(), options.sheet);
      throw new SheetError(SHEET_MESSAGES.notWorkbook);
    }
  } catch (error) {
    await close();
    throw notWorkbook(error);
  }

  const rows = worksheet[Symbol.asyncIterator]();
  async function* raw(): AsyncGenerator<SheetRow> {
    try {
      while (true) {
        const step = await next(rows, failed);
        if (step.done) return;
        yield { rowNumber: step.value.number, cells: rowCells(step.value) };
      }
    } finally {
      await close();
    }
  }
  const sheet = await splitHeader(raw(), options.maxRows ?? MAX_SHEET_ROWS);
  return {
    format: "xlsx",
    sheetName: worksheet.name,
    ...sheet,
    close: async () => {
      await sheet.close();
      await close();
    },
  };
}
