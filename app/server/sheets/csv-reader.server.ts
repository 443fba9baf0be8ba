// A CSV file as a Sheet, read as a stream with csv-parse: UTF-8 with or without a byte-order mark,
// UTF-16 with its mark (Excel's "Unicode Text"), or Windows-1252 (what Excel on Windows saves as
// "CSV" in English): a file without a mark that is not valid UTF-8 throughout is read as
// Windows-1252. The separator (comma,
// semicolon or tab) is the one the header line uses most; Excel's "sep=;" first line is honoured.
// Quoted cells may hold separators, quotes and line breaks.
//
// The file is read twice, never held: once to check its bytes are UTF-8 (an é in Windows-1252 can
// sit on the last line), once to parse it. `open` gives a new stream of the file each time.
import { pipeline, Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import iconv from "iconv-lite";
import { splitHeader } from "./rows.server";
import {
  MAX_SHEET_BYTES,
  MAX_SHEET_ROWS,
  SHEET_MESSAGES,
  type Sheet,
  SheetError,
  type SheetRow,
} from "./sheet";

/** A new stream of the file's bytes each time it is called. */
export type OpenFile = () => Readable;

export type CsvOptions = { maxBytes?: number; maxRows?: number };

type Encoding = NonNullable<Sheet["encoding"]>;
type Delimiter = NonNullable<Sheet["delimiter"]>;

const MARKS: readonly [Buffer, Encoding][] = [
  [Buffer.from([0xef, 0xbb, 0xbf]), "utf-8"],
  [Buffer.from([0xff, 0xfe]), "utf-16le"],
  [Buffer.from([0xfe, 0xff]), "utf-16be"],
];
const DELIMITERS: readonly Delimiter[] = [",", ";", "\t"];
/** A cell longer than this is refused: it is almost always a quote that was never closed. */
const MAX_RECORD_CHARACTERS = 1_000_000;
/** How much of the start of the file is searched for the header line. */
const SNIFF_LINES = 10;
const SNIFF_CHARACTERS = 64 * 1024;

async function* limitedBytes(source: Readable, maxBytes: number): AsyncGenerator<Buffer> {
  let total = 0;
  try {
    for await (const chunk of source) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      total += bytes.length;
      if (total > maxBytes) throw new SheetError(SHEET_MESSAGES.tooLarge);
      yield bytes;
    }
  } finally {
    source.destroy();
  }
}

/** The encoding its byte-order mark names, else "utf-8" when every byte is UTF-8, else "windows-1252". */
async function detectEncoding(open: OpenFile, maxBytes: number): Promise<Encoding> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let first = true;
  try {
    for await (const chunk of limitedBytes(open(), maxBytes)) {
      if (first) {
        const marked = MARKS.find(([mark]) => chunk.subarray(0, mark.length).equals(mark));
        if (marked) return marked[1];
      }
      first = false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return "utf-8";
  } catch (error) {
    if (error instanceof SheetError) throw error;
    return "windows-1252";
  }
}

async function* decodedText(open: OpenFile, encoding: Encoding, maxBytes: number): AsyncGenerator<string> {
  // iconv-lite drops a leading byte-order mark.
  const decoder = iconv.getDecoder(encoding);
  for await (const chunk of limitedBytes(open(), maxBytes)) {
    const text = decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** The lines at the start of the text, a line break inside quotes not ending one. */
function firstLines(text: string, count: number) {
  const lines: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length && lines.length < count; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === "\n" && !quoted) {
      lines.push(text.slice(start, i).replace(/\r$/, ""));
      start = i + 1;
    }
  }
  if (lines.length < count && start < text.length) lines.push(text.slice(start));
  return lines;
}

/** The separators of a line, quoted ones not counted. */
function delimiterCounts(line: string) {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as Delimiter))
      counts.set(ch as Delimiter, (counts.get(ch as Delimiter) ?? 0) + 1);
  }
  return counts;
}

const SEP_LINE = /^sep=(.)$/i;

/**
 * The separator: from a "sep=" line, else the one the first line that has any uses most (comma
 * when there is a tie or none). `skip` is the length of a "sep=" line to leave out of the rows.
 */
function sniffDelimiter(start: string): { delimiter: Delimiter; skip: number } {
  const lines = firstLines(start, SNIFF_LINES);
  const sep = SEP_LINE.exec(lines[0] ?? "")?.[1];
  if (sep && DELIMITERS.includes(sep as Delimiter)) {
    const end = start.indexOf("\n");
    return { delimiter: sep as Delimiter, skip: end === -1 ? start.length : end + 1 };
  }
  for (const line of lines) {
    const counts = delimiterCounts(line);
    const best = DELIMITERS.reduce((a, b) => ((counts.get(b) ?? 0) > (counts.get(a) ?? 0) ? b : a));
    if ((counts.get(best) ?? 0) > 0) return { delimiter: best, skip: 0 };
  }
  return { delimiter: ",", skip: 0 };
}

/** The text with enough of its start gathered to find the separator. */
async function withDelimiter(text: AsyncGenerator<string>) {
  let start = "";
  let done = false;
  while (start.length < SNIFF_CHARACTERS && firstLines(start, SNIFF_LINES + 1).length <= SNIFF_LINES) {
    const next = await text.next();
    if (next.done) {
      done = true;
      break;
    }
    start += next.value;
  }
  const { delimiter, skip } = sniffDelimiter(start);
  async function* all() {
    if (start.length > skip) yield start.slice(skip);
    if (!done) yield* text;
  }
  return { delimiter, text: all() };
}

/** csv-parse's complaint about row `row`, in words. */
function csvMessage(error: CsvError, row: number) {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `A quote (") opened on row ${row} is never closed. Check that row in the file.`;
    case "CSV_MAX_RECORD_SIZE":
      return `Row ${row} is longer than ${MAX_RECORD_CHARACTERS.toLocaleString("en-NZ")} characters; a quote (") is probably not closed. Check that row in the file.`;
    case "CSV_INVALID_CLOSING_QUOTE":
      return `Row ${row} has text straight after a closing quote ("). Check that row in the file.`;
    default:
      return `Row ${row} could not be read as CSV. Save the file again from your spreadsheet program and import that.`;
  }
}

async function* records(text: AsyncIterable<string>, delimiter: Delimiter): AsyncGenerator<SheetRow> {
  const parser = parse({
    delimiter,
    relax_column_count: true,
    // A stray quote inside an unquoted cell (12" nails) is kept as text.
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARACTERS,
  });
  // pipeline destroys the parser with the source's error (a file over the limit), so the loop
  // below ends with it instead of waiting for more text.
  pipeline(Readable.from(text), parser, () => {});
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++;
      yield { rowNumber, cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      // Rows parsed before the failing one may not have been handed on yet.
      const parsed = typeof error.records === "number" ? error.records : rowNumber;
      throw new SheetError(csvMessage(error, parsed + 1));
    }
    throw error;
  } finally {
    parser.destroy();
  }
}

/** The CSV file `open` reads, as a Sheet. Throws SheetError for a file the import cannot take. */
export async function readCsv(
  open: OpenFile,
  options: CsvOptions = {},
): Promise<Sheet & { close(): Promise<void> }> {
  const maxBytes = options.maxBytes ?? MAX_SHEET_BYTES;
  const encoding = await detectEncoding(open, maxBytes);
  const { delimiter, text } = await withDelimiter(decodedText(open, encoding, maxBytes));
  const sheet = await splitHeader(records(text, delimiter), options.maxRows ?? MAX_SHEET_ROWS);
  return { format: "csv", encoding, delimiter, ...sheet };
}
