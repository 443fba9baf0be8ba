// The enquiries CSV: RFC 4180 (every field quoted, quotes doubled, CRLF line ends), UTF-8 with a
// byte-order mark so Excel reads macrons (Māori place names) right, and every cell that a
// spreadsheet would run as a formula neutralised with a leading single quote. The follow-up
// columns come after the spec's seven, so a sheet that reads the old columns by position still
// reads them right.
import { formatReference } from "./reference";

export const CSV_HEADERS = [
  "Full Name",
  "Email",
  "Phone",
  "Subject",
  "Message",
  "File URL",
  "Date",
  "Reference",
  "Status",
  "Owner",
  "Products",
] as const;

/** The UTF-8 byte-order mark, written once at the start of the file. */
export const CSV_BOM = "\uFEFF";

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

// Excel, LibreOffice and Google Sheets treat a cell starting with one of these as a formula
// (OWASP "CSV injection"); tab and carriage return can hide one after leading whitespace.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised, quotes doubled, always quoted (so commas and newlines stay inside). */
export function toCsvCell(value: string | null | undefined) {
  const text = value ?? "";
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function toCsvLine(values: readonly (string | null | undefined)[]) {
  return `${values.map(toCsvCell).join(",")}\r\n`;
}

export type CsvEnquiry = {
  fullName: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  fileUrl: string | null;
  createdAt: Date;
  referenceNo: number;
  status: string;
  ownerName: string | null;
  /** The quote-list lines as "2 × Name; 5 × Name", null when there are none. */
  products: string | null;
};

export function toEnquiryCsvLine(row: CsvEnquiry) {
  return toCsvLine([
    row.fullName,
    row.email,
    row.phone,
    row.subject,
    row.message,
    row.fileUrl,
    row.createdAt.toISOString(),
    formatReference(row.referenceNo, row.createdAt),
    row.status,
    row.ownerName,
    row.products,
  ]);
}

/** The first chunk of every export: the BOM and the header line. */
export function csvPreamble() {
  return CSV_BOM + toCsvLine(CSV_HEADERS);
}

/** A whole (small) file at once, for Export Selected. */
export function toEnquiriesCsv(rows: readonly CsvEnquiry[]) {
  return csvPreamble() + rows.map(toEnquiryCsvLine).join("");
}

/** The trader's calendar date (New Zealand), as YYYY-MM-DD. */
export function formatNzDate(date: Date) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Pacific/Auckland",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}

/** contact_queries_all_2026-11-22.csv or contact_queries_selected_3_2026-11-22.csv */
export function csvFileName(
  selection: { kind: "all" } | { kind: "selected"; count: number },
  date = new Date(),
) {
  const part = selection.kind === "all" ? "all" : `selected_${selection.count}`;
  return `contact_queries_${part}_${formatNzDate(date)}.csv`;
}

/**
 * The whole file as a stream: the preamble, then one chunk per batch, read only when the client
 * is ready for more (pull), so memory stays flat however many enquiries there are.
 */
export function toEnquiriesCsvStream(
  batches: AsyncIterable<readonly CsvEnquiry[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvPreamble()));
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(toEnquiryCsvLine).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
