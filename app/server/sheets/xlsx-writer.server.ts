// A whole workbook of one worksheet written as a stream with exceljs's WorkbookWriter: a bold
// header row kept in view, then one row per item, read batch by batch and zipped as it goes, so
// memory stays flat however many rows. Text is written as text, never as a formula, and text a
// spreadsheet would run as a formula gets the same single quote as in the CSVs (app/lib/csv.ts),
// so the file stays safe when someone saves it again as CSV. Line breaks are read back as \n
// (XML keeps no carriage returns).
import { PassThrough, Readable, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import { neutraliseFormula } from "~/lib/csv";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type XlsxColumn = {
  header: string;
  /** In characters. */
  width: number;
  /** Excel's number format for the column's numbers ("0.00"). */
  numFmt?: string;
};

export type XlsxCell = string | number | null;

// Characters XML 1.0 cannot hold: a workbook with one in it will not open. A vertical tab or form
// feed (Word's line break, pasted) becomes a line break; the other control characters go.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to remove
const NOT_IN_XML = /[\u0000-\u0008\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text a workbook can hold: lone surrogates made U+FFFD, control characters dropped. */
function xmlSafe(text: string) {
  return text
    .toWellFormed()
    .replace(/[\v\f]/g, "\n")
    .replace(NOT_IN_XML, "");
}

function drainedOrClosed(stream: Writable) {
  return new Promise<void>((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

/**
 * Where the worksheet's XML goes to be zipped: exceljs's WorkbookWriter keeps each sheet's XML in
 * a buffer stream piped into the zip's compressor, and writes on without heeding its backpressure.
 */
function sheetCompressors(sheet: ExcelJS.Worksheet): CompressorInput[] {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown } }).stream;
  return Array.isArray(stream?.pipes) ? (stream.pipes as CompressorInput[]) : [];
}

/** The zip's input: a stream of the readable-stream package (v2), which has no writableNeedDrain. */
type CompressorInput = Writable & { _writableState?: { needDrain?: boolean } };

function behind(stream: CompressorInput) {
  return Boolean(stream.writableNeedDrain ?? stream._writableState?.needDrain);
}

/**
 * The workbook as a stream: `columns` give the header row, each batch of `batches` its rows
 * through `toCells`. The next batch is read only once the bytes of the last one have gone.
 */
export function toXlsxStream<Row>(
  sheetName: string,
  columns: readonly XlsxColumn[],
  batches: AsyncIterable<readonly Row[]>,
  toCells: (row: Row) => readonly XlsxCell[],
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  // One style object per column, shared by its cells: exceljs finds a style it has seen by the
  // object, and a cell's own copy of its column's style would cost a lookup each (over half the
  // time of a large export).
  const styles = columns.map(
    (column): Partial<ExcelJS.Style> => (column.numFmt ? { numFmt: column.numFmt } : {}),
  );
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  // A download cancelled halfway closes `out`, and no more batches are read.
  let stopped = false;
  out.once("close", () => {
    stopped = true;
  });
  async function write() {
    for await (const batch of batches) {
      if (stopped) return;
      for (const row of batch) {
        const cells = toCells(row).map((cell) =>
          typeof cell === "string" ? neutraliseFormula(xmlSafe(cell)) : cell,
        );
        const added = sheet.addRow(cells);
        added.eachCell((cell, column) => {
          cell.style = styles[column - 1] ?? {};
        });
        added.commit();
      }
      // Wait while the zipping is behind (exceljs hands the sheet's XML to the compressor without
      // waiting for it: unzipped XML piled up there, 77 MB of a 100,000-row export), then while
      // the reader is behind, so unread rows never pile up in memory.
      for (const compressor of sheetCompressors(sheet)) {
        while (!stopped && behind(compressor)) await drainedOrClosed(compressor);
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain) await drainedOrClosed(out);
      if (stopped) return;
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
