// Which of the catalogue's fields each column of a trader's sheet holds, suggested from its
// header: the export's own header first, then the synonyms traders use (Code, RRP, Qty, …), each
// compared without case, spaces or punctuation ("Stock code", "STOCK_CODE" and "stock-code" are
// one header). A field is given to one column only; the first column that claims it keeps it.
//
// "Description" means the product's name in many traders' sheets (Code, Description, Price) and
// its description in others (Name, Description). It is decided last: the name when no column is
// the name, else the long description when none is, else the short description.
import { SHEET_COLUMNS, type SheetField } from "./columns";

export type ColumnMatch = {
  /** The column's position in the sheet, from 0. */
  index: number;
  header: string;
  field: SheetField | null;
  /** How the field was found: the export's header, a synonym, or null when it was not. */
  by: "header" | "synonym" | null;
};

export type SheetMapping = {
  columns: ColumnMatch[];
  /** The columns no field was found for (blank headers included), in sheet order. */
  unmapped: ColumnMatch[];
  /** The fields no column holds, in the export's order. */
  missing: SheetField[];
};

/** A header as compared: lower case, accents off, letters and digits only ("Discount (%)" -> "discount"). */
export function normaliseHeader(header: string) {
  return header
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Headers that mean different fields in different sheets, and the order they are tried in. */
const AMBIGUOUS = new Map<string, readonly SheetField[]>([
  ["description", ["name", "description", "shortDescription"]],
]);

const BY_HEADER = new Map<string, SheetField>();
const BY_SYNONYM = new Map<string, SheetField>();
for (const column of SHEET_COLUMNS) {
  // The field's own name counts as its header, as a developer's export writes it (is_published).
  for (const header of [column.header, column.field]) {
    const key = normaliseHeader(header);
    if (!AMBIGUOUS.has(key)) BY_HEADER.set(key, column.field);
  }
  for (const synonym of column.synonyms) BY_SYNONYM.set(normaliseHeader(synonym), column.field);
}

/** The field each column of a sheet with these headers holds, as far as the headers tell. */
export function suggestMapping(headers: readonly string[]): SheetMapping {
  const columns: ColumnMatch[] = headers.map((header, index) => ({ index, header, field: null, by: null }));
  const taken = new Set<SheetField>();
  const claim = (match: ColumnMatch, field: SheetField | undefined, by: ColumnMatch["by"]) => {
    if (!field || match.field || taken.has(field)) return;
    match.field = field;
    match.by = by;
    taken.add(field);
  };
  const keys = headers.map(normaliseHeader);
  for (const [i, match] of columns.entries()) claim(match, BY_HEADER.get(keys[i] ?? ""), "header");
  for (const [i, match] of columns.entries()) claim(match, BY_SYNONYM.get(keys[i] ?? ""), "synonym");
  for (const [i, match] of columns.entries()) {
    const choices = AMBIGUOUS.get(keys[i] ?? "") ?? [];
    claim(
      match,
      choices.find((field) => !taken.has(field)),
      "synonym",
    );
  }
  return {
    columns,
    unmapped: columns.filter((match) => match.field === null),
    missing: SHEET_COLUMNS.map((c) => c.field).filter((field) => !taken.has(field)),
  };
}
