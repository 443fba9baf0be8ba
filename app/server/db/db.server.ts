// The process-wide database handle. Opened once at boot (server/app.ts, scripts), then read
// by every module through getDb(). Inside inTransaction(), getDb() is that transaction, so a
// module's writes and the audit event of the change commit or roll back together, and what the
// write sets off outside the database (afterCommit: a mail worker's wake-up, the page-cache
// notice) happens only once it has committed.
import { AsyncLocalStorage } from "node:async_hooks";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import { type Database, type DatabaseHandle, databaseOptionsFromEnv, openDatabase } from "./client.server";

const globalKey = Symbol.for("trade-counter.database");
type Holder = { handle?: DatabaseHandle; opening?: Promise<DatabaseHandle> };
const registry = globalThis as Record<symbol, Holder | undefined>;
registry[globalKey] ??= {};
const holder: Holder = registry[globalKey];

/**
 * Opens the process's database once. `thread`: the embedded database runs in a thread of its
 * own (a serving process: its statements then never hold up the pages); scripts keep it in theirs.
 */
export function connectDatabase(options: { thread?: boolean } = {}): Promise<DatabaseHandle> {
  holder.opening ??= openDatabase(databaseOptionsFromEnv(getEnv(), options)).then((handle) => {
    holder.handle = handle;
    return handle;
  });
  return holder.opening;
}

/** For tests and scripts that open a database of their own. */
export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.handle = handle;
  holder.opening = handle ? Promise.resolve(handle) : undefined;
}

export function getDatabase(): DatabaseHandle {
  if (!holder.handle) throw new Error("The database is not connected yet (call connectDatabase at boot)");
  return holder.handle;
}

/** A transaction opened by inTransaction(), and the effects waiting for its commit. */
type TransactionScope = { tx: Database; effects: Effect[] };
/** Work to do once the data it is about is committed: wake the mail worker, tell the page cache. */
export type Effect = () => unknown;

const transactionScope = new AsyncLocalStorage<TransactionScope>();

/** The database, or the transaction that inTransaction() opened for this call chain. */
export function getDb(): Database {
  return transactionScope.getStore()?.tx ?? getDatabase().db;
}

/**
 * Runs `work` in one transaction: every getDb() in it, however deep, is that transaction (a
 * module's own `getDb().transaction(...)` becomes a savepoint in it). Already inside one, `work`
 * joins it. On PGlite the outer handle must not be used meanwhile (one connection): getDb() is
 * the only way in. Once the outermost transaction has committed, the effects queued in it with
 * afterCommit() run, in order, and the call returns after them; a rollback drops them.
 */
export async function inTransaction<T>(work: () => Promise<T>): Promise<T> {
  if (transactionScope.getStore()) return work();
  const effects: Effect[] = [];
  const result = await getDatabase().db.transaction((tx) => transactionScope.run({ tx, effects }, work));
  await runEffects(effects);
  return result;
}

/**
 * Runs `effect` once what this call chain wrote is committed: inside inTransaction(), it is
 * queued and runs after the outermost transaction commits (never, if it rolls back); outside
 * one, it runs now. It always runs outside the transaction's scope, so a getDb() in it (or in
 * anything it starts, such as a mail worker's drain) is the database, never a transaction that
 * has ended. An effect that throws is logged: the data is committed by then, so the write stands.
 * Queued, it resolves at once. A transaction a module opens itself with `db.transaction(...)`
 * outside inTransaction() is no scope: call afterCommit after it returns. A savepoint that rolls
 * back inside a transaction that commits keeps its effects (a wake-up with nothing to do is
 * harmless). An effect passed again (the same function) in one transaction is queued once.
 */
export async function afterCommit(effect: Effect): Promise<void> {
  const scope = transactionScope.getStore();
  if (scope) {
    // The same effect (one function, such as the page cache's notice) runs once per transaction
    // however many writes in it asked for it.
    if (!scope.effects.includes(effect)) scope.effects.push(effect);
    return;
  }
  await runEffects([effect]);
}

async function runEffects(effects: Effect[]) {
  for (const effect of effects) {
    try {
      await transactionScope.exit(effect);
    } catch (error) {
      logger.error({ err: error }, "an after-commit effect failed");
    }
  }
}

/** Runs `work` outside any inTransaction() scope: its getDb() is the database itself. */
export function outsideTransaction<T>(work: () => T): T {
  return transactionScope.exit(work);
}

/** True inside inTransaction(). */
export function inTransactionScope() {
  return transactionScope.getStore() !== undefined;
}

export async function closeDatabase() {
  const handle = holder.handle;
  setDatabase(undefined);
  await handle?.close();
}
