// The CSV reader on files saved by real programs (tests/fixtures/import/README.md says which): the
// encodings Excel and LibreOffice write, their separators, quoted line breaks, blank and trailing
// rows, and the limits.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { expect, test } from "vitest";
import { readCsv } from "./csv-reader.server";
import { readSheet } from "./read-sheet.server";
import { SHEET_MESSAGES, SheetError, type SheetRow } from "./sheet";

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/import");
const fixture = (name: string) => () => fs.createReadStream(path.join(FIXTURES, name));

async function all(rows: AsyncIterable<SheetRow>) {
  const out: SheetRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

/** A file made of `lines`, streamed in chunks of about 64 KB as it is produced (never whole in memory). */
function generated(lines: () => Iterable<string>) {
  return () =>
    Readable.from(
      (function* () {
        let chunk = "";
        for (const line of lines()) {
          chunk += line;
          if (chunk.length >= 65_536) {
            yield Buffer.from(chunk);
            chunk = "";
          }
        }
        if (chunk) yield Buffer.from(chunk);
      })(),
    );
}

const PRICE_LIST_HEADER = [
  "Item Code",
  "Description",
  "",
  "Sell Price",
  "Qty",
  "Disc %",
  "Updated",
  "Incl GST",
];

test("LibreOffice's UTF-8 CSV: the title line above the header is passed over, macrons and quoted line breaks kept", async () => {
  const sheet = await readCsv(fixture("libreoffice-price-list-utf8.csv"));
  expect(sheet).toMatchObject({ encoding: "utf-8", delimiter: ",", headerRowNumber: 3 });
  expect(sheet.header).toEqual(PRICE_LIST_HEADER);
  const rows = await all(sheet.rows);
  expect(rows.map((r) => r.rowNumber)).toEqual([4, 5, 6, 7]);
  expect(rows[0]?.cells).toEqual([
    "00123",
    "Pinus radiata H3.2 framing 90x45",
    "per 4.8 m length",
    "12.50",
    "40",
    "15%",
    "3/11/2026",
    "14.37",
  ]);
  expect(rows[1]?.cells[1]).toBe('Kwila decking 140x19 "reeded"');
  expect(rows[2]?.cells[1]).toBe("Māori-designed tukutuku panel, kōwhai");
  expect(rows[3]?.cells[1]).toBe("Galvanised flat-head nails\n100 pack");
});

test("Excel's CSV UTF-8 (byte-order mark, CRLF, ',,,' rows at the end) reads as LibreOffice's does", async () => {
  const excel = await readCsv(fixture("excel-style-utf8-bom.csv"));
  const libre = await readCsv(fixture("libreoffice-price-list-utf8.csv"));
  expect(excel.encoding).toBe("utf-8");
  expect(excel.header).toEqual(PRICE_LIST_HEADER);
  expect(excel.header[0]).not.toMatch(/^\uFEFF/);
  expect(await all(excel.rows)).toEqual(await all(libre.rows));
});

test("a Windows-1252 file (é, ’, –, € only on its last lines) is read as Windows-1252 throughout", async () => {
  // Windows-1252 has no macrons: a file with ā is UTF-8 (above); this one holds what it can.
  const sheet = await readCsv(fixture("libreoffice-windows-1252.csv"));
  expect(sheet.encoding).toBe("windows-1252");
  expect(sheet.header).toEqual(["Code", "Product Name", "Price", "Notes"]);
  const rows = await all(sheet.rows);
  expect(rows).toHaveLength(32);
  expect(rows.at(-2)?.cells).toEqual(["C-200", "Café table – rimu top", "649", "O’Brien’s design"]);
  expect(rows.at(-1)?.cells).toEqual(["C-201", "Crème paint, 4 L", "79.5", "€ price on request"]);
});

test("semicolons and tabs are told from the header line; UTF-16 (Excel's Unicode Text) by its mark", async () => {
  const comma = await all((await readCsv(fixture("libreoffice-price-list-utf8.csv"))).rows);
  const semicolon = await readCsv(fixture("libreoffice-price-list-semicolon.csv"));
  expect(semicolon.delimiter).toBe(";");
  expect(semicolon.header).toEqual(PRICE_LIST_HEADER);
  expect((await all(semicolon.rows)).map((r) => r.cells[1])).toEqual(comma.map((r) => r.cells[1]));

  const tab = await readCsv(fixture("libreoffice-price-list-tab.csv"));
  expect(tab.delimiter).toBe("\t");
  expect(await all(tab.rows)).toEqual(comma);

  const unicode = await readCsv(fixture("excel-style-unicode-text.txt"));
  expect(unicode).toMatchObject({ encoding: "utf-16le", delimiter: "\t" });
  expect(unicode.header).toEqual(PRICE_LIST_HEADER);
  expect(await all(unicode.rows)).toEqual(comma);
});

test("Excel's sep= line chooses the separator and is not a row", async () => {
  const sheet = await readCsv(fixture("excel-sep-line-decimal-comma.csv"));
  expect(sheet).toMatchObject({ delimiter: ";", header: ["Code", "Name", "Price"], headerRowNumber: 1 });
  expect(await all(sheet.rows)).toEqual([
    { rowNumber: 2, cells: ["K-1", "Kauri bench", "1 299,00"] },
    { rowNumber: 3, cells: ["K-2", "Kauri stool", "249,5"] },
  ]);
});

test("a stray quote inside a cell is text, quoted commas and line breaks stay in their cell, blank rows are skipped", async () => {
  const sheet = await readCsv(fixture("pos-export-quotes-and-blank-rows.csv"));
  expect(sheet.header).toEqual(["SKU", "Item Name", "Retail", "SOH", "Category"]);
  const rows = await all(sheet.rows);
  expect(rows).toEqual([
    { rowNumber: 2, cells: ["N-12", '12" galvanised nails', "14.90", "1200", "Fixings"] },
    { rowNumber: 3, cells: ["B-7", 'Bracket, angle "heavy" 90mm', "3.5", "85", "Fixings"] },
    { rowNumber: 4, cells: ["P-22", "Paint brush\nsynthetic, 50 mm", "12", "40", "Paint"] },
    // The blank line between them keeps its row number; the blank rows at the end are not rows.
    { rowNumber: 6, cells: ["W-9", "Weatherboard primer 4L", "89.00", "7", "Paint"] },
  ]);
});

test("a short row is padded to the header's width; a long one keeps its extra cells", async () => {
  const sheet = await readCsv(generated(() => ["Code,Name,Price\n", "A,Short\n", "B,Long,1,extra\n"]));
  expect((await all(sheet.rows)).map((r) => r.cells)).toEqual([
    ["A", "Short", ""],
    ["B", "Long", "1", "extra"],
  ]);
});

test("more than 100,000 rows under the header are refused in words, while reading", async () => {
  const rows = function* () {
    yield "Code,Name,Price\n";
    for (let i = 1; i <= 100_001; i++) yield `C${i},Product ${i},${i}\n`;
  };
  const sheet = await readCsv(generated(rows));
  let read = 0;
  const reading = (async () => {
    for await (const _ of sheet.rows) read++;
  })();
  await expect(reading).rejects.toThrow(new SheetError(SHEET_MESSAGES.tooManyRows));
  expect(read).toBe(100_000);
  expect(SHEET_MESSAGES.tooManyRows).toBe(
    "This sheet has more than 100,000 rows. Split it into files of at most 100,000 rows and import them one at a time.",
  );

  const exactly = await readCsv(
    generated(function* () {
      yield "Code,Name\n";
      for (let i = 1; i <= 100_000; i++) yield `C${i},Product ${i}\n`;
    }),
  );
  expect((await all(exactly.rows)).length).toBe(100_000);
});

test("a file over 50 MB is refused as its bytes arrive, before anything is parsed", async () => {
  const line = `${"x".repeat(1023)}\n`;
  const file = generated(function* () {
    yield "Code,Name\n";
    for (let i = 0; i < 50 * 1024 + 1; i++) yield line;
  });
  await expect(readCsv(file)).rejects.toThrow(new SheetError(SHEET_MESSAGES.tooLarge));
  expect(SHEET_MESSAGES.tooLarge).toBe(
    "This file is larger than 50 MB. Split the catalogue into smaller files and import them one at a time.",
  );
});

test("a quote never closed is named by its row; an empty file says what a sheet should hold", async () => {
  const unclosed = generated(() => ["Code,Name\n", "A,Fine\n", 'B,"Never closed\n', "C,More\n"]);
  await expect((async () => all((await readCsv(unclosed)).rows))()).rejects.toThrow(
    'A quote (") opened on row 3 is never closed. Check that row in the file.',
  );
  await expect(readCsv(generated(() => ["\n", " , \n"]))).rejects.toThrow(SHEET_MESSAGES.empty);
});

test("readSheet tells the kinds apart by their first bytes and refuses the old .xls", async () => {
  expect((await readSheet(fixture("libreoffice-price-list-utf8.csv"))).format).toBe("csv");
  expect((await readSheet(fixture("libreoffice-price-list.xlsx"))).format).toBe("xlsx");
  const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
  await expect(readSheet(() => Readable.from([ole2]))).rejects.toThrow(SHEET_MESSAGES.oldExcel);
});
