// The part of reading a sheet that is the same for CSV and XLSX: finding the header row (a title
// line above it, such as a merged "Price list, November" banner, is passed over), skipping blank
// rows, padding short rows to the header's width, and holding the row limits.
import {
  MAX_SHEET_ROWS,
  SHEET_MESSAGES,
  type Sheet,
  SheetError,
  type SheetRow,
  SPREADSHEET_LAST_ROW,
} from "./sheet";

/** How many non-blank rows at the top are searched for the header. */
const HEADER_SEARCH_ROWS = 10;

function filledCount(cells: readonly string[]) {
  let n = 0;
  for (const cell of cells) if (cell.trim() !== "") n++;
  return n;
}

function headerCell(cell: string) {
  return cell.replace(/\s+/g, " ").trim();
}

function checkRowNumber(rowNumber: number) {
  if (rowNumber > SPREADSHEET_LAST_ROW) throw new SheetError(SHEET_MESSAGES.pastLastRow);
}

/**
 * The header and the rows under it, from every row as read. The header is the first row with two
 * or more filled cells among the first ten non-blank rows (rows above it, with one cell each, are a
 * title and are passed over); failing that, the first non-blank row. Throws SheetError for an empty
 * file, a row past the spreadsheet's last row, or more than MAX_SHEET_ROWS rows under the header.
 */
export async function splitHeader(
  raw: AsyncIterable<SheetRow>,
  maxRows = MAX_SHEET_ROWS,
): Promise<Pick<Sheet, "header" | "headerRowNumber" | "rows"> & { close(): Promise<void> }> {
  const iterator = raw[Symbol.asyncIterator]();
  const close = async () => {
    await iterator.return?.();
  };
  const leading: SheetRow[] = [];
  let headerAt = -1;
  try {
    while (leading.length < HEADER_SEARCH_ROWS) {
      const next = await iterator.next();
      if (next.done) break;
      const filled = filledCount(next.value.cells);
      if (filled === 0) continue;
      checkRowNumber(next.value.rowNumber);
      leading.push(next.value);
      if (filled >= 2) {
        headerAt = leading.length - 1;
        break;
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  const first = leading[Math.max(headerAt, 0)];
  if (!first) {
    await close();
    throw new SheetError(SHEET_MESSAGES.empty);
  }
  const header = first.cells.map(headerCell);
  const pending = leading.slice(Math.max(headerAt, 0) + 1);

  async function* rows(): AsyncGenerator<SheetRow> {
    let count = 0;
    const take = (row: SheetRow): SheetRow | null => {
      if (filledCount(row.cells) === 0) return null;
      checkRowNumber(row.rowNumber);
      count++;
      if (count > maxRows) throw new SheetError(SHEET_MESSAGES.tooManyRows);
      const cells = row.cells.length >= header.length ? row.cells : [...row.cells];
      while (cells.length < header.length) cells.push("");
      return { rowNumber: row.rowNumber, cells };
    };
    try {
      for (const row of pending) {
        const taken = take(row);
        if (taken) yield taken;
      }
      while (true) {
        const next = await iterator.next();
        if (next.done) return;
        const taken = take(next.value);
        if (taken) yield taken;
      }
    } finally {
      await close();
    }
  }

  return { header, headerRowNumber: first.rowNumber, rows: rows(), close };
}
