// One database module for both engines: embedded PGlite under DATA_DIR (the default;
// pglite.server.ts) or PostgreSQL through a pg pool when DATABASE_URL is set (postgres.server.ts).
// Same schema, same migrations. Callers open a database and read what it says about outages here.
import type { DatabaseHandle, OpenOptions } from "./handle";
import { openPglite } from "./pglite.server";
import { openPostgres } from "./postgres.server";

export type { Database, DatabaseHandle, DbOrTx, Transaction } from "./handle";
export { findMigrationsFolder } from "./migrations.server";
export {
  databaseOutageKind,
  isDatabaseUnavailable,
  noteDatabaseError,
  observeDatabaseOutage,
} from "./outage.server";
export { acquireLock, DatabaseLockedError, openPgliteConnection } from "./pglite.server";

export function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres" ? openPostgres(options) : openPglite(options);
}

export function databaseOptionsFromEnv(
  env: {
    DATABASE_URL?: string;
    dataDir: string;
    DATABASE_POOL_MAX?: number;
    PGLITE_SHARED_BUFFERS_MB?: number;
  },
  options: { thread?: boolean } = {},
): OpenOptions {
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
    : {
        kind: "pglite",
        dataDir: env.dataDir,
        sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
        thread: options.thread,
      };
}
