// Work that must happen once however many processes share the database (ADR 022). Each piece of
// work has a name; its PostgreSQL advisory lock key is (ADVISORY_NAMESPACE, a hash of the name),
// so a new periodic task needs no entry in a table, and the key can be read back in pg_locks.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { ADVISORY_NAMESPACE, type AdvisoryKey, type DbOrTx, type LockedRun } from "./client.server";
import { getDatabase, getDb } from "./db.server";

/** The lock key of a named piece of work: the first four bytes of SHA-256("trade-counter:" + name), signed. */
export function advisoryKey(name: string): AdvisoryKey {
  const digest = crypto.createHash("sha256").update(`trade-counter:${name}`).digest();
  return [ADVISORY_NAMESPACE, digest.readInt32BE(0)];
}

/**
 * Runs a periodic task's run unless another process is running that task now, in which case this
 * run is skipped (the other process's run stands for it). On PGlite it always runs.
 */
export function runExclusive<T>(task: string, fn: () => Promise<T>): Promise<LockedRun<T>> {
  return getDatabase().withAdvisoryLock(advisoryKey(task), { wait: false }, fn);
}

/** A timer that fires a little early (by up to a tenth of the period) still finds its period due. */
const PERIOD_SLACK = 0.9;

/**
 * Claims this period's run of a task: true when no process has run it within the period (and
 * the run is now recorded as this one's), false when one has. One statement, so two processes
 * claiming at once get one true between them.
 */
export async function claimPeriod(task: string, periodMs: number, db: DbOrTx = getDb(), now = new Date()) {
  const due = new Date(now.getTime() - Math.floor(periodMs * PERIOD_SLACK));
  const result = await db.execute(sql`
    insert into periodic_runs (task, last_run_at) values (${task}, ${now.toISOString()})
    on conflict (task) do update set last_run_at = excluded.last_run_at
      where periodic_runs.last_run_at <= ${due.toISOString()}
    returning task`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Runs a periodic task once per period across every process sharing the database: skipped while
 * another process runs it (runExclusive), and skipped when another process already ran it within
 * the period, even if that run has finished.
 */
export function runOncePerPeriod<T>(
  task: string,
  periodMs: number,
  fn: () => Promise<T>,
): Promise<LockedRun<T>> {
  return runExclusive(task, async (): Promise<LockedRun<T>> => {
    if (!(await claimPeriod(task, periodMs))) return { ran: false };
    return { ran: true, value: await fn() };
  }).then((run) => (run.ran ? run.value : run));
}

/** Runs `fn` once the named lock is free, holding it meanwhile: processes starting together take turns. */
export async function runInTurn<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const run = await getDatabase().withAdvisoryLock(advisoryKey(name), { wait: true }, fn);
  if (!run.ran) throw new Error(`The lock "${name}" was not taken`);
  return run.value;
}
