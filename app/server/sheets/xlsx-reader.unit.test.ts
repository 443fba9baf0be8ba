// The XLSX reader on workbooks saved by LibreOffice Calc and Microsoft Excel
// (tests/fixtures/import/README.md says which and where they come from): merged cells, numbers and
// dates as numbers and as text, formulas read as their saved results, formatted empty rows,
// several sheets, and the limits.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { expect, test } from "vitest";
import { SHEET_MESSAGES, SheetError, type SheetRow } from "./sheet";
import { readXlsx } from "./xlsx-reader.server";
import { toXlsxStream } from "./xlsx-writer.server";

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/import");
const fixture = (name: string) => () => fs.createReadStream(path.join(FIXTURES, name));

async function all(rows: AsyncIterable<SheetRow>) {
  const out: SheetRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

test("LibreOffice's price list: merged title passed over, merged header cell, text and numbers as a person sees them", async () => {
  const sheet = await readXlsx(fixture("libreoffice-price-list.xlsx"));
  expect(sheet).toMatchObject({ format: "xlsx", sheetName: "Price list", headerRowNumber: 3 });
  // "Description" is merged over B3:C3: its value is in B, C reads as blank.
  expect(sheet.header).toEqual([
    "Item Code",
    "Description",
    "",
    "Sell Price",
    "Qty",
    "Disc %",
    "Updated",
    "Incl GST",
  ]);
  const rows = await all(sheet.rows);
  // Rows 8 to 11 are formatted but empty: not rows.
  expect(rows.map((r) => r.rowNumber)).toEqual([4, 5, 6, 7]);
  expect(rows[0]?.cells).toEqual([
    "00123", // a stock code typed as text keeps its zeros
    "Pinus radiata H3.2 framing 90x45",
    "per 4.8 m length",
    "12.5", // a number, in plain decimals whatever its format
    "40",
    "15%", // a percentage as it shows
    "2026-11-03", // a date cell
    "14.375", // the formula D4*1.15 as LibreOffice saved its result
  ]);
  // A price and a date typed as text stay the text typed.
  expect(rows[1]?.cells.slice(3, 8)).toEqual(["12.50", "120", "0%", "3/11/2026", "14.375"]);
  expect(rows[2]?.cells.slice(1, 4)).toEqual(["Māori-designed tukutuku panel, kōwhai", "each", "1234.5"]);
  expect(rows[3]?.cells[1]).toBe("Galvanised flat-head nails\n100 pack");
  // ROUND(D7*1.15, 2): 11.44 as saved, not a binary neighbour of it.
  expect(rows[3]?.cells[7]).toBe("11.44");
});

test("a sheet chosen by name (any case); a name that is not there lists the ones that are", async () => {
  const specials = await readXlsx(fixture("libreoffice-price-list.xlsx"), { sheet: "specials" });
  expect(specials.sheetName).toBe("Specials");
  expect(specials.header).toEqual(["Code", "Name", "RRP"]);
  expect((await all(specials.rows)).map((r) => r.cells)).toEqual([
    ["SP-1", "Rimu offcuts bundle", "45"],
    ["SP-2", "Tōtara sleeper 200x100", "89.9"],
  ]);
  await expect(readXlsx(fixture("libreoffice-price-list.xlsx"), { sheet: "Stock" })).rejects.toThrow(
    'This workbook has no sheet named "Stock". Its sheets are: Price list, Specials.',
  );
});

test("Excel's formulas are read as the results Excel saved: plain, shared and array; an error result as #ERROR", async () => {
  const sheet = await readXlsx(fixture("sheetjs-excel-formulae.xlsx"));
  // Row 1 has two or more filled cells, so it is the header row.
  expect(sheet.header).toEqual(["1", "1", "1", "1"]);
  expect((await all(sheet.rows)).map((r) => r.cells)).toEqual([
    ["2", "2", "2", "2"],
    ["3", "3", "3", "3"],
    ["4", "4", "4", "4"],
    ["5", "5", "5", "5"],
    // Excel saved #VALUE! there; exceljs's streaming reader keeps only that it is not a number.
    ["#ERROR", "55", "#ERROR", "55"],
  ]);
});

test("Excel's merged cells: the value is in the first cell of the merge, the rest read blank", async () => {
  const sheet = await readXlsx(fixture("sheetjs-excel-merge-cells.xlsx"));
  // A1:B2 and C1:C2 are merged: row 2 holds nothing but the "Separate blocks" of D1:D2's first cell.
  expect(sheet.header).toEqual(["A1:B2", "", "C1:C2", "Separate blocks"]);
  expect(await all(sheet.rows)).toEqual([
    { rowNumber: 3, cells: ["A3:B3", "", "C3", ""] },
    { rowNumber: 4, cells: ["… are merged separately", "", "", ""] },
  ]);
});

test("Excel's text and numbers, right to left text included, from the first of three sheets", async () => {
  const sheet = await readXlsx(fixture("sheetjs-excel-text-and-numbers.xlsx"));
  expect(sheet.sheetName).toBe("Sheet1");
  expect(sheet.header).toEqual(["English", "Hello", "World"]);
  expect(await all(sheet.rows)).toEqual([
    { rowNumber: 2, cells: ["Hebrew", "שלום", "עולם"] },
    { rowNumber: 4, cells: ["1337", "13.37", "1337"] },
  ]);
  await expect(readXlsx(fixture("sheetjs-excel-text-and-numbers.xlsx"), { sheet: "Sheet2" })).rejects.toThrow(
    SHEET_MESSAGES.empty,
  );
});

test("a row past the spreadsheet's last row is refused in words", async () => {
  const sheet = await readXlsx(fixture("damaged-row-past-limit.xlsx"));
  await expect(all(sheet.rows)).rejects.toThrow(new SheetError(SHEET_MESSAGES.pastLastRow));
  expect(SHEET_MESSAGES.pastLastRow).toBe(
    "This sheet has a row past row 1,048,576, the most a spreadsheet can hold, so it is damaged or was not saved by a spreadsheet program. Open it in Excel or LibreOffice, save it again and import that copy.",
  );
});

test("more rows than the import takes are refused while reading; a file over the size is refused as it arrives", async () => {
  const few = await readXlsx(fixture("libreoffice-price-list.xlsx"), { maxRows: 3 });
  await expect(all(few.rows)).rejects.toThrow(SHEET_MESSAGES.tooManyRows);
  await expect(readXlsx(fixture("libreoffice-price-list.xlsx"), { maxBytes: 4000 })).rejects.toThrow(
    SHEET_MESSAGES.tooLarge,
  );
});

test("a file that is not a workbook says so", async () => {
  const zipOfNothing = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(200, 7)]);
  await expect(readXlsx(() => Readable.from([zipOfNothing]))).rejects.toThrow(SHEET_MESSAGES.notWorkbook);
  await expect(readXlsx(fixture("libreoffice-price-list-utf8.csv"))).rejects.toThrow(
    SHEET_MESSAGES.notWorkbook,
  );
});

test("a workbook whose sheet names come last in the file (as the export writes it) is read whole, every time", async () => {
  // exceljs's streaming writer puts the workbook's part (the sheet names) and its styles last.
  // Reading stopped, now and again, before those last small parts were read, and the sheet asked
  // for by name was "not there": it happened on a few reads in a thousand, so this reads the
  // file many times.
  async function* batches() {
    yield [
      ["A-1", "Pine framing 90x45", 12.5],
      ["A-2", "Kwila decking", 14],
    ];
  }
  const columns = [
    { header: "Stock code", width: 10 },
    { header: "Name", width: 20 },
    { header: "Price", width: 10, numFmt: "0.00" },
  ];
  const bytes = Buffer.from(
    await new Response(toXlsxStream("Catalogue", columns, batches(), (row) => row)).arrayBuffer(),
  );
  const outcomes = new Map<string, number>();
  for (let read = 0; read < 1000; read++) {
    let outcome: string;
    try {
      const sheet = await readXlsx(() => Readable.from([bytes]), { sheet: "Catalogue" });
      const rows = await all(sheet.rows);
      outcome = JSON.stringify([sheet.sheetName, sheet.header, ...rows.map((row) => row.cells)]);
    } catch (error) {
      outcome = String(error);
    }
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
  expect([...outcomes]).toEqual([
    [
      JSON.stringify([
        "Catalogue",
        ["Stock code", "Name", "Price"],
        ["A-1", "Pine framing 90x45", "12.5"],
        ["A-2", "Kwila decking", "14"],
      ]),
      1000,
    ],
  ]);
}, 60_000);
