// The streaming workbook writer: numbers stay numbers, text stays text (never a formula, with the
// CSVs' quote before a formula character), characters a workbook cannot hold do not break it,
// and a download stopped halfway stops the reading of batches.
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { expect, test } from "vitest";
import { readXlsx } from "./xlsx-reader.server";
import { toXlsxStream } from "./xlsx-writer.server";

const COLUMNS = [
  { header: "Name", width: 20 },
  { header: "Price", width: 10, numFmt: "0.00" },
];

async function* batchesOf<T>(rows: T[][]) {
  for (const batch of rows) yield batch;
}

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

test("numbers are numbers, text is text, formula-like text is quoted and never a formula", async () => {
  const rows = [
    ['=HYPERLINK("http://evil","x")', 12.5],
    ["+64 21 555 0199", 0],
    ["Kōwhai bench", null],
  ] as const;
  const body = toXlsxStream("Catalogue", COLUMNS, batchesOf([rows.slice(0, 2), rows.slice(2)]), (r) => r);
  const bytes = await bytesOf(body);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet("Catalogue");
  expect(sheet?.getRow(1).values).toEqual([undefined, "Name", "Price"]);
  expect(sheet?.getRow(1).font?.bold).toBe(true);
  const formulaLike = sheet?.getCell("A2");
  expect(formulaLike?.type).toBe(ExcelJS.ValueType.String);
  expect(formulaLike?.value).toBe('\'=HYPERLINK("http://evil","x")');
  expect(sheet?.getCell("A3").value).toBe("'+64 21 555 0199");
  expect(sheet?.getCell("B2").type).toBe(ExcelJS.ValueType.Number);
  expect(sheet?.getCell("B2").numFmt).toBe("0.00");
  expect(sheet?.getCell("A4").value).toBe("Kōwhai bench");
  expect(sheet?.getCell("B4").value).toBe(null);
});

test("control characters and broken surrogates cannot make a workbook that will not open", async () => {
  const name = "Deck\u000bscrews\u0001 \ud800box\u0007";
  const bytes = await bytesOf(toXlsxStream("S", COLUMNS, batchesOf([[[name, 1]]]), (r) => r));
  const sheet = await readXlsx(() => Readable.from([bytes]));
  const rows = [];
  for await (const row of sheet.rows) rows.push(row.cells);
  expect(rows).toEqual([["Deck\nscrews \ufffdbox", "1"]]);
});

/** Waits until `count` has not changed for half a second (or ten seconds have passed). */
async function settled(count: () => number) {
  let last = -1;
  let still = 0;
  for (let polls = 0; polls < 100 && still < 5; polls++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    still = count() === last ? still + 1 : 0;
    last = count();
  }
  return last;
}

/** A thousand batches of a thousand rows, counting the batches read. */
function thousandBatches() {
  const counter = { read: 0 };
  async function* many() {
    for (let i = 0; i < 1000; i++) {
      counter.read++;
      yield Array.from({ length: 1000 }, (_, j) => [`Product ${i}-${j} ${"x".repeat(40)}`, j]);
    }
  }
  return { counter, batches: many() };
}

test("a reader that falls behind holds the writer back: batches are read as the bytes go", async () => {
  const { counter, batches } = thousandBatches();
  const reader = toXlsxStream("S", COLUMNS, batches, (r) => r).getReader();
  await reader.read();
  // The writer stops when the bytes in between fill up, long before the end of the rows.
  expect(await settled(() => counter.read)).toBeLessThan(100);
  await reader.cancel();
});

test("a download cancelled halfway reads no more batches", async () => {
  const { counter, batches } = thousandBatches();
  const reader = toXlsxStream("S", COLUMNS, batches, (r) => r).getReader();
  await reader.read();
  await reader.cancel();
  const atCancel = counter.read;
  expect(await settled(() => counter.read)).toBeLessThanOrEqual(atCancel + 1);
});
