// Every CSV the back office exports: RFC 4180 (every field quoted, quotes doubled, CRLF line
// ends), UTF-8 with a byte-order mark so Excel reads macrons (Māori place names) right, and every
// cell that a spreadsheet would run as a formula neutralised with a leading single quote.
// Writing is this small and kept here; the tests read the files back with csv-parse. The
// catalogue import takes the quote off again (restoreFormula), so a sheet exported and imported
// keeps its text.

/** The UTF-8 byte-order mark, written once at the start of the file. */
export const CSV_BOM = "\uFEFF";

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

// Excel, LibreOffice and Google Sheets treat a cell starting with one of these as a formula
// (OWASP "CSV injection"); tab and carriage return can hide one after leading whitespace.
// Text that already starts with quotes before such a character gets one more too, so that
// restoreFormula can always give back exactly what was written.
const NEUTRALISED = /^'*[=+\-@\t\r]/;

/** The text, a single quote put before it when a spreadsheet would run it as a formula. */
export function neutraliseFormula(text: string) {
  return NEUTRALISED.test(text) ? `'${text}` : text;
}

/** The text neutraliseFormula was given, from what it returned (the quote taken off again). */
export function restoreFormula(text: string) {
  return text.startsWith("'") && NEUTRALISED.test(text.slice(1)) ? text.slice(1) : text;
}

/** One cell: neutralised, quotes doubled, always quoted (so commas and newlines stay inside). */
export function toCsvCell(value: string | null | undefined) {
  return `"${neutraliseFormula(value ?? "").replaceAll('"', '""')}"`;
}

export function toCsvLine(values: readonly (string | null | undefined)[]) {
  return `${values.map(toCsvCell).join(",")}\r\n`;
}

/**
 * A whole file as a stream: the preamble (BOM and header line), then one chunk per batch, read
 * only when the client is ready for more (pull), so memory stays flat however many rows.
 */
export function toCsvStream<Row>(
  preamble: string,
  batches: AsyncIterable<readonly Row[]>,
  toLine: (row: Row) => string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(preamble));
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(toLine).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
