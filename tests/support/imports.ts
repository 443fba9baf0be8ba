// A catalogue import as a test runs it: the file stored as an upload is, the dry run asked for
// and done by a worker of the test's own, then the apply or the undo.
//
//   const id = await uploadSheet(admin, "Stock code,Name,Price\nA-1,Pine,12.50\n");
//   await dryRun(admin, id, { createMissing: true });
//   await applyImport(admin, id);
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { ImportMode } from "~/lib/vocabulary";
import {
  createImport,
  requestApply,
  requestUndo,
  startDryRun,
} from "~/modules/catalog-import/commands.server";
import { runImportJobs } from "~/modules/catalog-import/jobs.server";
import { getImport, undoConflictsOf } from "~/modules/catalog-import/queries.server";
import type { Actor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { catalogImportRows } from "~/server/db/schema";
import { getStorage } from "~/server/storage/storage.server";

/** Stores the file in the imports bucket, as the upload form's runner does, and creates the import. */
export async function uploadSheet(
  admin: Actor,
  content: string | Buffer,
  fileName = "catalogue.csv",
  sheetName: string | null = null,
  /** A ZIP of pictures uploaded beside the sheet. */
  pictures?: Buffer,
) {
  const body = typeof content === "string" ? Buffer.from(content) : content;
  const stored = await getStorage().put("imports", fileName, body);
  const zip = pictures ? await getStorage().put("imports", "pictures.zip", pictures) : null;
  const localFile = pictures
    ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tc-zip-")), "pictures.zip")
    : null;
  if (pictures && localFile) fs.writeFileSync(localFile, pictures);
  try {
    const created = await runCommand(createImport, admin, {
      filePath: stored.path,
      fileName,
      fileBytes: body.length,
      sheetName,
      pictures:
        zip && pictures && localFile
          ? { path: zip.path, name: "pictures.zip", bytes: pictures.length, localFile }
          : null,
    });
    return created.id;
  } finally {
    if (localFile) fs.rmSync(path.dirname(localFile), { recursive: true, force: true });
  }
}

export type DryRunOptions = {
  mode?: ImportMode;
  createMissing?: boolean;
  stopAtFirstProblem?: boolean;
  /** Each column's field by position; the suggested mapping when left out. */
  fields?: (string | null)[];
};

/** Does the import jobs that are due with a worker of this name (`steps`: stop after that many). */
export async function work(worker = "test-worker", steps = Number.POSITIVE_INFINITY) {
  let taken = 0;
  await runImportJobs({ worker, stopping: () => false, step: () => ++taken < steps });
}

/** Confirms the mapping (the suggested one unless given) and runs the dry run to its end. */
export async function dryRun(admin: Actor, id: string, options: DryRunOptions = {}) {
  const record = await getImport(id);
  await runCommand(startDryRun, admin, {
    id,
    fileName: record.fileName,
    fields: options.fields ?? record.columns.map((column) => column.field),
    mode: options.mode ?? "create_update",
    createMissing: options.createMissing ?? false,
    stopAtFirstProblem: options.stopAtFirstProblem ?? false,
  });
  await work();
  return getImport(id);
}

/** Asks for the plan to be applied and lets the worker do it. */
export async function applyImport(admin: Actor, id: string, { run = true } = {}) {
  const record = await getImport(id);
  await runCommand(requestApply, admin, { id, fileName: record.fileName });
  if (run) await work();
  return getImport(id);
}

/** Asks for the import to be undone (agreeing to leave what changed since) and lets the worker do it. */
export async function undoImport(admin: Actor, id: string) {
  const record = await getImport(id);
  const conflicts = await undoConflictsOf(record);
  await runCommand(requestUndo, admin, { id, fileName: record.fileName, conflicts: conflicts.total });
  await work();
  return getImport(id);
}

/** The plan's rows, in order. */
export function planRows(id: string) {
  return getDb()
    .select()
    .from(catalogImportRows)
    .where(eq(catalogImportRows.importId, id))
    .orderBy(catalogImportRows.rowNumber);
}

/** A CSV of these rows under these headers (cells quoted). */
export function csvOf(headers: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  const cell = (value: string | number) => `"${String(value).replaceAll('"', '""')}"`;
  return [headers, ...rows].map((row) => row.map(cell).join(",")).join("\r\n");
}
