// Work that must happen once however many processes share the database (ADR 022). Each piece of
// work has a name; its PostgreSQL advisory lock key is (ADVISORY_NAMESPACE, a hash of the name),
// so a new periodic task needs no entry in a table, and the key can be read back in pg_locks.
import crypto from "node:crypto";
import { ADVISORY_NAMESPACE, type AdvisoryKey, type LockedRun } from "./client.server";
import { getDatabase } from "./db.server";

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

/** Runs `fn` once the named lock is free, holding it meanwhile: processes starting together take turns. */
export async function runInTurn<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const run = await getDatabase().withAdvisoryLock(advisoryKey(name), { wait: true }, fn);
  if (!run.ran) throw new Error(`The lock "${name}" was not taken`);
  return run.value;
}
