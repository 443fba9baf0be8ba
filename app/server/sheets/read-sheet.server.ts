// A spreadsheet file of either kind, told by its first bytes rather than its name: a zip is an
// Excel workbook (.xlsx), an OLE2 file is the old .xls (refused with what to do instead), anything
// else is read as CSV.
import { type OpenFile, readCsv } from "./csv-reader.server";
import { SHEET_MESSAGES, type Sheet, SheetError } from "./sheet";
import { readXlsx, type XlsxOptions } from "./xlsx-reader.server";

export type { OpenFile } from "./csv-reader.server";

const ZIP = Buffer.from("PK\x03\x04", "latin1");
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

async function firstBytes(open: OpenFile, count: number) {
  const source = open();
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of source) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= count) break;
    }
  } finally {
    source.destroy();
  }
  return Buffer.concat(chunks).subarray(0, count);
}

/** The file `open` reads, as a Sheet; `sheet` names the worksheet of a workbook (the first by default). */
export async function readSheet(
  open: OpenFile,
  options: XlsxOptions = {},
): Promise<Sheet & { close(): Promise<void> }> {
  const magic = await firstBytes(open, OLE2.length);
  if (magic.subarray(0, ZIP.length).equals(ZIP)) return readXlsx(open, options);
  if (magic.equals(OLE2)) throw new SheetError(SHEET_MESSAGES.oldExcel);
  return readCsv(open, options);
}
