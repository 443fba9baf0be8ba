// The process-wide database handle. Opened once at boot (server/app.ts, scripts), then read
// by every module through getDb(). Inside inTransaction(), getDb() is that transaction, so a
// module's writes and the audit event of the change commit or roll back together.
import { AsyncLocalStorage } from "node:async_hooks";
import { getEnv } from "../env.server";
import { type Database, type DatabaseHandle, databaseOptionsFromEnv, openDatabase } from "./client.server";

const globalKey = Symbol.for("trade-counter.database");
type Holder = { handle?: DatabaseHandle; opening?: Promise<DatabaseHandle> };
const registry = globalThis as Record<symbol, Holder | undefined>;
registry[globalKey] ??= {};
const holder: Holder = registry[globalKey];

export function connectDatabase(): Promise<DatabaseHandle> {
  holder.opening ??= openDatabase(databaseOptionsFromEnv(getEnv())).then((handle) => {
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

const transactionScope = new AsyncLocalStorage<Database>();

/** The database, or the transaction that inTransaction() opened for this call chain. */
export function getDb(): Database {
  return transactionScope.getStore() ?? getDatabase().db;
}

/**
 * Runs `work` in one transaction: every getDb() in it, however deep, is that transaction (a
 * module's own `getDb().transaction(...)` becomes a savepoint in it). Already inside one, `work`
 * joins it. On PGlite the outer handle must not be used meanwhile (one connection): getDb() is
 * the only way in.
 */
export async function inTransaction<T>(work: () => Promise<T>): Promise<T> {
  if (transactionScope.getStore()) return work();
  return getDatabase().db.transaction((tx) => transactionScope.run(tx, work));
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
