import { parse } from "csv-parse/sync";
import { expect, test } from "vitest";
import {
  CSV_HEADERS,
  type CsvEnquiry,
  csvFileName,
  toCsvCell,
  toEnquiriesCsv,
  toEnquiriesCsvStream,
} from "./csv";
import { formatReference } from "./reference";

type Fixture = Partial<Omit<CsvEnquiry, "lines" | "reference">> & {
  referenceNo?: number;
  /** The quote-list lines as [quantity, product name]. */
  products?: [number, string][];
};

function enquiry({ referenceNo = 123, products = [], ...overrides }: Fixture = {}): CsvEnquiry {
  const createdAt = overrides.createdAt ?? new Date("2026-11-22T01:02:03.456Z");
  return {
    id: "00000000-0000-4000-8000-000000000123",
    reference: formatReference(referenceNo, createdAt),
    source: "contact",
    fullName: "Aroha Ngata",
    email: "aroha@example.co.nz",
    phone: null,
    subject: "Product Information",
    message: "Please send a quote.",
    fileUrl: null,
    accountId: null,
    job: null,
    fileHref: null,
    attachmentDeletedAt: null,
    status: "New",
    spamReason: null,
    ownerId: null,
    ownerName: null,
    closedAt: null,
    quoteState: null,
    acceptedTotal: null,
    ...overrides,
    createdAt,
    lines: products.map(([quantity, productName]) => ({
      quantity,
      productName,
      productId: null,
      currentName: null,
    })),
  };
}

function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false });
}

test("every cell is quoted, quotes are doubled and lines end in CRLF", () => {
  const csv = toEnquiriesCsv([enquiry({ message: 'He said "hi", then left' })]);
  const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe(
    '"Full Name","Email","Phone","Subject","Message","File URL","Date","Reference","Status","Owner","Products","Quote State","Accepted Total"',
  );
  expect(lines[1]).toContain('"He said ""hi"", then left"');
  expect(lines.at(-1)).toBe("");
  expect(csv.replaceAll("\r\n", "")).not.toContain("\n");
});

test("the file starts with the UTF-8 byte-order mark", () => {
  const bytes = new TextEncoder().encode(toEnquiriesCsv([]));
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
});

test("a real CSV parser gives back exactly the stored fields, with formula cells neutralised", () => {
  const rows = [
    enquiry({
      fullName: "Te Ātārangi, Ltd",
      email: "kia.ora@whānau.nz",
      phone: "+64 21 555 0199",
      subject: 'Quote, "urgent"',
      message: "Line one\r\nLine two\nLine three — Whangārei, Ōtāhuhu, Taupō",
      fileUrl: "contact_uploads/1764000000000-0123456789abcdef.pdf",
    }),
    enquiry({ fullName: "=SUM(A1)", phone: "-5", subject: "@x", message: "\tcmd", email: "ok@example.com" }),
    enquiry({ fullName: "Ngaio Smith", message: '\r=HYPERLINK("http://evil")', subject: "+1" }),
  ];
  const [header, ...parsed] = parseCsv(toEnquiriesCsv(rows));
  expect(header).toEqual([...CSV_HEADERS]);
  // The two quote columns are empty here (no quote): the rest is compared cell by cell.
  expect(parsed.map((row) => row.slice(-2))).toEqual(parsed.map(() => ["", ""]));
  expect(parsed.map((row) => row.slice(0, -2))).toEqual([
    [
      "Te Ātārangi, Ltd",
      "kia.ora@whānau.nz",
      "'+64 21 555 0199",
      'Quote, "urgent"',
      "Line one\r\nLine two\nLine three — Whangārei, Ōtāhuhu, Taupō",
      "contact_uploads/1764000000000-0123456789abcdef.pdf",
      "2026-11-22T01:02:03.456Z",
      "TC-2026-000123",
      "New",
      "",
      "",
    ],
    [
      "'=SUM(A1)",
      "ok@example.com",
      "'-5",
      "'@x",
      "'\tcmd",
      "",
      "2026-11-22T01:02:03.456Z",
      "TC-2026-000123",
      "New",
      "",
      "",
    ],
    [
      "Ngaio Smith",
      "aroha@example.co.nz",
      "",
      "'+1",
      '\'\r=HYPERLINK("http://evil")',
      "",
      "2026-11-22T01:02:03.456Z",
      "TC-2026-000123",
      "New",
      "",
      "",
    ],
  ]);
});

test("the follow-up columns: reference in New Zealand's year, status, owner and the quote-list lines", () => {
  const [, row] = parseCsv(
    toEnquiriesCsv([
      enquiry({
        // 31 December 12:30 UTC is already New Year's Day in Auckland: the reference says 2027.
        createdAt: new Date("2026-12-31T12:30:00Z"),
        referenceNo: 4567,
        status: "In Progress",
        ownerName: "=Sam Sales",
        products: [
          [2, "H3.2 Pine 90x45"],
          [5, "GIB Board 10mm"],
        ],
      }),
    ]),
  );
  expect(row?.slice(7, 11)).toEqual([
    "TC-2027-004567",
    "In Progress",
    "'=Sam Sales",
    "2 × H3.2 Pine 90x45; 5 × GIB Board 10mm",
  ]);
});

test("text that only contains a formula sign later is left as it is", () => {
  expect(toCsvCell("A-1 = B")).toBe('"A-1 = B"');
  expect(toCsvCell(null)).toBe('""');
  expect(toCsvCell("")).toBe('""');
});

test("file names carry 'all' or 'selected_N' and the New Zealand date", () => {
  // 11:30 UTC on 22 November is already the 23rd in Auckland (NZDT, UTC+13).
  const date = new Date("2026-11-22T11:30:00Z");
  expect(csvFileName({ kind: "all" }, date)).toBe("contact_queries_all_2026-11-23.csv");
  expect(csvFileName({ kind: "selected", count: 3 }, date)).toBe("contact_queries_selected_3_2026-11-23.csv");
});

test("the stream writes the header first and then each batch in order", async () => {
  async function* batches() {
    yield [enquiry({ fullName: "First" }), enquiry({ fullName: "Second" })];
    yield [enquiry({ fullName: "Third" })];
  }
  const text = await new Response(toEnquiriesCsvStream(batches())).text();
  expect(text.startsWith("\uFEFF")).toBe(false); // Response.text() strips the BOM while decoding
  const parsed = parseCsv(text);
  expect(parsed.map((row) => row[0])).toEqual(["Full Name", "First", "Second", "Third"]);
  const bytes = new Uint8Array(await new Response(toEnquiriesCsvStream(batches())).arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
});

test("an enquiry's latest quote state and its accepted total (dollars and cents) close the row", () => {
  const [, row] = parseCsv(toEnquiriesCsv([enquiry({ quoteState: "accepted", acceptedTotal: "123456" })]));
  expect(row?.slice(-2)).toEqual(["accepted", "1234.56"]);
  const [, none] = parseCsv(toEnquiriesCsv([enquiry()]));
  expect(none?.slice(-2)).toEqual(["", ""]);
});
