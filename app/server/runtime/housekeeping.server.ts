// Background upkeep that runs inside the server process: the attachment retention sweep, the
// pruning of expired rate-limit windows and of remembered form submissions, the audit log's
// retention, the sweep of
// orphaned enquiry uploads and of unfinished writes in every bucket (through the storage
// interface, on either driver), of quarantined uploads a killed process left and, on embedded PGlite
// (which has no autovacuum daemon), a daily VACUUM ANALYZE. Timers are unref'd, so they never
// keep the process alive; the returned stop function waits for work in flight so the database
// can close after it.
import os from "node:os";
import { inArray, sql } from "drizzle-orm";
import { applyAuditRetention } from "~/server/audit/audit.server";
import { getDatabase, getDb } from "~/server/db/db.server";
import { runOncePerPeriod } from "~/server/db/exclusive-runs.server";
import { contactQueries } from "~/server/db/schema";
import { getEnv } from "~/server/env.server";
import { pruneFormSubmissions } from "~/server/http/once-per-submission.server";
import { sweepQuarantine } from "~/server/http/quarantine.server";
import { logger } from "~/server/logger.server";
import { pruneRateLimitCounters } from "~/server/security/rate-limit.server";
import { BUCKETS, type Bucket, getStorage, type Storage } from "~/server/storage/storage.server";

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Names looked up in the database at a time. */
const ORPHAN_BATCH = 500;
const VACUUM_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The first vacuum: after start's own work (seed, image variants), before the first day is out. */
const FIRST_VACUUM_MS = 10 * 60 * 1000;

/**
 * PostgreSQL's autovacuum keeps dead rows reclaimed, the visibility map current (index-only
 * scans: the catalogue's deep pages and counts) and the planner's statistics fresh. PGlite runs
 * no such daemon, so the server does it; the embedded database is small and it takes seconds.
 */
export async function vacuumEmbeddedDatabase() {
  const database = getDatabase();
  if (database.kind !== "pglite") return false;
  await database.db.execute(sql`vacuum (analyze)`);
  return true;
}

type OrphanSweepResult = {
  /** Stored uploads no enquiry refers to, deleted. */
  orphans: number;
  /** Unfinished writes deleted. */
  partial: number;
};

/** Where a sweep looks, and how old a file must be before it is a candidate. */
type SweepOptions = { storage?: Storage; minAgeMs?: number; now?: number };

/** The storage a sweep works through, and the time before which a file may go. */
function sweepSettings({
  storage = getStorage(),
  minAgeMs = getEnv().UPLOAD_ORPHAN_MIN_AGE_SECONDS * 1000,
  now = Date.now(),
}: SweepOptions) {
  return { storage, olderThan: new Date(now - minAgeMs) };
}

/**
 * Deletes what a crash (or a database outage at COMMIT) can leave in contact_uploads: files no
 * enquiry refers to and writes that never finished. A file is stored before its enquiry's row is
 * inserted, so only files older than `minAgeMs` are candidates: a younger one may belong to a
 * submission still on its way. A file is deleted only after the database said that no row names
 * it; if the database cannot answer, nothing is deleted. Works through the storage interface, so
 * on the local disk and in a bucket alike.
 */
export async function sweepOrphanedUploads(options: SweepOptions = {}): Promise<OrphanSweepResult> {
  const { storage, olderThan } = sweepSettings(options);
  const result: OrphanSweepResult = { orphans: 0, partial: 0 };
  result.partial = await storage.deleteUnfinished("contact_uploads", olderThan);

  async function sweep(batch: string[]) {
    const paths = batch.map((name) => `contact_uploads/${name}`);
    const rows = await getDb()
      .select({ fileUrl: contactQueries.fileUrl })
      .from(contactQueries)
      .where(inArray(contactQueries.fileUrl, [...paths, ...paths.map((p) => `/files/${p}`)]));
    const referenced = new Set(rows.map((row) => row.fileUrl?.split("/").at(-1)));
    for (const name of batch) {
      if (referenced.has(name)) continue;
      await storage.delete("contact_uploads", name);
      result.orphans += 1;
    }
  }

  let batch: string[] = [];
  for await (const file of storage.list("contact_uploads")) {
    if (file.modified > olderThan) continue;
    batch.push(file.name);
    if (batch.length === ORPHAN_BATCH) {
      await sweep(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sweep(batch);
  if (result.orphans || result.partial) logger.info(result, "orphaned enquiry uploads swept");
  return result;
}

/**
 * Deletes what writes that never finished left in every bucket (an enquiry's attachment, a
 * certificate, a product image): `.part` files on the disk, multipart uploads in a bucket. Young
 * ones may be uploads still streaming in and are left alone. Returns how many went.
 */
export async function sweepPartialWrites(options: SweepOptions = {}): Promise<number> {
  const { storage, olderThan } = sweepSettings(options);
  let removed = 0;
  for (const bucket of Object.keys(BUCKETS) as Bucket[]) {
    removed += await storage.deleteUnfinished(bucket, olderThan);
  }
  if (removed) logger.info({ removed }, "unfinished uploads swept");
  return removed;
}

/**
 * Deletes the quarantine folders (uploads waiting while their form is judged, http/quarantine)
 * that a killed process left: a request's own folder goes when the request ends, so one older
 * than the orphan age belongs to no request still being served. Returns how many went.
 */
export async function sweepStaleQuarantine({
  minAgeMs = getEnv().UPLOAD_ORPHAN_MIN_AGE_SECONDS * 1000,
  now = Date.now(),
}: {
  minAgeMs?: number;
  now?: number;
} = {}): Promise<number> {
  const removed = await sweepQuarantine(new Date(now - minAgeMs));
  if (removed) logger.info({ removed }, "stale quarantined uploads swept");
  return removed;
}

/**
 * Runs `task` after `firstMs`, then every `everyMs`, never two at once, its failure logged; the
 * timers never keep the process alive. Returns a stop that waits for a run in flight.
 * `name` is the task's across processes: when several share one PostgreSQL database, the task
 * runs once per period between them (runOncePerPeriod, ADR 022).
 */
export function periodic(
  task: () => Promise<unknown>,
  options: { name: string; everyMs: number; firstMs: number; failure: string },
) {
  let running: Promise<unknown> | undefined;
  function run() {
    if (running) return;
    running = runOncePerPeriod(options.name, options.everyMs, task)
      .catch((error: unknown) => logger.error({ err: error }, options.failure))
      .finally(() => {
        running = undefined;
      });
  }
  const first = setTimeout(run, options.firstMs);
  first.unref();
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}

/**
 * Starts the upkeep above and the domain modules' own timed tasks (given by the caller, so this
 * infrastructure knows no domain); returns the function that stops them all.
 */
export function startHousekeeping(domainTasks: (() => () => Promise<void>)[] = []) {
  const stoppers = [
    ...domainTasks.map((start) => start()),
    periodic(pruneRateLimitCounters, {
      name: "rate-limit-prune",
      everyMs: PRUNE_INTERVAL_MS,
      firstMs: PRUNE_INTERVAL_MS,
      failure: "Pruning rate-limit counters failed",
    }),
    periodic(() => pruneFormSubmissions(), {
      name: "form-submission-prune",
      everyMs: PRUNE_INTERVAL_MS,
      firstMs: PRUNE_INTERVAL_MS,
      failure: "Pruning form submissions failed",
    }),
    periodic(
      () =>
        applyAuditRetention({
          ipDays: getEnv().AUDIT_IP_RETENTION_DAYS,
          eventDays: getEnv().AUDIT_RETENTION_DAYS,
        }),
      {
        name: "audit-retention",
        everyMs: PRUNE_INTERVAL_MS,
        firstMs: PRUNE_INTERVAL_MS,
        failure: "Applying the audit log retention failed",
      },
    ),
    periodic(vacuumEmbeddedDatabase, {
      name: "vacuum",
      everyMs: VACUUM_INTERVAL_MS,
      firstMs: FIRST_VACUUM_MS,
      failure: "Vacuuming the embedded database failed",
    }),
    // At start too: what the previous process left if it was killed mid-upload.
    periodic(
      async () => {
        await sweepPartialWrites();
        await sweepOrphanedUploads();
      },
      {
        name: "orphan-sweep",
        everyMs: ORPHAN_SWEEP_INTERVAL_MS,
        firstMs: 0,
        failure: "Sweeping orphaned uploads failed",
      },
    ),
  ];
  // The quarantine is on each host's own disk: swept once a period per host, at start too.
  stoppers.push(
    periodic(() => sweepStaleQuarantine(), {
      name: `quarantine-sweep:${os.hostname()}`,
      everyMs: ORPHAN_SWEEP_INTERVAL_MS,
      firstMs: 0,
      failure: "Sweeping stale quarantined uploads failed",
    }),
  );
  return async function stopHousekeeping() {
    await Promise.all(stoppers.map((stop) => stop()));
  };
}
