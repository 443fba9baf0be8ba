// The dry run's judgement of one row of a sheet: the product it is for (by stock code, else by
// exact name), what the row would make of it, and every problem in words, by the product
// dialog's rules (its form schema and messages, its stock-code rule, the publish gate). Nothing
// here reads or writes the database: the planner (plan.server.ts) hands in what the catalogue
// holds.
//
// A blank cell says nothing: a new product takes the dialog's default, an existing one keeps its
// value. The cell `(clear)` empties the field (what the dialog does with an empty field).
import { z } from "zod";
import type { ImportMode, ImportRowAction } from "~/lib/vocabulary";
import {
  columnFor,
  isClearToken,
  plainLines,
  readCell,
  type SheetField,
} from "~/modules/catalog-sheet/columns";
import { stockCodeTakenMessage } from "~/modules/products/commands.server";
import { type ProductInput, productFormSchema, skuField } from "~/modules/products/schema";
import type {
  ImportColumn,
  ImportProblem,
  ImportProductFields,
  ImportProductState,
} from "~/server/db/schema/imports";

/** A product the catalogue has, as the planner matches it. */
export type ProductRef = { id: string; name: string; sku: string | null };

/** A matched product's stored fields, and its updated_at as the database writes it. */
export type StoredProduct = ImportProductFields & { id: string; version: string };

export type Named = { id: string; name: string };

/** What the catalogue holds that a row is judged against, read once per dry run. */
export type Catalogue = {
  /** By stock code in lower case. */
  bySku: Map<string, ProductRef>;
  /** By name, its line breaks as \n, trimmed. */
  byName: Map<string, ProductRef[]>;
  /** Product categories and brands by name (namesIndex); and by id. */
  categories: NameIndex;
  brands: NameIndex;
  categoryById: Map<string, Named>;
  brandById: Map<string, Named>;
  /** Building information sheets by title (namesIndex); and each sheet by id. */
  sheetsByTitle: NameIndex;
  sheetById: Map<string, { title: string; refusal: string | null }>;
};

export type PlanOptions = { mode: ImportMode; createMissing: boolean };

/** A cell as the row gives it. */
type Given = { kind: "value"; value: string } | { kind: "clear" };

/** The mapped cells of a row, read; fields whose cell is blank are absent. */
export type RowReading = {
  rowNumber: number;
  cells: string[];
  given: Map<SheetField, Given>;
  problems: ImportProblem[];
  /** Fields whose cell could not be read (the problem says why; the form's own message would repeat it). */
  unread: Set<SheetField>;
  /** The columns' headers, by field (the file's own words for each). */
  headers: Map<SheetField, string>;
};

/** The row's match in the catalogue. */
export type RowMatch = {
  product: ProductRef | null;
  matchedBy: "sku" | "name" | null;
  /** How the row is told from the file's other rows: its stock code, else its name. */
  fileKey: string | null;
  /** Why the row cannot be matched (more than one product with its name). */
  problem: ImportProblem | null;
};

export type PlannedRow = {
  rowNumber: number;
  action: ImportRowAction;
  fileKey: string | null;
  productId: string | null;
  matchedBy: "sku" | "name" | null;
  cells: string[];
  before: ImportProductState | null;
  after: ImportProductState | null;
  problems: ImportProblem[] | null;
  plannedVersion: string | null;
  /** A category or brand the file names that the catalogue lacks. */
  unknownCategory: string | null;
  unknownBrand: string | null;
};

/** The fields of a mapped sheet, by column position. */
export function fieldColumns(columns: readonly ImportColumn[]) {
  const found = new Map<SheetField, { index: number; header: string }>();
  for (const column of columns) {
    if (column.field && !found.has(column.field as SheetField))
      found.set(column.field as SheetField, { index: column.index, header: column.header });
  }
  return found;
}

function sameLines(a: string, b: string) {
  return plainLines(a) === plainLines(b);
}

/** Text as names are compared: trimmed, runs of spaces one, lower case. */
export function nameKey(text: string) {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * How a name in a cell is looked for, closest first: as written (trimmed), then in any case, then
 * with runs of spaces made one. "Pine  90" (two spaces) is the category of that name even when
 * "Pine 90" exists too; a sheet's "pine 90" finds "Pine 90" when no name is closer.
 */
const NAME_KEYS: readonly ((text: string) => string)[] = [
  (text) => text.trim(),
  (text) => text.trim().toLowerCase(),
  nameKey,
];

/** Named things by each of the NAME_KEYS. */
export type NameIndex = Map<string, Named[]>[];

export function namesIndex(rows: readonly Named[]): NameIndex {
  return NAME_KEYS.map((key) => {
    const found = new Map<string, Named[]>();
    for (const row of rows) {
      const list = found.get(key(row.name)) ?? [];
      list.push(row);
      found.set(key(row.name), list);
    }
    return found;
  });
}

/** The things of this name, found by the closest of the NAME_KEYS that finds any. */
export function findByName(index: NameIndex, text: string): Named[] {
  for (const [i, key] of NAME_KEYS.entries()) {
    const found = index[i]?.get(key(text));
    if (found?.length) return found;
  }
  return [];
}

/** Reads the row's mapped cells: each one's value, `(clear)`, or what is wrong with it. */
export function readRow(
  row: { rowNumber: number; cells: string[] },
  columns: ReadonlyMap<SheetField, { index: number; header: string }>,
): RowReading {
  const given = new Map<SheetField, Given>();
  const problems: ImportProblem[] = [];
  const unread = new Set<SheetField>();
  const headers = new Map<SheetField, string>();
  for (const [field, { index, header }] of columns) {
    headers.set(field, header || columnFor(field).header);
    const cell = row.cells[index] ?? "";
    const trimmed = cell.trim();
    if (trimmed === "") continue;
    if (isClearToken(trimmed)) {
      given.set(field, { kind: "clear" });
      continue;
    }
    const read = readCell(columnFor(field), cell);
    if (read.ok) given.set(field, { kind: "value", value: read.value });
    else {
      problems.push({ column: header || columnFor(field).header, message: read.message });
      unread.add(field);
    }
  }
  return { rowNumber: row.rowNumber, cells: row.cells, given, problems, unread, headers };
}

function givenText(reading: RowReading, field: SheetField) {
  const given = reading.given.get(field);
  return given?.kind === "value" ? given.value : null;
}

/** The row's stock code as the product form keeps it, or null (none, cleared, or not a code). */
function rowSku(reading: RowReading) {
  const text = givenText(reading, "sku");
  if (text === null) return null;
  const parsed = skuField.safeParse(text);
  return parsed.success ? parsed.data : null;
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The product the row is for: the one with its stock code; else the one with exactly its name
 * (for a row with a code, only a product without one, since a product with another code is
 * another product; for a row with a blank code, the one without a code when several have the name).
 */
export function matchRow(reading: RowReading, catalogue: Catalogue): RowMatch {
  const sku = rowSku(reading);
  const name = givenText(reading, "name")?.trim() ?? null;
  const fileKey = sku ? `sku:${sku.toLowerCase()}` : name ? `name:${name}` : null;
  const bySku = sku ? catalogue.bySku.get(sku.toLowerCase()) : undefined;
  if (bySku) return { product: bySku, matchedBy: "sku", fileKey, problem: null };
  if (!name) return { product: null, matchedBy: null, fileKey, problem: null };
  let named = (catalogue.byName.get(name) ?? []).filter((p) => !sku || !p.sku);
  // A row whose stock-code cell is blank, in a sheet with that column, is not for a product with a
  // code (the export writes each product's code in its row): of several products of its name, the
  // one without a code is the row's.
  const codeCell = reading.given.get("sku");
  if (named.length > 1 && reading.headers.has("sku") && (!codeCell || codeCell.kind === "clear")) {
    const withoutCode = named.filter((p) => !p.sku);
    if (withoutCode.length === 1) named = withoutCode;
  }
  if (named.length === 1) return { product: named[0] ?? null, matchedBy: "name", fileKey, problem: null };
  if (named.length > 1) {
    return {
      product: null,
      matchedBy: null,
      fileKey,
      problem: {
        column: reading.headers.get("name") ?? null,
        message: `${plural(named.length, "product is", "products are")} named "${name}": give the row a stock code to say which one.`,
      },
    };
  }
  return { product: null, matchedBy: null, fileKey, problem: null };
}

/** A product's fields as the product form posts them (the dialog's own starting point). */
function formValuesOf(fields: ImportProductFields): Record<string, string> {
  return {
    name: fields.name,
    sku: fields.sku ?? "",
    unit: fields.unit ?? "",
    shortDescription: fields.shortDescription ?? "",
    description: fields.description ?? "",
    price: String(fields.price),
    originalPrice: fields.originalPrice === null ? "" : String(fields.originalPrice),
    discountPercentage: String(fields.discountPercentage),
    stockQuantity: String(fields.stockQuantity),
    categoryId: fields.categoryId ?? "",
    brandId: fields.brandId ?? "",
    buildingInfoId: fields.buildingInfoId ?? "",
    stockStatus: fields.stockStatus,
    isPublished: fields.isPublished ? "on" : "",
    isFeatured: fields.isFeatured ? "on" : "",
    imageUrl: fields.imageUrl ?? "",
  };
}

/**
 * What a new product starts from: the Add Product dialog's defaults (stock 0, In Stock,
 * published), but no price: a row that gives none is refused rather than priced at $0.00.
 */
const NEW_PRODUCT: Record<string, string> = {
  name: "",
  sku: "",
  unit: "",
  shortDescription: "",
  description: "",
  price: "",
  originalPrice: "",
  discountPercentage: "0",
  stockQuantity: "0",
  categoryId: "",
  brandId: "",
  buildingInfoId: "",
  stockStatus: "In Stock",
  isPublished: "on",
  isFeatured: "",
  imageUrl: "",
};

/** The sheet's fields that are the product form's fields of the same name. */
const PLAIN_FIELDS = [
  "name",
  "sku",
  "unit",
  "shortDescription",
  "description",
  "price",
  "originalPrice",
  "discountPercentage",
  "stockQuantity",
  "stockStatus",
  "isPublished",
  "isFeatured",
] as const satisfies readonly (SheetField & keyof ProductInput)[];

/** The sheet field a form field's message belongs to. */
const FIELD_OF_INPUT: Record<string, SheetField> = {
  categoryId: "category",
  brandId: "brand",
  buildingInfoId: "buildingInformation",
  imageUrl: "picture",
};

function headerOf(reading: RowReading, field: SheetField) {
  return reading.headers.get(field) ?? columnFor(field).header;
}

const categoryNameSchema = z.string().trim().max(100, "Must be at most 100 characters");

type Lookup = { id: string | null; name: string | null; unknown: string | null; problem: string | null };

/** A category's or brand's cell: the one of that name, one to create, or a problem. */
function lookUpNamed(
  text: string,
  known: NameIndex,
  noun: "category" | "brand",
  createMissing: boolean,
): Lookup {
  const [found] = findByName(known, text);
  if (found) return { id: found.id, name: found.name, unknown: null, problem: null };
  const name = text.replace(/\s+/g, " ").trim();
  const checked = categoryNameSchema.safeParse(name);
  if (!checked.success)
    return { id: null, name: null, unknown: null, problem: checked.error.issues[0]?.message ?? "" };
  const Noun = noun === "category" ? "Category" : "Brand";
  if (createMissing) return { id: null, name, unknown: name, problem: null };
  return {
    id: null,
    name: null,
    unknown: name,
    problem: `${Noun} "${name}" does not exist. Tick "Create missing categories and brands" to create it, or add it first.`,
  };
}

/** Whether a picture cell names a picture the import cannot take, and why (null when it can). */
export type PictureCheck = (ref: string) => string | null;

export type JudgeContext = {
  catalogue: Catalogue;
  options: PlanOptions;
  checkPicture: PictureCheck;
  /** Rows whose picture cell names the picture their product shows already (no change). */
  currentPictures?: ReadonlySet<number>;
};

function stateOf(
  fields: ImportProductFields,
  catalogue: Catalogue,
  names?: Partial<ImportProductState["names"]>,
) {
  return {
    fields,
    names: {
      category:
        names?.category ??
        (fields.categoryId ? (catalogue.categoryById.get(fields.categoryId)?.name ?? null) : null),
      brand:
        names?.brand ?? (fields.brandId ? (catalogue.brandById.get(fields.brandId)?.name ?? null) : null),
      buildingInfo: fields.buildingInfoId
        ? (catalogue.sheetById.get(fields.buildingInfoId)?.title ?? null)
        : null,
    },
  } satisfies ImportProductState;
}

/** The fields of a product, from the form schema's output, in one order. */
function fieldsOf(input: ProductInput): ImportProductFields {
  return {
    name: input.name,
    sku: input.sku,
    unit: input.unit,
    shortDescription: input.shortDescription,
    description: input.description,
    price: input.price,
    originalPrice: input.originalPrice,
    discountPercentage: input.discountPercentage,
    categoryId: input.categoryId,
    brandId: input.brandId,
    buildingInfoId: input.buildingInfoId,
    imageUrl: input.imageUrl,
    stockQuantity: input.stockQuantity,
    stockStatus: input.stockStatus,
    isFeatured: input.isFeatured,
    isPublished: input.isPublished,
  };
}

/** The fields of a stored product in the order fieldsOf gives (for comparing). */
function storedFields(product: ImportProductFields): ImportProductFields {
  return fieldsOf(product as ProductInput);
}

function sameFields(a: ImportProductFields, b: ImportProductFields) {
  return (Object.keys(a) as (keyof ImportProductFields)[]).every((key) => a[key] === b[key]);
}

function refusedRow(
  reading: RowReading,
  match: RowMatch,
  before: ImportProductState | null,
  problems: ImportProblem[],
  unknown: { category: string | null; brand: string | null },
  version: string | null,
): PlannedRow {
  return {
    rowNumber: reading.rowNumber,
    action: "refused",
    fileKey: match.fileKey,
    productId: match.product?.id ?? null,
    matchedBy: match.matchedBy,
    cells: reading.cells,
    before,
    after: null,
    problems,
    plannedVersion: version,
    unknownCategory: unknown.category,
    unknownBrand: unknown.brand,
  };
}

/**
 * The row judged: what the import would do (create, update, leave unchanged) or why it refuses
 * it. `stored` is the matched product as stored.
 */
export function judgeRow(
  reading: RowReading,
  match: RowMatch,
  stored: StoredProduct | null,
  { catalogue, options, checkPicture, currentPictures }: JudgeContext,
): PlannedRow {
  const before = stored ? stateOf(storedFields(stored), catalogue) : null;
  const version = stored?.version ?? null;
  const problems = [...reading.problems];
  const unknown = { category: null as string | null, brand: null as string | null };
  if (match.problem) problems.push(match.problem);
  if (match.product && options.mode === "create_only") {
    const by = match.matchedBy === "sku" ? "this stock code" : "this name";
    problems.push({
      column: headerOf(reading, match.matchedBy === "sku" ? "sku" : "name"),
      message: `The product "${match.product.name}" has ${by} already, and this import only adds new products.`,
    });
  }
  if (!match.product && !match.problem && options.mode === "update_only") {
    problems.push({
      column: headerOf(reading, reading.given.has("sku") ? "sku" : "name"),
      message: "No product has this stock code or name, and this import only changes existing products.",
    });
  }

  const values = before ? formValuesOf(before.fields) : { ...NEW_PRODUCT };
  for (const field of PLAIN_FIELDS) {
    const given = reading.given.get(field);
    if (!given) continue;
    const value = given.kind === "clear" ? "" : given.value;
    // A sheet writes every line break as \n (a workbook keeps no other), while the dialog's
    // text box posts \r\n (plainLines): text that differs from the stored text only in how its
    // line breaks are written is the stored text, unchanged.
    if (before && sameLines(value, values[field] ?? "")) continue;
    values[field] = value;
  }

  const names: { category?: string | null; brand?: string | null } = {};
  for (const [field, input, known, noun] of [
    ["category", "categoryId", catalogue.categories, "category"],
    ["brand", "brandId", catalogue.brands, "brand"],
  ] as const) {
    const given = reading.given.get(field);
    if (!given) continue;
    if (given.kind === "clear") {
      values[input] = "";
      names[field] = null;
      continue;
    }
    const found = lookUpNamed(given.value, known, noun, options.createMissing);
    if (found.problem) problems.push({ column: headerOf(reading, field), message: found.problem });
    if (found.unknown) unknown[field] = found.unknown;
    values[input] = found.id ?? "";
    names[field] = found.name;
  }

  const sheet = reading.given.get("buildingInformation");
  if (sheet?.kind === "clear") values.buildingInfoId = "";
  else if (sheet) {
    const titled = findByName(catalogue.sheetsByTitle, sheet.value);
    const column = headerOf(reading, "buildingInformation");
    if (titled.length === 1) values.buildingInfoId = titled[0]?.id ?? "";
    else if (titled.length === 0)
      problems.push({ column, message: `No building information sheet is titled "${sheet.value.trim()}".` });
    else
      problems.push({
        column,
        message: `${titled.length} building information sheets are titled "${sheet.value.trim()}": give each a title of its own first.`,
      });
  }

  // A picture the product has already (its address here, or the same bytes in the ZIP or at the
  // address it was fetched from) is no change; a new one is taken when the import is applied (a
  // file from the ZIP or an address fetched, stored first), so the plan keeps its cell.
  let picture: string | undefined;
  const pictureCell = reading.given.get("picture");
  if (pictureCell?.kind === "clear") values.imageUrl = "";
  else if (pictureCell) {
    const ref = pictureCell.value.trim();
    const current = ref === before?.fields.imageUrl || (currentPictures?.has(reading.rowNumber) ?? false);
    const refusal = current ? null : checkPicture(ref);
    if (refusal) problems.push({ column: headerOf(reading, "picture"), message: refusal });
    else if (!current) {
      picture = ref;
      if (isPictureAddress(ref)) values.imageUrl = ref;
    }
  }

  const parsed = productFormSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      const field = (FIELD_OF_INPUT[key] ?? key) as SheetField;
      if (!reading.unread.has(field))
        problems.push({ column: headerOf(reading, field), message: issue.message });
    }
  }
  if (!parsed.success || problems.length > 0)
    return refusedRow(reading, match, before, problems, unknown, version);

  const fields = fieldsOf(parsed.data);
  if (fields.sku) {
    const holder = catalogue.bySku.get(fields.sku.toLowerCase());
    if (holder && holder.id !== match.product?.id)
      problems.push({
        column: headerOf(reading, "sku"),
        message: stockCodeTakenMessage(holder.name),
      });
  }
  if (fields.isPublished && fields.buildingInfoId) {
    const refusal = catalogue.sheetById.get(fields.buildingInfoId)?.refusal;
    if (refusal) problems.push({ column: headerOf(reading, "isPublished"), message: refusal });
  }
  if (problems.length > 0) return refusedRow(reading, match, before, problems, unknown, version);

  const after: ImportProductState = { ...stateOf(fields, catalogue, names), ...(picture ? { picture } : {}) };
  const changed =
    !before ||
    !sameFields(before.fields, fields) ||
    after.names.category !== before.names.category ||
    after.names.brand !== before.names.brand ||
    picture !== undefined;
  return {
    rowNumber: reading.rowNumber,
    action: !before ? "create" : changed ? "update" : "unchanged",
    fileKey: match.fileKey,
    productId: match.product?.id ?? null,
    matchedBy: match.matchedBy,
    cells: reading.cells,
    before,
    after,
    problems: null,
    plannedVersion: version,
    unknownCategory: unknown.category,
    unknownBrand: unknown.brand,
  };
}

/** A picture cell that is an address (http(s), or a file the site stores), not a file's name. */
export function isPictureAddress(ref: string) {
  return /^https?:\/\//i.test(ref) || ref.startsWith("/");
}

/**
 * The problem of a row whose stock code (or, without one, name) another row of the file has too:
 * neither is imported, since which one the trader meant is theirs to say.
 */
export function duplicateProblem(reading: RowReading, otherRow: number): ImportProblem {
  const sku = rowSku(reading);
  if (sku)
    return { column: headerOf(reading, "sku"), message: `Stock code ${sku} is also on row ${otherRow}.` };
  const name = givenText(reading, "name")?.trim() ?? "";
  return {
    column: headerOf(reading, "name"),
    message: `The name "${name}" is also on row ${otherRow}, and neither row has a stock code to tell them apart.`,
  };
}

/** The problem of a row for the same product as an earlier row (one by its code, one by its name). */
export function sameProductProblem(reading: RowReading, otherRow: number): ImportProblem {
  return {
    column: headerOf(reading, reading.given.has("sku") ? "sku" : "name"),
    message: `Row ${otherRow} is for the same product.`,
  };
}
