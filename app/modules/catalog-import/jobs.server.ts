// An import's job, step by step: which import's job is next (one at a time across every process,
// the oldest asked for first), its claim, then its steps (commands.server.ts) until it is done,
// the process stops, or a step fails. The dry run reads the file once, streaming, and writes the
// plan a batch at a time; the apply and the undo walk the plan's rows after the job's cursor, so
// a job taken over after its process stopped goes on from its first row not done.
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { IMPORT_JOB_STATUSES, type ImportRowAction } from "~/lib/vocabulary";
import { ADMIN_ROLES } from "~/server/auth/guards.server";
import { type Actor, staffActor, systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { catalogImportRows, catalogImports, users } from "~/server/db/schema";
import { requestImageBackfill } from "~/server/images/backfill.server";
import { logger } from "~/server/logger.server";
import { SheetError } from "~/server/sheets/sheet";
import { readCatalogue, readStoredProducts } from "./catalogue.server";
import {
  applyImportBatch,
  claimImportJob,
  failPlan,
  finishApply,
  finishPlan,
  finishUndo,
  ImportJobLost,
  MAX_JOB_ATTEMPTS,
  type PlanCounts,
  recordImportFailure,
  undoImportBatch,
  writePlanBatch,
} from "./commands.server";
import { openImportPictures, openImportSheet } from "./file.server";
import { pictureChecker, rowsShowingTheirPicture } from "./pictures/check.server";
import type { PictureSource } from "./pictures/source.server";
import type { ZipPictures } from "./pictures/zip-pictures.server";
import {
  duplicateProblem,
  fieldColumns,
  judgeRow,
  matchRow,
  type PlannedRow,
  readRow,
  sameProductProblem,
} from "./plan";

/** Rows the dry run judges and writes per step. */
const PLAN_BATCH = 1000;
/** Rows the apply and the undo write per step (each in one transaction). */
const APPLY_BATCH = 250;
/** Rows with a picture to take per apply step: a large picture takes sharp a few seconds. */
const PICTURE_BATCH = 8;
/** The first pause before a failed step is tried again; it doubles with each failure. */
const RETRY_BASE_MS = 5000;

type ImportRow = typeof catalogImports.$inferSelect;

export type JobRun = {
  /** This process's worker (its claims carry it). */
  worker: string;
  /** Asked before each step: the job is left (to its claim running out) when it says stop. */
  stopping: () => boolean;
  /** Counts each step run; the job stops when it returns false (tests stop a job between steps). */
  step?: () => boolean;
  /**
   * After each step that writes the catalogue (an apply's, an undo's), the job rests this many
   * times as long as the step took, its database connection idle: the share of the machine it
   * leaves to the pages. 0 or absent: none.
   */
  restShare?: number;
};

/**
 * After each step that writes the catalogue, the import's thread rests this many times as long as
 * the step's database work took (its pictures' preparation left out). The import's thread runs at
 * the lowest priority, but PostgreSQL's backend for the step works at normal priority, and on two
 * cores it and the server's thread then contend with whatever else runs. Resting leaves the
 * database idle for that share of the time, so visitors' pages meanwhile answer as on an idle
 * machine most of the time; a 100,000-row apply takes about 1.2 times as long as with a rest of 1
 * (ADR 044 has the figures). PGlite's own thread takes one core while it works; its apply is
 * slower than PostgreSQL's, so a whole rest would take it past five minutes at 100,000 rows, and
 * it rests for 0.3 of each step: enough that the serving thread's pages keep their idle pace
 * (ADR 054).
 */
export const WRITE_REST_SHARE = { postgres: 1.5, pglite: 0.3 };

/**
 * The import whose job this worker should do now: the one it holds, else, when no other worker
 * holds one and none waits out a pause after a failure, the one asked for first. Null: nothing.
 */
async function nextImportJob(worker: string, now = new Date()): Promise<ImportRow | null> {
  const waiting = await getDb()
    .select()
    .from(catalogImports)
    .where(inArray(catalogImports.status, [...IMPORT_JOB_STATUSES]))
    .orderBy(asc(catalogImports.queuedAt), asc(catalogImports.createdAt));
  const held = waiting.find((row) => row.lockedUntil !== null && row.lockedUntil > now);
  if (held) return held.lockedBy === worker ? held : null;
  return waiting[0] ?? null;
}

/**
 * The admin who asked for the job, as the actor of its steps (their audit events name them),
 * when they are still an active admin; else null.
 */
async function jobActorOf(job: ImportRow): Promise<Actor | null> {
  const who = job.jobActor;
  if (!who) return null;
  const [user] = await getDb()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, who.id));
  if (!user?.isActive || !(ADMIN_ROLES as readonly string[]).includes(user.role)) return null;
  return staffActor(
    { id: user.id, name: user.name, email: user.email, role: user.role as (typeof ADMIN_ROLES)[number] },
    { ip: who.ip, userAgent: who.userAgent },
  );
}

const SYSTEM = systemActor("catalogue import");

/** What went wrong, in the words of the error at its root (a failed query's, not the query). */
function errorWords(error: unknown) {
  let root = error;
  for (let depth = 0; depth < 5 && root instanceof Error && root.cause instanceof Error; depth++)
    root = root.cause;
  const message = root instanceof Error ? root.message : String(root);
  return message.replace(/\s+/g, " ").trim().slice(0, 300) || "Unknown error";
}

/** Does the next import's job, if any, until it ends or stops; true when there was one. */
async function runNextImportJob(run: JobRun): Promise<boolean> {
  const job = await nextImportJob(run.worker);
  if (!job) return false;
  const status = job.status as (typeof IMPORT_JOB_STATUSES)[number];
  const now = new Date();
  const takeover = job.lockedBy !== null && job.lockedBy !== run.worker && (job.lockedUntil ?? now) <= now;
  const actor = await jobActorOf(job);
  if (!actor) {
    await runCommand(recordImportFailure, SYSTEM, {
      id: job.id,
      worker: job.lockedBy === run.worker ? run.worker : null,
      fileName: job.fileName,
      status,
      message: `${job.jobActor?.name ?? "The admin who asked for it"} is no longer an active admin, so it cannot go on in their name. Another admin can start it again.`,
      attempts: MAX_JOB_ATTEMPTS,
      retryAt: now,
    }).catch(ignoreLost);
    return true;
  }
  if (takeover && job.attempts + 1 >= MAX_JOB_ATTEMPTS) {
    await runCommand(recordImportFailure, actor, {
      id: job.id,
      worker: null,
      fileName: job.fileName,
      status,
      message: "The server stopped while working on it, each time at the same place.",
      attempts: MAX_JOB_ATTEMPTS,
      retryAt: now,
    }).catch(ignoreLost);
    return true;
  }
  if (job.lockedBy !== run.worker) {
    try {
      await runCommand(claimImportJob, actor, {
        id: job.id,
        worker: run.worker,
        fileName: job.fileName,
        status,
        takeover,
        fromRow: job.jobCursor,
      });
    } catch (error) {
      ignoreLost(error);
      return false;
    }
  }
  try {
    if (status === "planning") await runPlan(job, actor, run);
    else if (status === "applying") await runApply(job, actor, run);
    else await runUndo(job, actor, run);
  } catch (error) {
    if (error instanceof ImportJobLost) return true;
    await recordFailure(job, actor, run, error);
  }
  return true;
}

function ignoreLost(error: unknown) {
  if (!(error instanceof ImportJobLost)) throw error;
}

async function recordFailure(job: ImportRow, actor: Actor, run: JobRun, error: unknown) {
  const [now] = await getDb().select().from(catalogImports).where(eq(catalogImports.id, job.id));
  if (!now) return;
  const attempts = now.attempts + 1;
  logger.error({ err: error, importId: job.id, attempts }, "a step of a catalogue import failed");
  await runCommand(recordImportFailure, actor, {
    id: job.id,
    worker: run.worker,
    fileName: job.fileName,
    status: now.status as (typeof IMPORT_JOB_STATUSES)[number],
    message: errorWords(error),
    attempts,
    retryAt: new Date(Date.now() + RETRY_BASE_MS * 2 ** (attempts - 1)),
  }).catch(ignoreLost);
}

/** A turn of the event loop that comes back within this found nothing else waiting. */
const QUIET_TURN_MS = 1;
/** The most a job gives other work between two steps, as a share of the step's own time. */
const MOST_GIVEN_SHARE = 1;
/** A rest is slept in slices this long, so that a stop is heard within one. */
const REST_SLICE_MS = 100;

/**
 * Between two steps (`stepMs`: how long the last one took), the job lets the process do what
 * waits, such as the pages asked for meanwhile: it lets the event loop turn until a turn comes
 * back at once (nothing waits), for at most as long again as the step took. On PGlite a query
 * answers without a turn of the event loop and the one connection is the job's for a whole step,
 * so steps back to back would keep every page waiting until the job was done.
 */
async function betweenSteps(stepMs: number) {
  const until = performance.now() + stepMs * MOST_GIVEN_SHARE;
  for (;;) {
    const turn = performance.now();
    await nextTurn();
    const now = performance.now();
    if (now - turn < QUIET_TURN_MS || now >= until) return;
  }
}

/** Whether the job goes on to another step. */
function goOn(run: JobRun) {
  if (run.stopping()) return false;
  return run.step ? run.step() : true;
}

// ------------------------------------------------------------------ the dry run

/** The rows planned so far (a dry run taken over part-way): which row each file key and product came first on. */
async function plannedSoFar(id: string) {
  const keys = new Map<string, number>();
  const products = new Map<string, { rowNumber: number; fileKey: string | null }>();
  const rows = await getDb()
    .select({
      rowNumber: catalogImportRows.rowNumber,
      fileKey: catalogImportRows.fileKey,
      productId: catalogImportRows.productId,
    })
    .from(catalogImportRows)
    .where(eq(catalogImportRows.importId, id))
    .orderBy(asc(catalogImportRows.rowNumber));
  for (const row of rows) {
    if (row.fileKey && !keys.has(row.fileKey)) keys.set(row.fileKey, row.rowNumber);
    if (row.productId && !products.has(row.productId))
      products.set(row.productId, { rowNumber: row.rowNumber, fileKey: row.fileKey });
  }
  return { keys, products };
}

async function runPlan(job: ImportRow, actor: Actor, run: JobRun) {
  const pictures = await openImportPictures(job.picturesPath);
  try {
    await planRows(job, actor, run, pictures.zip);
  } finally {
    await pictures.close();
  }
}

async function planRows(job: ImportRow, actor: Actor, run: JobRun, zip: ZipPictures | null) {
  if (!job.filePath) throw new Error("The import's file is no longer kept");
  const catalogue = await readCatalogue();
  const columns = fieldColumns(job.columns);
  const context = {
    catalogue,
    options: { mode: job.mode, createMissing: job.createMissing },
    checkPicture: pictureChecker(zip),
  };
  const { keys, products } = await plannedSoFar(job.id);

  async function planBatch(batch: { rowNumber: number; cells: string[] }[]) {
    const readings = batch.map((row) => readRow(row, columns));
    const matches = readings.map((reading) => matchRow(reading, catalogue));
    const stored = await readStoredProducts(matches.flatMap((m) => (m.product ? [m.product.id] : [])));
    const currentPictures = await rowsShowingTheirPicture(
      readings.flatMap((reading, i) => {
        const cell = reading.given.get("picture");
        const id = matches[i]?.product?.id;
        const imageUrl = id ? stored.get(id)?.imageUrl : null;
        return cell?.kind === "value" && imageUrl
          ? [{ rowNumber: reading.rowNumber, ref: cell.value, imageUrl }]
          : [];
      }),
      zip,
    );
    const planned: PlannedRow[] = readings.map((reading, i) => {
      let match = matches[i] as (typeof matches)[number];
      const product = match.product ? (stored.get(match.product.id) ?? null) : null;
      if (match.product && !product) match = { ...match, product: null, matchedBy: null };
      const row = judgeRow(reading, match, product, { ...context, currentPictures });
      const extra = [];
      const firstWithKey = match.fileKey ? keys.get(match.fileKey) : undefined;
      if (match.fileKey && firstWithKey !== undefined) extra.push(duplicateProblem(reading, firstWithKey));
      else if (match.fileKey) keys.set(match.fileKey, reading.rowNumber);
      const firstForProduct = match.product ? products.get(match.product.id) : undefined;
      if (match.product && firstForProduct && firstForProduct.fileKey !== match.fileKey)
        extra.push(sameProductProblem(reading, firstForProduct.rowNumber));
      else if (match.product && !firstForProduct)
        products.set(match.product.id, { rowNumber: reading.rowNumber, fileKey: match.fileKey });
      if (extra.length === 0) return row;
      return { ...row, action: "refused", after: null, problems: [...(row.problems ?? []), ...extra] };
    });
    await runCommand(writePlanBatch, actor, {
      id: job.id,
      worker: run.worker,
      fileName: job.fileName,
      rows: planned,
      cursor: batch.at(-1)?.rowNumber ?? job.jobCursor,
    });
  }

  let sheet: Awaited<ReturnType<typeof openImportSheet>>;
  try {
    sheet = await openImportSheet(job.filePath, job.sheetName);
  } catch (error) {
    if (!(error instanceof SheetError)) throw error;
    await runCommand(failPlan, actor, {
      id: job.id,
      worker: run.worker,
      fileName: job.fileName,
      message: error.message,
    });
    return;
  }
  try {
    let batch: { rowNumber: number; cells: string[] }[] = [];
    for await (const row of sheet.rows) {
      if (row.rowNumber <= job.jobCursor) continue;
      batch.push(row);
      if (batch.length < PLAN_BATCH) continue;
      const started = performance.now();
      await planBatch(batch);
      batch = [];
      if (!goOn(run)) return;
      await betweenSteps(performance.now() - started);
    }
    if (batch.length > 0) await planBatch(batch);
  } catch (error) {
    if (!(error instanceof SheetError)) throw error;
    await runCommand(failPlan, actor, {
      id: job.id,
      worker: run.worker,
      fileName: job.fileName,
      message: error.message,
    });
    return;
  } finally {
    await sheet.close();
  }
  await runCommand(finishPlan, actor, {
    id: job.id,
    worker: run.worker,
    fileName: job.fileName,
    ...(await lateRefusals(job)),
  });
}

/**
 * What only the whole file shows: the first row of each stock code (or name) that a later row
 * has too, and of each product a later row is for too, refused like the later ones; and the
 * plan's counts with them.
 */
async function lateRefusals(job: ImportRow) {
  const db = getDb();
  const repeated = await db
    .select({
      rows: sql<number[]>`array_agg(${catalogImportRows.rowNumber} order by ${catalogImportRows.rowNumber})`,
    })
    .from(catalogImportRows)
    .where(and(eq(catalogImportRows.importId, job.id), sql`${catalogImportRows.fileKey} is not null`))
    .groupBy(catalogImportRows.fileKey)
    .having(sql`count(*) > 1`);
  const sameProduct = await db
    .select({
      rows: sql<number[]>`array_agg(${catalogImportRows.rowNumber} order by ${catalogImportRows.rowNumber})`,
      keys: sql<number>`count(distinct coalesce(${catalogImportRows.fileKey}, ''))`,
    })
    .from(catalogImportRows)
    .where(and(eq(catalogImportRows.importId, job.id), sql`${catalogImportRows.productId} is not null`))
    .groupBy(catalogImportRows.productId)
    .having(sql`count(*) > 1`);
  const firsts = new Map<number, { other: number; kind: "key" | "product" }[]>();
  const note = (rows: number[], kind: "key" | "product") => {
    const [first, second] = rows.map(Number);
    if (first === undefined || second === undefined) return;
    firsts.set(first, [...(firsts.get(first) ?? []), { other: second, kind }]);
  };
  for (const group of repeated) note(group.rows, "key");
  for (const group of sameProduct) if (Number(group.keys) > 1) note(group.rows, "product");

  const columns = fieldColumns(job.columns);
  const refusals: { rowNumber: number; problem: ReturnType<typeof duplicateProblem> }[] = [];
  const firstRows =
    firsts.size === 0
      ? []
      : await db
          .select({
            rowNumber: catalogImportRows.rowNumber,
            cells: catalogImportRows.cells,
            action: catalogImportRows.action,
          })
          .from(catalogImportRows)
          .where(
            and(
              eq(catalogImportRows.importId, job.id),
              inArray(catalogImportRows.rowNumber, [...firsts.keys()]),
            ),
          );
  const turned = new Map<ImportRowAction, number>();
  for (const row of firstRows) {
    const reading = readRow(row, columns);
    for (const { other, kind } of firsts.get(row.rowNumber) ?? [])
      refusals.push({
        rowNumber: row.rowNumber,
        problem: kind === "key" ? duplicateProblem(reading, other) : sameProductProblem(reading, other),
      });
    if (row.action !== "refused") turned.set(row.action, (turned.get(row.action) ?? 0) + 1);
  }

  const counted = await db
    .select({ action: catalogImportRows.action, n: sql<number>`count(*)` })
    .from(catalogImportRows)
    .where(eq(catalogImportRows.importId, job.id))
    .groupBy(catalogImportRows.action);
  const count = (action: ImportRowAction) =>
    Number(counted.find((c) => c.action === action)?.n ?? 0) - (turned.get(action) ?? 0);
  const moved = [...turned.values()].reduce((a, b) => a + b, 0);
  const counts: PlanCounts = {
    create: count("create"),
    update: count("update"),
    unchanged: count("unchanged"),
    refused: Number(counted.find((c) => c.action === "refused")?.n ?? 0) + moved,
  };
  return { lateRefusals: refusals, counts };
}

// ------------------------------------------------------------------ the apply and the undo

/**
 * The next step's rows: after the cursor, of these actions, not yet done. An apply's step holds at
 * most PICTURE_BATCH rows with a picture to take, since each is fetched or unzipped and processed
 * before the step's transaction, and the step must end well within the job's claim.
 */
async function nextRows(job: ImportRow, actions: readonly ImportRowAction[], undo: boolean) {
  const rows = await getDb()
    .select({
      rowNumber: catalogImportRows.rowNumber,
      picture: sql<boolean>`(${catalogImportRows.after} ->> 'picture') is not null`,
    })
    .from(catalogImportRows)
    .where(
      and(
        eq(catalogImportRows.importId, job.id),
        gt(catalogImportRows.rowNumber, job.jobCursor),
        inArray(catalogImportRows.action, [...actions]),
        undo
          ? and(eq(catalogImportRows.applied, "done"), isNull(catalogImportRows.undone))
          : isNull(catalogImportRows.applied),
      ),
    )
    .orderBy(asc(catalogImportRows.rowNumber))
    .limit(APPLY_BATCH);
  if (undo) return rows.map((row) => row.rowNumber);
  let pictures = 0;
  const taken: number[] = [];
  for (const row of rows) {
    if (row.picture && pictures === PICTURE_BATCH) break;
    if (row.picture) pictures += 1;
    taken.push(row.rowNumber);
  }
  return taken;
}

async function currentJob(id: string) {
  const [row] = await getDb().select().from(catalogImports).where(eq(catalogImports.id, id));
  if (!row) throw new ImportJobLost(`The import ${id} is gone`);
  return row;
}

async function runApply(start: ImportRow, actor: Actor, run: JobRun) {
  const pictures = await openImportPictures(start.picturesPath);
  try {
    await applySteps(start, actor, run, pictures);
  } finally {
    await pictures.close();
    // The pictures it took show as they came until the background run has made their sizes;
    // it starts once the apply has ended (or stopped), not to slow the apply's own pictures.
    requestImageBackfill();
  }
}

async function applySteps(start: ImportRow, actor: Actor, run: JobRun, pictures: PictureSource) {
  const actions: ImportRowAction[] = start.stopAtFirstProblem
    ? ["create", "update", "refused"]
    : ["create", "update"];
  while (true) {
    const job = await currentJob(start.id);
    if (job.status !== "applying" || job.lockedBy !== run.worker) return;
    const rowNumbers = await nextRows(job, actions, false);
    if (rowNumbers.length === 0) {
      await runCommand(finishApply, actor, {
        id: job.id,
        worker: run.worker,
        fileName: job.fileName,
        counts: {
          created: job.created,
          updated: job.updated,
          unchanged: job.unchanged,
          refused: job.refused + job.refusedOnApply,
        },
      });
      return;
    }
    const started = performance.now();
    const result = await runCommand(applyImportBatch, actor, {
      id: job.id,
      worker: run.worker,
      fileName: job.fileName,
      rowNumbers,
      pictures,
    });
    if (result.stoppedAt !== null || !goOn(run)) return;
    // The rest leaves the database idle: it follows the step's database work, not its pictures'.
    if (!(await afterWritingStep(run, performance.now() - started - result.picturesMs))) return;
  }
}

async function runUndo(start: ImportRow, actor: Actor, run: JobRun) {
  while (true) {
    const job = await currentJob(start.id);
    if (job.status !== "undoing" || job.lockedBy !== run.worker) return;
    const rowNumbers = await nextRows(job, ["create", "update"], true);
    if (rowNumbers.length === 0) {
      await runCommand(finishUndo, actor, {
        id: job.id,
        worker: run.worker,
        fileName: job.fileName,
        undone: job.undone,
        conflicts: job.undoConflicts,
      });
      return;
    }
    const started = performance.now();
    await runCommand(undoImportBatch, actor, {
      id: job.id,
      worker: run.worker,
      fileName: job.fileName,
      rowNumbers,
    });
    if (!goOn(run)) return;
    if (!(await afterWritingStep(run, performance.now() - started))) return;
  }
}

/**
 * After a step that wrote the catalogue and took `stepMs`: the turns of the event loop any step
 * gives (betweenSteps), then the rest (the run's restShare of the step), cut short by a stop.
 * Whether the job goes on.
 */
async function afterWritingStep(run: JobRun, stepMs: number) {
  await betweenSteps(stepMs);
  const until = performance.now() + stepMs * (run.restShare ?? 0);
  for (;;) {
    if (run.stopping()) return false;
    const left = until - performance.now();
    if (left <= 0) return true;
    await sleep(Math.min(left, REST_SLICE_MS));
  }
}

/** Does import jobs one after another until none is due, or until the run says stop. */
export async function runImportJobs(run: JobRun) {
  let halted = false;
  const inner: JobRun = {
    worker: run.worker,
    restShare: run.restShare,
    stopping: () => halted || run.stopping(),
    step: () => {
      if (run.step && !run.step()) halted = true;
      return !halted;
    },
  };
  while (!inner.stopping()) {
    if (!(await runNextImportJob(inner))) return;
  }
}
