// The process-wide database handle. Opened once at boot (server/app.ts, scripts), then read
// by every module through getDb().
import { getEnv } from "../env.server";
import { type DatabaseHandle, databaseOptionsFromEnv, openDatabase } from "./client.server";

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

export function getDb() {
  return getDatabase().db;
}

export async function closeDatabase() {
  const handle = holder.handle;
  setDatabase(undefined);
  await handle?.close();
}
