// The enquiries CSV, written as every CSV of the back office is (app/lib/csv.ts). The follow-up
// columns come after the original seven, so a sheet that reads the old columns by position still
// reads them right.
import { CSV_BOM, toCsvLine, toCsvStream } from "~/lib/csv";
import { centsToText } from "~/lib/money";
import { nzToday } from "~/lib/nz-date";
import type { EnquiryView } from "./view";

export { CSV_CONTENT_TYPE, toCsvCell, toCsvLine } from "~/lib/csv";

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
  "Quote State",
  "Accepted Total",
] as const;

/** An enquiry's view, with the state of its quotes. */
export type CsvEnquiry = EnquiryView & {
  /** The latest quote's state (accepted, sent, …), null with no quote. */
  quoteState: string | null;
  /** The accepted quote's total incl. GST in cents (as text, from a bigint), null when none. */
  acceptedTotal: string | null;
};

/** The quote-list lines as "2 × Name; 5 × Name", in list order; null when there are none. */
function productsCell(lines: EnquiryView["lines"]) {
  return lines.length > 0 ? lines.map((line) => `${line.quantity} × ${line.productName}`).join("; ") : null;
}

export function toEnquiryCsvLine(row: CsvEnquiry) {
  return toCsvLine([
    row.fullName,
    row.email,
    row.phone,
    row.subject,
    row.message,
    row.fileUrl,
    row.createdAt.toISOString(),
    row.reference,
    row.status,
    row.ownerName,
    productsCell(row.lines),
    row.quoteState,
    // Plain dollars and cents ("1234.56"), as a spreadsheet reads a number.
    row.acceptedTotal === null ? null : centsToText(Number(row.acceptedTotal)),
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

/** contact_queries_all_2026-11-22.csv or contact_queries_selected_3_2026-11-22.csv */
export function csvFileName(
  selection: { kind: "all" } | { kind: "selected"; count: number },
  date = new Date(),
) {
  const part = selection.kind === "all" ? "all" : `selected_${selection.count}`;
  return `contact_queries_${part}_${nzToday(date)}.csv`;
}

/**
 * The whole file as a stream: the preamble, then one chunk per batch, read only when the client
 * is ready for more (pull), so memory stays flat however many enquiries there are.
 */
export function toEnquiriesCsvStream(batches: AsyncIterable<readonly CsvEnquiry[]>) {
  return toCsvStream(csvPreamble(), batches, toEnquiryCsvLine);
}
