// Work that must happen once however many processes share the database (ADR 022): a periodic
// task run by one process at a time and once per period, start-up steps taken in turn. Each piece
// of work is named, and holds the advisory lock of its name (advisory-locks.server.ts).
import { sql } from "drizzle-orm";
import { advisoryKey, type LockedRun } from "./advisory-locks.server";
import { getDatabase, getDb } from "./db.server";
import type { DbOrTx } from "./handle";

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
