// One database module for both engines: embedded PGlite under DATA_DIR (the default;
// pglite.server.ts) or PostgreSQL through a pg pool when DATABASE_URL is set (postgres.server.ts).
// Same schema, same migrations. Callers open a database and read what it says about outages here.
import type { MessagePort } from "node:worker_threads";
import type { DatabaseHandle, OpenOptions } from "./handle";
import { openPglite, openPgliteConnection } from "./pglite.server";
import { openPostgres } from "./postgres.server";

export type { Database, DatabaseHandle, DbOrTx, Transaction } from "./handle";
export { findMigrationsFolder } from "./migrations.server";
export {
  databaseOutageKind,
  isDatabaseUnavailable,
  noteDatabaseError,
  observeDatabaseOutage,
} from "./outage.server";
export { acquireLock, DatabaseLockedError } from "./pglite.server";

/**
 * The database as a worker thread of this process opens it: a pool of its own to PostgreSQL's
 * address (named `applicationName` in pg_stat_activity), or a connection to the embedded
 * database's thread that the server's thread made for it (DatabaseHandle.connect).
 */
export async function openDatabaseInThread(
  reach: { url?: string; connection?: MessagePort },
  options: { applicationName: string; poolMax: number },
): Promise<DatabaseHandle> {
  if (reach.connection) return openPgliteConnection(reach.connection);
  if (!reach.url) throw new Error("This thread was given no database to open");
  const url = new URL(reach.url);
  url.searchParams.set("application_name", options.applicationName);
  return openPostgres({ kind: "postgres", url: url.toString(), poolMax: options.poolMax });
}

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
