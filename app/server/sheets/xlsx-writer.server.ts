// A whole workbook of one worksheet written as a stream with exceljs's WorkbookWriter: a bold
// header row kept in view, then one row per item, read batch by batch and zipped as it goes, so
// memory stays flat however many rows. Text is written as text, never as a formula, and text a
// spreadsheet would run as a formula gets the same single quote as in the CSVs (app/lib/csv.ts),
// so the file stays safe when someone saves it again as CSV.
import { PassThrough, Readable } from "node:stream";
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

function drainedOrClosed(stream: PassThrough) {
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
        const cells = toCells(row).map((cell) => (typeof cell === "string" ? neutraliseFormula(cell) : cell));
        sheet.addRow(cells).commit();
      }
      // Wait while the reader is behind, so unread rows never pile up in memory.
      if (out.writableNeedDrain) await drainedOrClosed(out);
      if (stopped) return;
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
