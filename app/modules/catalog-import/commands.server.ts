// The catalogue import's writes (run through server/commands/runner.server.ts), ADR 044.

// =============================================================================================
// Imports: the upload, the mapping, and the steps of an import's job (its dry run, its apply,
// its undo), each step one command in one transaction. A step's command holds the job (the
// import row locked, the worker's claim checked and renewed), so a worker whose claim ran out
// and was taken over writes nothing more.

import fs from "node:fs";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import {
  IMPORT_JOB_STATUSES,
  type ImportJobStatus,
  type ImportMode,
  type StockStatus,
} from "~/lib/vocabulary";
import { columnFor, type SheetField } from "~/modules/catalog-sheet/columns";
import { suggestMapping } from "~/modules/catalog-sheet/mapping";
import {
  checkProducts,
  deleteProduct,
  insertProducts,
  updateProductRows,
} from "~/modules/products/commands.server";
import { productEntity } from "~/modules/products/entity";
import type { ProductInput } from "~/modules/products/schema";
import {
  createBrand,
  createCategory,
  deleteBrand,
  deleteCategory,
  unusedBrands,
  unusedCategories,
} from "~/modules/taxonomy/commands.server";
import { brandEntity, categoryEntity } from "~/modules/taxonomy/entity";
import type { Actor } from "~/server/commands/actor";
import { type CommandContext, defineCommand } from "~/server/commands/runner.server";
import { transactionLockStatement } from "~/server/db/advisory-locks.server";
import { afterCommit, getDb } from "~/server/db/db.server";
import {
  brands,
  catalogImportProfiles,
  catalogImportRows,
  catalogImports,
  categories,
  type ImportColumn,
  type ImportJobActor,
  type ImportProblem,
  type ImportProductState,
  products,
} from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { cleanImageFile, recordPendingImage, removeImageAsset } from "~/server/images/process-image.server";
import { SheetError } from "~/server/sheets/sheet";
import { EXTENSION_FOR } from "~/server/storage/file-signature";
import { generateStoredName, getStorage, parseStoredPath } from "~/server/storage/storage.server";
import { catalogImportEntity, catalogImportProfileEntity } from "./entity";
import { openImportSheet } from "./file.server";
import { isSitePicture } from "./pictures/check.server";
import { findStoredPicture } from "./pictures/reuse.server";
import { type PictureSource, readPicture } from "./pictures/source.server";
import { openZipPictures } from "./pictures/zip-pictures.server";
import type { PlannedRow } from "./plan";
import { undoConflictsOf } from "./queries.server";

/** How long a worker's claim on a job lasts; each step renews it. Longer than any step takes. */
const JOB_LOCK_MS = 2 * 60 * 1000;
/** Failed attempts at one step before the import is marked failed. */
export const MAX_JOB_ATTEMPTS = 3;
/** The lock every claim takes, so two processes never start two imports' jobs at once. */
const CLAIM_LOCK = "catalog-import-claim";

/** The worker's claim on a job ran out and another took it, or the job ended: it stops. */
export class ImportJobLost extends Error {
  override name = "ImportJobLost";
}

const GONE = "This import no longer exists.";

function snapshotOf(actor: Actor): ImportJobActor {
  return {
    id: actor.actor.id ?? "",
    name: actor.actor.name,
    email: actor.actor.email,
    role: actor.actor.role,
    ip: actor.origin.ip,
    userAgent: actor.origin.userAgent,
  };
}

function lockedUntil(now = new Date()) {
  return new Date(now.getTime() + JOB_LOCK_MS);
}

/** The import's row, locked until the command commits; InputError when it is gone. */
async function lockImport(id: string) {
  const [row] = await getDb().select().from(catalogImports).where(eq(catalogImports.id, id)).for("update");
  if (!row) throw new InputError(GONE);
  return row;
}

/** The import, locked, when this worker still holds its job in `status`; else ImportJobLost. */
async function holdJob(id: string, worker: string, status: ImportJobStatus) {
  const [row] = await getDb().select().from(catalogImports).where(eq(catalogImports.id, id)).for("update");
  if (!row || row.status !== status || row.lockedBy !== worker)
    throw new ImportJobLost(`The import ${id} is no longer this worker's to ${status}`);
  return row;
}

/** What a step sets on the import besides its own counts: the claim renewed, the failures forgiven. */
function renewedClaim() {
  return { lockedUntil: lockedUntil(), attempts: 0, lastError: null };
}

/** What an ended job leaves: no claim, nothing queued. */
const JOB_ENDED = {
  lockedBy: null,
  lockedUntil: null,
  queuedAt: null,
  attempts: 0,
  lastError: null,
} as const;

/** A new job for the import: queued now, run for `actor`, from its first row. */
function queuedJob(actor: Actor) {
  return {
    jobActor: snapshotOf(actor),
    queuedAt: new Date(),
    jobStartedAt: null,
    jobRowsAtStart: 0,
    jobRowsDone: 0,
    jobCursor: 0,
    lockedBy: null,
    lockedUntil: null,
    attempts: 0,
    lastError: null,
    failure: null,
  };
}

/** Tells this process's import worker (worker.server.ts) to look for work once this commits. */
type Wake = () => void;
let wakeWorker: Wake = () => {};

/** The worker registers how it is woken (the commands cannot import it: it runs them). */
export function onImportQueued(wake: Wake) {
  wakeWorker = wake;
}

function wakeAfterCommit() {
  void afterCommit(() => wakeWorker());
}

function removeStoredFile(path: string | null) {
  const stored = parseStoredPath(path);
  if (!stored) return;
  void afterCommit(() => getStorage().delete(stored.bucket, stored.name));
}

// ------------------------------------------------------------------ upload and mapping

export type NewImport = {
  /** Where the runner stored the upload (imports/…). */
  filePath: string;
  fileName: string;
  fileBytes: number;
  sheetName: string | null;
  /**
   * The ZIP of pictures uploaded beside it, if any: where the runner stored it, its name and
   * size, and its copy on this machine's disk (held for the request) that is checked here.
   */
  pictures?: { path: string; name: string; bytes: number; localFile: string } | null;
};

/**
 * A sheet uploaded for import: its header read (the file refused, in words, when it cannot be),
 * and each column's field suggested from its header. Nothing is checked or written to the
 * catalogue until the admin confirms the mapping (startDryRun).
 */
export const createImport = defineCommand({
  name: "catalog_import.create",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: NewImport) => ({
    action: "create",
    id: null,
    summary: `Uploaded "${input.fileName}" for import`,
  }),
  prepare: async (input) => {
    if (input.pictures) {
      // A ZIP that is no ZIP, or holds too many files, is refused now rather than at the dry run.
      try {
        (await openZipPictures(input.pictures.localFile)).close();
      } catch (error) {
        if (error instanceof InputError) throw new InputError(error.message, "pictures");
        throw error;
      }
    }
    try {
      const sheet = await openImportSheet(input.filePath, input.sheetName);
      await sheet.close();
      return { header: sheet.header, sheetName: sheet.sheetName ?? null };
    } catch (error) {
      if (error instanceof SheetError) throw new InputError(error.message, "file");
      throw error;
    }
  },
  run: async (input, { actor, prepared }) => {
    const mapping = suggestMapping(prepared.header);
    const [row] = await getDb()
      .insert(catalogImports)
      .values({
        fileName: input.fileName,
        filePath: input.filePath,
        fileBytes: input.fileBytes,
        picturesName: input.pictures?.name ?? null,
        picturesPath: input.pictures?.path ?? null,
        picturesBytes: input.pictures?.bytes ?? null,
        sheetName: prepared.sheetName,
        headers: prepared.header,
        columns: mapping.columns.map(({ index, header, field }) => ({ index, header, field })),
        createdById: actor.actor.id,
        createdByName: actor.actor.name,
      })
      .returning({ id: catalogImports.id });
    if (!row) throw new Error("The import was not created");
    return row;
  },
});

export type DryRunInput = {
  id: string;
  fileName: string;
  /** Each column's field (null: not imported), by column position. */
  fields: readonly (string | null)[];
  mode: ImportMode;
  createMissing: boolean;
  stopAtFirstProblem: boolean;
};

/** Refuses a mapping that gives one field two columns, naming them. */
function checkOneColumnPerField(columns: readonly ImportColumn[]) {
  const seen = new Map<string, ImportColumn>();
  for (const column of columns) {
    if (!column.field) continue;
    const first = seen.get(column.field);
    if (first) {
      const name = (c: ImportColumn) => (c.header ? `"${c.header}"` : `column ${c.index + 1}`);
      throw new InputError(
        `${columnFor(column.field as SheetField).header} is chosen for two columns, ${name(first)} and ${name(column)}: choose one.`,
      );
    }
    seen.set(column.field, column);
  }
}

/** Statuses from which a dry run may be (re)started: nothing of the import is in the catalogue. */
const PLANNABLE = ["mapping", "planned"] as const;

/**
 * The mapping and options confirmed: the dry run is queued (a plan made before is dropped). It
 * runs as a job (the worker), and writes nothing to the catalogue.
 */
export const startDryRun = defineCommand({
  name: "catalog_import.plan",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: DryRunInput) => ({
    action: "update",
    id: input.id,
    summary: `Started the dry run of "${input.fileName}"`,
  }),
  run: async (input, { actor }) => {
    const row = await lockImport(input.id);
    const failedPlan = row.status === "failed" && row.created + row.updated === 0 && row.plannedAt === null;
    if (!(PLANNABLE as readonly string[]).includes(row.status) && !failedPlan)
      throw new InputError("This import has been applied already; upload the file again to import it again.");
    const columns: ImportColumn[] = row.headers.map((header, index) => ({
      index,
      header,
      field: input.fields[index] ?? null,
    }));
    checkOneColumnPerField(columns);
    await getDb().delete(catalogImportRows).where(eq(catalogImportRows.importId, input.id));
    await getDb()
      .update(catalogImports)
      .set({
        ...queuedJob(actor),
        columns,
        mode: input.mode,
        createMissing: input.createMissing,
        stopAtFirstProblem: input.stopAtFirstProblem,
        status: "planning",
        rowsTotal: 0,
        toCreate: 0,
        toUpdate: 0,
        unchanged: 0,
        refused: 0,
        unknownCategories: [],
        unknownBrands: [],
        plannedAt: null,
      })
      .where(eq(catalogImports.id, input.id));
    wakeAfterCommit();
  },
});

/** Leaves an import that was never applied: its plan and its file go, its record stays. */
export const discardImport = defineCommand({
  name: "catalog_import.discard",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: { id: string; fileName: string }) => ({
    action: "update",
    id: input.id,
    summary: `Discarded the import of "${input.fileName}"`,
  }),
  run: async (input) => {
    const row = await lockImport(input.id);
    const untouched = row.created + row.updated === 0;
    if (!(["mapping", "planned", "failed"].includes(row.status) && untouched))
      throw new InputError("Only an import that has not written anything can be discarded.");
    await getDb().delete(catalogImportRows).where(eq(catalogImportRows.importId, input.id));
    await getDb()
      .update(catalogImports)
      .set({ ...JOB_ENDED, status: "discarded", filePath: null, picturesPath: null })
      .where(eq(catalogImports.id, input.id));
    removeStoredFile(row.filePath);
    removeStoredFile(row.picturesPath);
  },
});

// ------------------------------------------------------------------ the job: claim and failure

export type ClaimInput = {
  id: string;
  worker: string;
  fileName: string;
  status: ImportJobStatus;
  /** Another worker's claim ran out mid-step (its process stopped): this counts as a failed attempt. */
  takeover: boolean;
  /** The row the job goes on from (0: its start). */
  fromRow: number;
};

const JOB_WORDS: Record<ImportJobStatus, string> = {
  planning: "the dry run of",
  applying: "importing",
  undoing: "undoing the import of",
};

function claimSummary(input: ClaimInput) {
  const what = `${JOB_WORDS[input.status]} "${input.fileName}"`;
  if (input.takeover) return `Resumed ${what} after row ${input.fromRow}: the server had stopped`;
  if (input.fromRow > 0) return `Went on with ${what} after row ${input.fromRow}`;
  return `Began ${what}`;
}

/**
 * A worker takes an import's job: it is due (no live claim, or this worker's) and no other import
 * has a job running, across every process (the claim lock orders them). Throws ImportJobLost
 * when another worker or import got there first.
 */
export const claimImportJob = defineCommand({
  name: "catalog_import.claim",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: ClaimInput) => ({ action: "update", id: input.id, summary: claimSummary(input) }),
  run: async (input) => {
    const db = getDb();
    await db.execute(transactionLockStatement(CLAIM_LOCK));
    const now = new Date();
    const row = await lockImport(input.id);
    const live = row.lockedUntil !== null && row.lockedUntil > now;
    if (row.status !== input.status || (live && row.lockedBy !== input.worker))
      throw new ImportJobLost(`The import ${input.id} is not due`);
    const [running] = await db
      .select({ id: catalogImports.id })
      .from(catalogImports)
      .where(
        and(
          ne(catalogImports.id, input.id),
          inArray(catalogImports.status, [...IMPORT_JOB_STATUSES]),
          sql`${catalogImports.lockedUntil} > ${now.toISOString()}`,
          sql`${catalogImports.lockedBy} is not null`,
        ),
      )
      .limit(1);
    if (running) throw new ImportJobLost(`Another import (${running.id}) is running`);
    await db
      .update(catalogImports)
      .set({
        lockedBy: input.worker,
        lockedUntil: lockedUntil(now),
        jobStartedAt: now,
        jobRowsAtStart: row.jobRowsDone,
        attempts: input.takeover ? row.attempts + 1 : row.attempts,
        lastError: input.takeover ? "The server stopped while working on it." : row.lastError,
      })
      .where(eq(catalogImports.id, input.id));
  },
});

export type FailureInput = {
  id: string;
  /** The worker that held the job; null when the job was found abandoned too often. */
  worker: string | null;
  fileName: string;
  status: ImportJobStatus;
  message: string;
  /** The failures so far, this one counted: at MAX_JOB_ATTEMPTS the import fails. */
  attempts: number;
  /** When the step may be tried again (a failure that is not the last). */
  retryAt: Date;
};

function failureSummary(input: FailureInput) {
  const what = `${JOB_WORDS[input.status]} "${input.fileName}"`;
  if (input.attempts >= MAX_JOB_ATTEMPTS) return `Stopped ${what}: ${input.message}`;
  return `A step of ${what} failed (attempt ${input.attempts} of ${MAX_JOB_ATTEMPTS}); it will be tried again: ${input.message}`;
}

/** What the import's status becomes when its job fails for good. */
function failedStatus(row: typeof catalogImports.$inferSelect) {
  return {
    status: "failed" as const,
    appliedAt: row.status === "applying" ? new Date() : row.appliedAt,
  };
}

/**
 * A step of an import's job failed: tried again after a pause, or, at the last attempt (or for a
 * file that cannot be read, at once), the import is marked failed with the reason and how far it
 * got. Only the worker holding the job (or, for an abandoned one, the system) records it.
 */
export const recordImportFailure = defineCommand({
  publicPages: "refresh",
  name: "catalog_import.failure",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: FailureInput) => ({ action: "update", id: input.id, summary: failureSummary(input) }),
  run: async (input) => {
    const row = await lockImport(input.id);
    const live = row.lockedUntil !== null && row.lockedUntil > new Date();
    const held = input.worker === null ? !live : row.lockedBy === input.worker;
    if (row.status !== input.status || !held)
      throw new ImportJobLost(`The import ${input.id} is no longer this worker's`);
    if (input.attempts < MAX_JOB_ATTEMPTS) {
      await getDb()
        .update(catalogImports)
        .set({
          lockedBy: null,
          lockedUntil: input.retryAt,
          attempts: input.attempts,
          lastError: input.message,
        })
        .where(eq(catalogImports.id, input.id));
      return;
    }
    const done = row.status === "applying" ? row.created + row.updated : row.undone;
    const how =
      row.status === "planning"
        ? input.message
        : `${input.message} ${done.toLocaleString("en-NZ")} ${done === 1 ? "product was" : "products were"} ${row.status === "undoing" ? "restored" : "written"} before it stopped.`;
    await getDb()
      .update(catalogImports)
      .set({ ...JOB_ENDED, ...failedStatus(row), failure: how, lastError: input.message })
      .where(eq(catalogImports.id, input.id));
  },
});

// ------------------------------------------------------------------ the dry run's steps

export type PlanBatchInput = {
  id: string;
  worker: string;
  fileName: string;
  rows: readonly PlannedRow[];
  /** The last row number read. */
  cursor: number;
};

function mergeNames(known: readonly string[], more: readonly (string | null)[]) {
  const seen = new Set(known.map((name) => name.toLowerCase()));
  const merged = [...known];
  for (const name of more) {
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      merged.push(name);
    }
  }
  return merged;
}

function rowSpan(rows: readonly { rowNumber: number }[]) {
  const first = rows[0]?.rowNumber;
  const last = rows.at(-1)?.rowNumber;
  return first === undefined ? "no rows" : first === last ? `row ${first}` : `rows ${first}–${last}`;
}

/** A batch of the dry run's plan written (the catalogue untouched), and how far it has read. */
export const writePlanBatch = defineCommand({
  name: "catalog_import.plan_batch",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: PlanBatchInput) => ({
    action: "update",
    id: input.id,
    summary: `Checked ${rowSpan(input.rows)} of "${input.fileName}" (nothing written to the catalogue)`,
  }),
  run: async (input) => {
    const row = await holdJob(input.id, input.worker, "planning");
    if (input.rows.length > 0) {
      await getDb()
        .insert(catalogImportRows)
        .values(
          input.rows.map((planned) => ({
            importId: input.id,
            rowNumber: planned.rowNumber,
            action: planned.action,
            fileKey: planned.fileKey,
            productId: planned.productId,
            matchedBy: planned.matchedBy,
            cells: planned.cells,
            before: planned.before,
            after: planned.after,
            problems: planned.problems,
            plannedVersion: planned.plannedVersion,
          })),
        );
    }
    await getDb()
      .update(catalogImports)
      .set({
        ...renewedClaim(),
        jobCursor: input.cursor,
        jobRowsDone: row.jobRowsDone + input.rows.length,
        unknownCategories: mergeNames(
          row.unknownCategories,
          input.rows.map((r) => r.unknownCategory),
        ),
        unknownBrands: mergeNames(
          row.unknownBrands,
          input.rows.map((r) => r.unknownBrand),
        ),
      })
      .where(eq(catalogImports.id, input.id));
  },
});

export type PlanCounts = { create: number; update: number; unchanged: number; refused: number };

export type FinishPlanInput = {
  id: string;
  worker: string;
  fileName: string;
  /** Rows found refused only once the whole file was read (a stock code a later row has too). */
  lateRefusals: readonly { rowNumber: number; problem: ImportProblem }[];
  counts: PlanCounts;
};

function countWords(counts: PlanCounts) {
  const n = (value: number) => value.toLocaleString("en-NZ");
  return `${n(counts.create)} to create, ${n(counts.update)} to update, ${n(counts.unchanged)} unchanged, ${n(counts.refused)} refused`;
}

/** The dry run done: its last refusals written, its counts; the import waits for the admin. */
export const finishPlan = defineCommand({
  name: "catalog_import.plan_done",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: FinishPlanInput) => ({
    action: "update",
    id: input.id,
    summary: `Checked "${input.fileName}": ${countWords(input.counts)}`,
  }),
  run: async (input) => {
    await holdJob(input.id, input.worker, "planning");
    const db = getDb();
    for (const { rowNumber, problem } of input.lateRefusals) {
      await db
        .update(catalogImportRows)
        .set({
          action: "refused",
          after: null,
          problems: sql`coalesce(${catalogImportRows.problems}, '[]'::jsonb) || ${JSON.stringify([problem])}::jsonb`,
        })
        .where(and(eq(catalogImportRows.importId, input.id), eq(catalogImportRows.rowNumber, rowNumber)));
    }
    const { counts } = input;
    await db
      .update(catalogImports)
      .set({
        ...JOB_ENDED,
        status: "planned",
        plannedAt: new Date(),
        rowsTotal: counts.create + counts.update + counts.unchanged + counts.refused,
        toCreate: counts.create,
        toUpdate: counts.update,
        unchanged: counts.unchanged,
        refused: counts.refused,
      })
      .where(eq(catalogImports.id, input.id));
  },
});

/** A file the dry run could not read (SheetError): the import fails at once, with the reason. */
export const failPlan = defineCommand({
  name: "catalog_import.plan_failed",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: { id: string; worker: string; fileName: string; message: string }) => ({
    action: "update",
    id: input.id,
    summary: `The dry run of "${input.fileName}" could not read the file: ${input.message}`,
  }),
  run: async (input) => {
    await holdJob(input.id, input.worker, "planning");
    await getDb()
      .update(catalogImports)
      .set({ ...JOB_ENDED, status: "failed", failure: input.message })
      .where(eq(catalogImports.id, input.id));
  },
});

// ------------------------------------------------------------------ the apply

/** Asks for the plan to be applied: the worker does it, behind any import already running. */
export const requestApply = defineCommand({
  name: "catalog_import.apply",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: { id: string; fileName: string }) => ({
    action: "import",
    id: input.id,
    summary: `Asked for "${input.fileName}" to be imported`,
    detail: (row: typeof catalogImports.$inferSelect) => ({
      changes: {
        mapping: {
          before: null,
          after: row.columns.filter((c) => c.field).map((c) => `${c.header} → ${c.field}`),
        },
        plan: {
          before: null,
          after: countWords({
            create: row.toCreate,
            update: row.toUpdate,
            unchanged: row.unchanged,
            refused: row.refused,
          }),
        },
      },
    }),
  }),
  run: async (input, { actor }) => {
    const row = await lockImport(input.id);
    if (row.status !== "planned")
      throw new InputError(
        row.status === "applying"
          ? "This import is being applied already."
          : "This import is not waiting to be applied.",
      );
    const [updated] = await getDb()
      .update(catalogImports)
      .set({ ...queuedJob(actor), status: "applying" })
      .where(eq(catalogImports.id, input.id))
      .returning();
    if (!updated) throw new InputError(GONE);
    wakeAfterCommit();
    return updated;
  },
});

type PlanRow = typeof catalogImportRows.$inferSelect;

export type StepInput = {
  id: string;
  worker: string;
  fileName: string;
  /** The plan's rows this step applies or undoes, in order (chosen by the worker after its cursor). */
  rowNumbers: readonly number[];
};

export type ApplyBatchInput = StepInput & {
  /** The import's pictures (its ZIP and the fetching of addresses), opened by the job for its steps. */
  pictures: PictureSource;
};

type ResolvedPicture = PreparedPicture | RefusedPicture;
type ApplyPrepared = { pictures: Map<number, ResolvedPicture>; picturesMs: number };

type RowOutcome = { rowNumber: number; productId: string | null; problem: string | null };

type ApplyResult = {
  created: number;
  updated: number;
  refused: number;
  stoppedAt: number | null;
  /** How long the step spent preparing its pictures (fetched or unzipped, then processed), in ms. */
  picturesMs: number;
};

function readPlanRows(id: string, rowNumbers: readonly number[]) {
  return getDb()
    .select()
    .from(catalogImportRows)
    .where(and(eq(catalogImportRows.importId, id), inArray(catalogImportRows.rowNumber, [...rowNumbers])))
    .orderBy(catalogImportRows.rowNumber);
}

/**
 * Whether each matched product is as the plan saw it (or as the import left it): `version` is the
 * plan row's column to compare with (planned_version, applied_version). Locks the products first.
 */
async function unchangedSince(
  id: string,
  rows: readonly PlanRow[],
  version: typeof catalogImportRows.plannedVersion | typeof catalogImportRows.appliedVersion,
): Promise<Map<number, "same" | "changed" | "gone">> {
  const db = getDb();
  const ids = [...new Set(rows.flatMap((row) => (row.productId ? [row.productId] : [])))].sort();
  const found = new Map<number, "same" | "changed" | "gone">();
  if (ids.length === 0) return found;
  await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id)
    .for("update");
  const compared = await db
    .select({
      rowNumber: catalogImportRows.rowNumber,
      exists: sql<boolean>`${products.id} is not null`,
      same: sql<boolean>`coalesce(${products.updatedAt} = ${version}, false)`,
    })
    .from(catalogImportRows)
    .leftJoin(products, eq(products.id, catalogImportRows.productId))
    .where(
      and(
        eq(catalogImportRows.importId, id),
        inArray(
          catalogImportRows.rowNumber,
          rows.map((row) => row.rowNumber),
        ),
      ),
    );
  for (const row of compared) found.set(row.rowNumber, !row.exists ? "gone" : row.same ? "same" : "changed");
  return found;
}

/**
 * The ids of the product categories and brands of these names (lower case), creating those
 * missing when `create` (each with its own audit event); a name still missing maps to nothing.
 */
async function taxonomyIds(
  names: { categories: Set<string>; brands: Set<string> },
  display: Map<string, string>,
  create: boolean,
  also: CommandContext<unknown>["also"],
) {
  const db = getDb();
  const categoryIds = new Map<string, string>();
  const brandIds = new Map<string, string>();
  if (names.categories.size > 0) {
    const rows = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(
        and(eq(categories.type, "products"), inArray(sql`lower(${categories.name})`, [...names.categories])),
      );
    for (const row of rows) categoryIds.set(row.name.toLowerCase(), row.id);
  }
  if (names.brands.size > 0) {
    const rows = await db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(inArray(sql`lower(${brands.name})`, [...names.brands]));
    for (const row of rows) brandIds.set(row.name.toLowerCase(), row.id);
  }
  const created = { categoryIds: [] as string[], brandIds: [] as string[] };
  if (create) {
    for (const key of names.categories) {
      if (categoryIds.has(key)) continue;
      const name = display.get(`category:${key}`) ?? key;
      const made = await also(categoryEntity, { action: "create", id: null }, () =>
        createCategory({ name, type: "products", description: null, isActive: true }),
      );
      if (made) {
        categoryIds.set(key, made.id);
        created.categoryIds.push(made.id);
      }
    }
    for (const key of names.brands) {
      if (brandIds.has(key)) continue;
      const name = display.get(`brand:${key}`) ?? key;
      const made = await also(brandEntity, { action: "create", id: null }, () =>
        createBrand({ name, description: null, logoUrl: null, isActive: true }),
      );
      if (made) {
        brandIds.set(key, made.id);
        created.brandIds.push(made.id);
      }
    }
  }
  return { categoryIds, brandIds, created };
}

/** A plan row's product as the product form's output, with its category, brand and picture settled. */
function inputOf(
  after: ImportProductState,
  ids: { categoryIds: Map<string, string>; brandIds: Map<string, string> },
  picture: ResolvedPicture | undefined,
): { input: ProductInput } | { problem: string } {
  const fields = { ...after.fields };
  if (!fields.categoryId && after.names.category) {
    const id = ids.categoryIds.get(after.names.category.toLowerCase());
    if (!id) return { problem: `Category "${after.names.category}" does not exist.` };
    fields.categoryId = id;
  }
  if (!fields.brandId && after.names.brand) {
    const id = ids.brandIds.get(after.names.brand.toLowerCase());
    if (!id) return { problem: `Brand "${after.names.brand}" does not exist.` };
    fields.brandId = id;
  }
  if (picture && "refused" in picture) return { problem: picture.refused };
  if (picture) fields.imageUrl = picture.url;
  return { input: { ...fields, stockStatus: fields.stockStatus as StockStatus } };
}

/** Marks plan rows done (with the product's id and updated_at now) or refused (with the reason). */
async function markRows(
  id: string,
  outcomes: readonly RowOutcome[],
  columns: { mark: "applied" | "undone"; doneWord: "done"; refusedWord: "refused" | "conflict" },
) {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map((o) => sql`(${o.rowNumber}::int, ${o.productId}::uuid, ${o.problem}::text)`),
    sql`, `,
  );
  if (columns.mark === "applied") {
    await getDb().execute(sql`
      update catalog_import_rows as r
         set applied = case when v.problem is null then 'done' else 'refused' end,
             apply_problem = v.problem,
             product_id = coalesce(v.product_id, r.product_id),
             applied_version = case when v.problem is null then p.updated_at else null end
        from (values ${values}) as v(row_number, product_id, problem)
        left join products p on p.id = v.product_id
       where r.import_id = ${id} and r.row_number = v.row_number`);
    return;
  }
  await getDb().execute(sql`
    update catalog_import_rows as r
       set undone = case when v.problem is null then 'done' else 'conflict' end,
           undo_problem = v.problem
      from (values ${values}) as v(row_number, product_id, problem)
     where r.import_id = ${id} and r.row_number = v.row_number`);
}

const CHANGED_SINCE_PLAN =
  "This product was changed after the dry run, so the import left it as it is. Import the file again to see the change against it.";
const GONE_SINCE_PLAN = "This product was deleted after the dry run.";

/**
 * A step of the apply: the plan's rows given, in order, each written as the dry run planned it
 * (a product changed since is refused, not overwritten; the dialog's rules checked again), with
 * an audit event per product naming the admin who asked for the import. A refused row stops the
 * import when it was asked to stop at the first problem. The rows' marks, the counts and the
 * claim are written in the same transaction as the products.
 */
export const applyImportBatch = defineCommand({
  // The public pages follow the apply a step or two behind (the import's end refreshes them).
  publicPages: "gradual",
  name: "catalog_import.apply_batch",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: ApplyBatchInput) => ({
    action: "import",
    id: input.id,
    summary: `Imported ${rowSpan(input.rowNumbers.map((rowNumber) => ({ rowNumber })))} of "${input.fileName}"`,
    detail: (result: ApplyResult) => ({
      changes: {
        created: { before: null, after: result.created },
        updated: { before: null, after: result.updated },
        refused: { before: null, after: result.refused },
        ...(result.stoppedAt ? { stoppedAtRow: { before: null, after: result.stoppedAt } } : {}),
      },
    }),
  }),
  prepare: async (input): Promise<ApplyPrepared> => {
    const rows = await readPlanRows(input.id, input.rowNumbers);
    const wanted = rows.flatMap((row) =>
      row.applied === null && row.after?.picture && !isSitePicture(row.after.picture)
        ? [{ rowNumber: row.rowNumber, picture: row.after.picture }]
        : [],
    );
    // One picture at a time: each is fetched or unzipped, then cleaned and processed by sharp,
    // which uses every core for one picture already.
    const started = performance.now();
    const pictures = new Map<number, ResolvedPicture>();
    try {
      for (const { rowNumber, picture } of wanted)
        pictures.set(rowNumber, await preparePicture(picture, input.pictures));
    } catch (error) {
      await Promise.all([...pictures.values()].map(discardPicture));
      throw error;
    }
    return { pictures, picturesMs: performance.now() - started };
  },
  discard: async (prepared) => {
    await Promise.all([...prepared.pictures.values()].map(discardPicture));
  },
  run: async (input, { prepared, also }): Promise<ApplyResult> => {
    const job = await holdJob(input.id, input.worker, "applying");
    const rows = (await readPlanRows(input.id, input.rowNumbers)).filter((row) => row.applied === null);
    const versions = await unchangedSince(
      input.id,
      rows.filter((row) => row.action === "update"),
      catalogImportRows.plannedVersion,
    );

    const wanted = { categories: new Set<string>(), brands: new Set<string>() };
    const display = new Map<string, string>();
    for (const row of rows) {
      const names = row.after?.names;
      if (row.after && !row.after.fields.categoryId && names?.category) {
        wanted.categories.add(names.category.toLowerCase());
        display.set(`category:${names.category.toLowerCase()}`, names.category);
      }
      if (row.after && !row.after.fields.brandId && names?.brand) {
        wanted.brands.add(names.brand.toLowerCase());
        display.set(`brand:${names.brand.toLowerCase()}`, names.brand);
      }
    }
    const ids = await taxonomyIds(
      wanted,
      display,
      job.createMissing,
      also as CommandContext<unknown>["also"],
    );
    if (ids.created.categoryIds.length + ids.created.brandIds.length > 0)
      await getDb()
        .update(catalogImports)
        .set({
          createdCategoryIds: sql`${catalogImports.createdCategoryIds} || ${JSON.stringify(ids.created.categoryIds)}::jsonb`,
          createdBrandIds: sql`${catalogImports.createdBrandIds} || ${JSON.stringify(ids.created.brandIds)}::jsonb`,
        })
        .where(eq(catalogImports.id, input.id));

    // Each row's problem, in row order: refused by the plan (met only when the import stops at
    // the first problem), changed since the plan, its category or brand or picture, then the
    // product dialog's rules for all the rows at once.
    type Candidate = { row: PlanRow; id: string; input: ProductInput | null; problem: string | null };
    const candidates: Candidate[] = rows.map((row) => {
      const id = row.action === "update" ? (row.productId as string) : crypto.randomUUID();
      if (row.action === "refused")
        return { row, id, input: null, problem: row.problems?.[0]?.message ?? "The row was refused." };
      const state = versions.get(row.rowNumber);
      if (row.action === "update" && state !== "same")
        return { row, id, input: null, problem: state === "gone" ? GONE_SINCE_PLAN : CHANGED_SINCE_PLAN };
      const settled = row.after
        ? inputOf(row.after, ids, prepared.pictures.get(row.rowNumber))
        : { problem: "The row has nothing to write." };
      return "problem" in settled
        ? { row, id, input: null, problem: settled.problem }
        : { row, id, input: settled.input, problem: null };
    });
    const checkable = candidates.filter((c) => c.input !== null);
    const checked = await checkProducts(
      checkable.map((c) => ({
        input: c.input as ProductInput,
        productId: c.row.action === "update" ? c.id : undefined,
      })),
    );
    checkable.forEach((candidate, i) => {
      candidate.problem = checked[i] ?? null;
    });

    const outcomes: RowOutcome[] = [];
    const creates: { id: string; input: ProductInput }[] = [];
    const updates: { id: string; input: ProductInput }[] = [];
    let stoppedAt: number | null = null;
    let stopReason: string | null = null;
    let cursor = job.jobCursor;
    for (const { row, id, input: values, problem } of candidates) {
      cursor = row.rowNumber;
      if (problem !== null || values === null) {
        if (row.action !== "refused")
          outcomes.push({ rowNumber: row.rowNumber, productId: null, problem: problem ?? "" });
        if (job.stopAtFirstProblem || row.action === "refused") {
          stoppedAt = row.rowNumber;
          stopReason = problem;
          break;
        }
        continue;
      }
      (row.action === "update" ? updates : creates).push({ id, input: values });
      outcomes.push({ rowNumber: row.rowNumber, productId: id, problem: null });
    }

    if (creates.length > 0)
      await also(productEntity, { action: "create", id: creates.map((c) => c.id) }, () =>
        insertProducts(creates),
      );
    if (updates.length > 0)
      await also(productEntity, { action: "update", id: updates.map((u) => u.id) }, () =>
        updateProductRows(updates),
      );
    await markRows(input.id, outcomes, { mark: "applied", doneWord: "done", refusedWord: "refused" });

    const refused = outcomes.filter((o) => o.problem !== null).length;
    const ended = stoppedAt !== null;
    await getDb()
      .update(catalogImports)
      .set({
        ...(ended
          ? {
              ...JOB_ENDED,
              status: "stopped" as const,
              appliedAt: new Date(),
              failure: `Stopped at row ${stoppedAt}, as asked, at the first problem: ${stopReason}`,
            }
          : renewedClaim()),
        created: job.created + creates.length,
        updated: job.updated + updates.length,
        refusedOnApply: job.refusedOnApply + refused,
        jobRowsDone: job.jobRowsDone + outcomes.length,
        jobCursor: cursor,
      })
      .where(eq(catalogImports.id, input.id));
    return {
      created: creates.length,
      updated: updates.length,
      refused,
      stoppedAt,
      picturesMs: prepared.picturesMs,
    };
  },
});

export type FinishApplyInput = {
  id: string;
  worker: string;
  fileName: string;
  counts: { created: number; updated: number; unchanged: number; refused: number };
};

/** Every row of the plan walked: the import is applied, and its file is no longer kept. */
export const finishApply = defineCommand({
  publicPages: "refresh",
  name: "catalog_import.apply_done",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: FinishApplyInput) => {
    const n = (value: number) => value.toLocaleString("en-NZ");
    const { created, updated, unchanged, refused } = input.counts;
    return {
      action: "import",
      id: input.id,
      summary: `Imported "${input.fileName}": ${n(created)} created, ${n(updated)} updated, ${n(unchanged)} unchanged, ${n(refused)} refused`,
    };
  },
  run: async (input) => {
    const row = await holdJob(input.id, input.worker, "applying");
    await getDb()
      .update(catalogImports)
      .set({ ...JOB_ENDED, status: "applied", appliedAt: new Date(), filePath: null, picturesPath: null })
      .where(eq(catalogImports.id, input.id));
    removeStoredFile(row.filePath);
    removeStoredFile(row.picturesPath);
  },
});

// ------------------------------------------------------------------ the undo

const UNDOABLE = ["applied", "stopped", "failed"] as const;

export type UndoRequest = {
  id: string;
  fileName: string;
  /** The products changed since the import that the admin was shown and agreed to leave. */
  conflicts: number;
};

/**
 * Asks for the import to be undone: each product it created deleted and each it changed put
 * back, where nothing changed it since; the others are left and listed. With conflicts, the
 * admin has seen them and confirmed.
 */
export const requestUndo = defineCommand({
  name: "catalog_import.undo",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: UndoRequest) => ({
    action: "undo",
    id: input.id,
    summary:
      input.conflicts > 0
        ? `Asked for the import of "${input.fileName}" to be undone, leaving ${input.conflicts.toLocaleString("en-NZ")} ${input.conflicts === 1 ? "product" : "products"} changed since`
        : `Asked for the import of "${input.fileName}" to be undone`,
  }),
  run: async (input, { actor }) => {
    const row = await lockImport(input.id);
    if (!(UNDOABLE as readonly string[]).includes(row.status) || row.created + row.updated === 0)
      throw new InputError(
        row.status === "undoing"
          ? "This import is being undone already."
          : "This import has nothing to undo.",
      );
    const { total } = await undoConflictsOf(row);
    if (total > input.conflicts)
      throw new InputError(
        `${total.toLocaleString("en-NZ")} ${total === 1 ? "product was" : "products were"} changed since the import; look at ${total === 1 ? "it" : "them"} before undoing the rest.`,
      );
    await getDb()
      .update(catalogImports)
      .set({ ...queuedJob(actor), status: "undoing", undone: 0, undoConflicts: 0 })
      .where(eq(catalogImports.id, input.id));
    wakeAfterCommit();
  },
});

const CHANGED_SINCE_IMPORT = "This product was changed after the import, so the undo left it as it is.";
const GONE_SINCE_IMPORT = "This product was deleted after the import.";

/**
 * A step of the undo: the applied rows given, each product put back as it was before the import
 * (a created one deleted) when it is still as the import left it; else left, and listed.
 */
export const undoImportBatch = defineCommand({
  // The public pages follow the undo a step or two behind (its end refreshes them).
  publicPages: "gradual",
  name: "catalog_import.undo_batch",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: StepInput) => ({
    action: "undo",
    id: input.id,
    summary: `Undid ${rowSpan(input.rowNumbers.map((rowNumber) => ({ rowNumber })))} of the import of "${input.fileName}"`,
    detail: (result: { restored: number; deleted: number; conflicts: number }) => ({
      changes: {
        restored: { before: null, after: result.restored },
        deleted: { before: null, after: result.deleted },
        conflicts: { before: null, after: result.conflicts },
      },
    }),
  }),
  run: async (input, { also }) => {
    const job = await holdJob(input.id, input.worker, "undoing");
    const rows = (await readPlanRows(input.id, input.rowNumbers)).filter(
      (row) => row.applied === "done" && row.undone === null,
    );
    const versions = await unchangedSince(input.id, rows, catalogImportRows.appliedVersion);
    const deletes: string[] = [];
    const restores: { rowNumber: number; id: string; input: ProductInput }[] = [];
    const problems = new Map<number, string | null>();
    for (const row of rows) {
      const state = versions.get(row.rowNumber);
      const productId = row.productId as string;
      if (state === "gone") problems.set(row.rowNumber, row.action === "create" ? null : GONE_SINCE_IMPORT);
      else if (state !== "same") problems.set(row.rowNumber, CHANGED_SINCE_IMPORT);
      else if (row.action === "create") deletes.push(productId);
      else if (row.before) {
        const before = { ...row.before.fields, stockStatus: row.before.fields.stockStatus as StockStatus };
        restores.push({ rowNumber: row.rowNumber, id: productId, input: before });
      }
    }
    const checked = await checkProducts(restores.map((r) => ({ input: r.input, productId: r.id })));
    const restorable = restores.filter((restore, i) => {
      const problem = checked[i];
      if (problem) problems.set(restore.rowNumber, `The product could not be put back as it was: ${problem}`);
      return !problem;
    });
    const outcomes: RowOutcome[] = rows.map((row) => ({
      rowNumber: row.rowNumber,
      productId: row.productId,
      problem: problems.get(row.rowNumber) ?? null,
    }));
    if (deletes.length > 0)
      await also(productEntity, { action: "delete", id: deletes }, async () => {
        for (const id of deletes) await deleteProduct(id);
      });
    if (restorable.length > 0)
      await also(productEntity, { action: "update", id: restorable.map((r) => r.id) }, () =>
        updateProductRows(restorable),
      );
    await markRows(input.id, outcomes, { mark: "undone", doneWord: "done", refusedWord: "conflict" });
    const conflicts = outcomes.filter((o) => o.problem !== null).length;
    await getDb()
      .update(catalogImports)
      .set({
        ...renewedClaim(),
        undone: job.undone + outcomes.length - conflicts,
        undoConflicts: job.undoConflicts + conflicts,
        jobRowsDone: job.jobRowsDone + rows.length,
        jobCursor: input.rowNumbers.at(-1) ?? job.jobCursor,
      })
      .where(eq(catalogImports.id, input.id));
    return { restored: restorable.length, deleted: deletes.length, conflicts };
  },
});

/** Every applied row walked: the import is undone. */
export const finishUndo = defineCommand({
  publicPages: "refresh",
  name: "catalog_import.undo_done",
  entity: catalogImportEntity,
  access: "admin",
  target: (input: { id: string; worker: string; fileName: string; undone: number; conflicts: number }) => ({
    action: "undo",
    id: input.id,
    summary: `Undid the import of "${input.fileName}": ${input.undone.toLocaleString("en-NZ")} put back, ${input.conflicts.toLocaleString("en-NZ")} left as changed since`,
  }),
  run: async (input, { also }) => {
    const job = await holdJob(input.id, input.worker, "undoing");
    // The categories and brands it created go too, when nothing uses them now (a product it
    // did not make, a case study, a certification keeps its category).
    for (const id of await unusedCategories(job.createdCategoryIds))
      await also(categoryEntity, { action: "delete", id }, () => deleteCategory(id));
    for (const id of await unusedBrands(job.createdBrandIds))
      await also(brandEntity, { action: "delete", id }, () => deleteBrand(id));
    await getDb()
      .update(catalogImports)
      .set({ ...JOB_ENDED, status: "undone", undoneAt: new Date() })
      .where(eq(catalogImports.id, input.id));
  },
});

// =============================================================================================
// Column profiles: a mapping saved by name, offered for the next file whose headers it fits.

export type ProfileInput = {
  name: string;
  columns: readonly { header: string; field: string | null }[];
  mode: ImportMode;
  createMissing: boolean;
};

/** Saves the mapping under its name; a profile of that name (in any case) is replaced. */
export const saveImportProfile = defineCommand({
  name: "catalog_import.profile_save",
  entity: catalogImportProfileEntity,
  access: "admin",
  target: (input: ProfileInput) => ({
    action: "update",
    id: null,
    summary: `Saved the import column profile "${input.name}"`,
  }),
  run: async (input) => {
    const values = {
      name: input.name,
      columns: [...input.columns],
      mode: input.mode,
      createMissing: input.createMissing,
    };
    const db = getDb();
    const [existing] = await db
      .select({ id: catalogImportProfiles.id })
      .from(catalogImportProfiles)
      .where(sql`lower(${catalogImportProfiles.name}) = lower(${input.name})`)
      .for("update");
    const [row] = existing
      ? await db
          .update(catalogImportProfiles)
          .set(values)
          .where(eq(catalogImportProfiles.id, existing.id))
          .returning({ id: catalogImportProfiles.id })
      : await db.insert(catalogImportProfiles).values(values).returning({ id: catalogImportProfiles.id });
    if (!row) throw new Error("The profile was not saved");
    return row;
  },
});

/** Deletes a saved column profile (imports that used it keep their own mapping). */
export const deleteImportProfile = defineCommand({
  name: "catalog_import.profile_delete",
  entity: catalogImportProfileEntity,
  access: "admin",
  target: (input: { id: string }) => ({ action: "delete", id: input.id }),
  run: async (input) => {
    const [row] = await getDb()
      .delete(catalogImportProfiles)
      .where(eq(catalogImportProfiles.id, input.id))
      .returning({ id: catalogImportProfiles.id });
    if (!row) throw new InputError("This profile no longer exists: someone deleted it.");
  },
});

// ------------------------------------------------------------------ pictures
//
// Pictures are written before the import's transaction, never under its row locks: a batch's
// `prepare` calls preparePicture for each picture cell, one at a time, and its `discard` calls
// discardPicture for each prepared one when the batch does not commit. A picture goes through
// the same pipeline as one chosen in the product dialog: cleaned (upright, no metadata, encoded
// again), stored in the public media bucket, and processed into its WebP and AVIF sizes and
// social card with its image_assets row. One already on the site (the same bytes, by SHA-256) is
// used at its address and not processed again.

/** A picture ready for a product: its public URL; `reused` when it was on the site already. */
export type PreparedPicture = { url: string; hash: string; reused: boolean };
/** A picture not taken, and why, in words for the person importing. */
export type RefusedPicture = { refused: string };

const PICTURE_BUCKET = "media";

/**
 * Reads, checks and stores the picture a cell names (a file name in the ZIP of pictures, or an
 * http(s) address), processed into its sizes; or says why it is refused. Slow (a fetch, sharp):
 * for a command's `prepare`, one picture at a time. A failure of ours (disk, database, storage)
 * is thrown.
 */
export async function preparePicture(
  ref: string,
  source: PictureSource,
): Promise<PreparedPicture | RefusedPicture> {
  const read = await readPicture(ref, source);
  if (!read.ok) return { refused: read.refused };
  const temporary = [read.file];
  try {
    const hash = read.sha256;
    const found = await findStoredPicture(hash, source.stored.get(hash));
    if (found) return { url: found, hash, reused: true };

    const clean = await source.newFile();
    temporary.push(clean);
    if (!(await cleanImageFile(read.file, clean, read.type)))
      return { refused: `${read.label} could not be read as a picture.` };

    const storage = getStorage();
    const name = generateStoredName(`picture.${EXTENSION_FOR[read.type]}`);
    await storage.put(PICTURE_BUCKET, name, fs.createReadStream(clean), { name });
    const url = storage.publicUrl(PICTURE_BUCKET, name);
    // Its row now (with the hash and source a later import finds it by); its sizes are made in
    // the background once the import is applied (requestImageBackfill), so an import of
    // hundreds of pictures is not held up by their WebP and AVIF encoding.
    const recorded = await recordPendingImage({ bucket: PICTURE_BUCKET, name }, clean, {
      contentHash: hash,
      fetchedFrom: read.fetchedFrom,
    });
    if (!recorded) {
      await storage.delete(PICTURE_BUCKET, name);
      return { refused: `${read.label} could not be read as a picture.` };
    }
    source.stored.set(hash, url);
    return { url, hash, reused: false };
  } finally {
    await Promise.all(temporary.map((file) => fs.promises.rm(file, { force: true })));
  }
}

/**
 * Removes what preparePicture stored (the picture, its sizes and its image_assets row) when the
 * import did not commit. A picture that was reused, or refused, has nothing to remove.
 */
export async function discardPicture(prepared: PreparedPicture | RefusedPicture) {
  if ("refused" in prepared || prepared.reused) return;
  await removeImageAsset(prepared.url);
  const stored = parseStoredPath(prepared.url);
  if (stored) await getStorage().delete(stored.bucket, stored.name);
}
