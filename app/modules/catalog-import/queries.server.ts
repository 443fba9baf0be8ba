// Imports as the back office reads them: the history, one import, its dry run's preview, its
// progress, its report (the file's own rows with a Problem column) and, before an undo, the
// products changed since it was applied. And the saved column profiles.
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { CSV_BOM, toCsvLine, toCsvStream } from "~/lib/csv";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import { IMPORT_JOB_STATUSES, type ImportStatus } from "~/lib/vocabulary";
import { normaliseHeader } from "~/modules/catalog-sheet/mapping";
import { getDb } from "~/server/db/db.server";
import { catalogImportProfiles, catalogImportRows, catalogImports, products } from "~/server/db/schema";
import type { ImportProblem } from "~/server/db/schema/imports";
import { notFound } from "~/server/http/not-found";
import { changesOf, type FieldChange, problemsInWords } from "./preview";

export type ImportRecord = typeof catalogImports.$inferSelect;

/** The import `id`; a 404 with the message when there is none. */
export async function getImport(id: string): Promise<ImportRecord> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const [row] = isUuid ? await getDb().select().from(catalogImports).where(eq(catalogImports.id, id)) : [];
  if (!row) throw notFound("This import does not exist.");
  return row;
}

export type ImportListRow = Pick<
  ImportRecord,
  | "id"
  | "fileName"
  | "status"
  | "createdByName"
  | "createdAt"
  | "rowsTotal"
  | "toCreate"
  | "toUpdate"
  | "refused"
  | "created"
  | "updated"
  | "undone"
  | "appliedAt"
>;

/** Every import, newest first, a page at a time. */
export function listImports(page: number): Promise<Paged<ImportListRow>> {
  const db = getDb();
  return readPage(
    page,
    () => db.select({ n: count() }).from(catalogImports),
    (offset) =>
      db
        .select({
          id: catalogImports.id,
          fileName: catalogImports.fileName,
          status: catalogImports.status,
          createdByName: catalogImports.createdByName,
          createdAt: catalogImports.createdAt,
          rowsTotal: catalogImports.rowsTotal,
          toCreate: catalogImports.toCreate,
          toUpdate: catalogImports.toUpdate,
          refused: catalogImports.refused,
          created: catalogImports.created,
          updated: catalogImports.updated,
          undone: catalogImports.undone,
          appliedAt: catalogImports.appliedAt,
        })
        .from(catalogImports)
        .orderBy(desc(catalogImports.createdAt), desc(catalogImports.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
}

// ------------------------------------------------------------------ the preview

/** Changed rows the preview shows; refused rows it lists before saying how many more there are. */
const PREVIEW_CHANGED_ROWS = 50;
const PREVIEW_REFUSED_ROWS = 500;

export type ChangedRow = {
  rowNumber: number;
  action: "create" | "update";
  matchedBy: "sku" | "name" | null;
  name: string;
  changes: FieldChange[];
};

export type RefusedRow = { rowNumber: number; problems: ImportProblem[] };

export type ImportPreview = {
  changed: ChangedRow[];
  refused: RefusedRow[];
  /** Refused rows past the list. */
  refusedBeyond: number;
  /** Rows matched to a product by its exact name (the row had no stock code the catalogue knows). */
  matchedByName: number;
  /** The file's columns no field is taken from. */
  unmapped: string[];
};

/** The dry run's preview: the first changed rows, before → after, and the refused rows with their reasons. */
export async function previewOf(record: ImportRecord): Promise<ImportPreview> {
  const db = getDb();
  const ofImport = eq(catalogImportRows.importId, record.id);
  const [changedRows, refusedRows, [byName]] = await Promise.all([
    db
      .select({
        rowNumber: catalogImportRows.rowNumber,
        action: catalogImportRows.action,
        matchedBy: catalogImportRows.matchedBy,
        before: catalogImportRows.before,
        after: catalogImportRows.after,
      })
      .from(catalogImportRows)
      .where(and(ofImport, inArray(catalogImportRows.action, ["create", "update"])))
      .orderBy(asc(catalogImportRows.rowNumber))
      .limit(PREVIEW_CHANGED_ROWS),
    db
      .select({ rowNumber: catalogImportRows.rowNumber, problems: catalogImportRows.problems })
      .from(catalogImportRows)
      .where(and(ofImport, eq(catalogImportRows.action, "refused")))
      .orderBy(asc(catalogImportRows.rowNumber))
      .limit(PREVIEW_REFUSED_ROWS),
    db
      .select({ n: count() })
      .from(catalogImportRows)
      .where(and(ofImport, eq(catalogImportRows.matchedBy, "name"))),
  ]);
  return {
    changed: changedRows.map((row) => ({
      rowNumber: row.rowNumber,
      action: row.action as "create" | "update",
      matchedBy: row.matchedBy,
      name: row.after?.fields.name ?? row.before?.fields.name ?? "",
      changes: changesOf(row.before, row.after),
    })),
    refused: refusedRows.map((row) => ({ rowNumber: row.rowNumber, problems: row.problems ?? [] })),
    refusedBeyond: Math.max(0, record.refused - refusedRows.length),
    matchedByName: Number(byName?.n ?? 0),
    unmapped: record.columns
      .filter((column) => !column.field)
      .map((column) => column.header || `Column ${column.index + 1}`),
  };
}

// ------------------------------------------------------------------ progress

export type ImportProgress = {
  /** Rows done by the job now asked for. */
  done: number;
  /** Rows it has to do; null while the dry run reads the file (its length is not known). */
  total: number | null;
  /** Seconds left at the rate so far; null until there is a rate. */
  secondsLeft: number | null;
  /** The import whose job runs while this one waits its turn. */
  waitingFor: { id: string; fileName: string } | null;
  /** A step failed and waits to be tried again. */
  retrying: boolean;
};

function jobTotal(record: ImportRecord) {
  if (record.status === "applying")
    return record.toCreate + record.toUpdate + (record.stopAtFirstProblem ? record.refused : 0);
  if (record.status === "undoing") return record.created + record.updated;
  return null;
}

/** How far the import's job has got, the time left, and what it waits for. */
export async function progressOf(record: ImportRecord, now = new Date()): Promise<ImportProgress | null> {
  if (!(IMPORT_JOB_STATUSES as readonly ImportStatus[]).includes(record.status)) return null;
  const total = jobTotal(record);
  const done = record.jobRowsDone;
  const live = record.lockedUntil !== null && record.lockedUntil > now;
  let secondsLeft: number | null = null;
  const sinceStart = record.jobStartedAt ? (now.getTime() - record.jobStartedAt.getTime()) / 1000 : 0;
  const doneThisRun = done - record.jobRowsAtStart;
  if (total !== null && record.lockedBy && sinceStart > 0 && doneThisRun > 0)
    secondsLeft = Math.ceil((Math.max(0, total - done) * sinceStart) / doneThisRun);
  let waitingFor: ImportProgress["waitingFor"] = null;
  if (!record.lockedBy) {
    const [running] = await getDb()
      .select({ id: catalogImports.id, fileName: catalogImports.fileName })
      .from(catalogImports)
      .where(
        and(
          inArray(catalogImports.status, [...IMPORT_JOB_STATUSES]),
          sql`${catalogImports.id} <> ${record.id}`,
          sql`${catalogImports.lockedUntil} > ${now.toISOString()}`,
          sql`${catalogImports.lockedBy} is not null`,
        ),
      )
      .limit(1);
    waitingFor = running ?? null;
  }
  return { done, total, secondsLeft, waitingFor, retrying: !record.lockedBy && live };
}

// ------------------------------------------------------------------ the report

const REPORT_BATCH = 1000;

async function* reportRows(id: string) {
  let after = 0;
  while (true) {
    const rows = await getDb()
      .select({
        rowNumber: catalogImportRows.rowNumber,
        cells: catalogImportRows.cells,
        problems: catalogImportRows.problems,
        applyProblem: catalogImportRows.applyProblem,
        undoProblem: catalogImportRows.undoProblem,
      })
      .from(catalogImportRows)
      .where(and(eq(catalogImportRows.importId, id), gt(catalogImportRows.rowNumber, after)))
      .orderBy(asc(catalogImportRows.rowNumber))
      .limit(REPORT_BATCH);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < REPORT_BATCH) return;
    after = last.rowNumber;
  }
}

/** What the report is called: the sheet's own name (without its extension) and "report". */
export function reportTitle(record: ImportRecord) {
  return `${record.fileName.replace(/\.[^.]*$/, "") || "import"} report`;
}

/**
 * The report: the file's own rows (its header first) with a Problem column: what the dry run
 * refused, and what the apply or the undo could not do. Every cell neutralised as every export's
 * is (app/lib/csv.ts), so a cell a spreadsheet would run as a formula is text.
 */
export function importReport(record: ImportRecord) {
  const width = record.headers.length;
  return toCsvStream(CSV_BOM + toCsvLine([...record.headers, "Problem"]), reportRows(record.id), (row) => {
    const cells = Array.from({ length: width }, (_, i) => row.cells[i] ?? "");
    const problem = [problemsInWords(row.problems), row.applyProblem, row.undoProblem]
      .filter(Boolean)
      .join("; ");
    return toCsvLine([...cells, problem]);
  });
}

// ------------------------------------------------------------------ before an undo

const UNDO_CONFLICTS_SHOWN = 50;

/**
 * The products the import wrote that have changed since (or, for one it changed, been deleted):
 * an undo leaves them. The first ones, with how many there are.
 */
export async function undoConflictsOf(record: ImportRecord) {
  const changedSince = and(
    eq(catalogImportRows.importId, record.id),
    eq(catalogImportRows.applied, "done"),
    isNull(catalogImportRows.undone),
    sql`(${products.id} is null and ${catalogImportRows.action} = 'update' or ${products.updatedAt} is distinct from ${catalogImportRows.appliedVersion} and ${products.id} is not null)`,
  );
  const db = getDb();
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        rowNumber: catalogImportRows.rowNumber,
        name: sql<string>`coalesce(${products.name}, ${catalogImportRows.after}->'fields'->>'name')`,
        gone: sql<boolean>`${products.id} is null`,
      })
      .from(catalogImportRows)
      .leftJoin(products, eq(products.id, catalogImportRows.productId))
      .where(changedSince)
      .orderBy(asc(catalogImportRows.rowNumber))
      .limit(UNDO_CONFLICTS_SHOWN),
    db
      .select({ n: count() })
      .from(catalogImportRows)
      .leftJoin(products, eq(products.id, catalogImportRows.productId))
      .where(changedSince),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

// ------------------------------------------------------------------ column profiles

export type ImportProfile = typeof catalogImportProfiles.$inferSelect;

export function listProfiles() {
  return getDb().select().from(catalogImportProfiles).orderBy(asc(catalogImportProfiles.name));
}

/**
 * The profile that fits a file with these headers best: the one with the most of its headers in
 * the file (every one of them there); null when none fits.
 */
export function profileFor(profiles: readonly ImportProfile[], headers: readonly string[]) {
  const present = new Set(headers.map(normaliseHeader));
  let best: ImportProfile | null = null;
  for (const profile of profiles) {
    const fits = profile.columns.every((column) => present.has(normaliseHeader(column.header)));
    if (fits && (!best || profile.columns.length > best.columns.length)) best = profile;
  }
  return best;
}

/** The fields a profile gives the file's columns, by position (a header it does not know: none). */
export function fieldsFromProfile(profile: ImportProfile, headers: readonly string[]) {
  const byHeader = new Map(profile.columns.map((column) => [normaliseHeader(column.header), column.field]));
  return headers.map((header) => byHeader.get(normaliseHeader(header)) ?? null);
}
