// What the rest of the app holds of a database, whichever engine is under it: Drizzle's handle on
// the schema, and the few things done on the connection itself (ping, migrate, advisory locks).
import type { MessagePort } from "node:worker_threads";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { AdvisoryKey, LockedRun } from "./advisory-locks.server";
import type * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`: use it, never the outer db, in there. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL's address, for a worker thread to open a connection of its own; none on PGlite. */
  url?: string;
  /**
   * A new connection to the database's own thread, for another thread of this process to open
   * with openPgliteConnection (transfer the port to it); only on PGlite in a thread of its own.
   */
  connect?(): MessagePort;
  /** Resolves true when a round trip succeeds within timeoutMs. */
  ping(timeoutMs?: number): Promise<boolean>;
  migrate(): Promise<void>;
  /**
   * Runs `fn` holding the PostgreSQL session advisory lock `key` (ADR 022), so that processes
   * sharing the database take turns: `wait` queues for it on a connection of its own (no query
   * timeout), otherwise `fn` is skipped when another session holds it. PGlite is one process, so
   * there `fn` just runs.
   */
  withAdvisoryLock<T>(
    key: AdvisoryKey,
    options: { wait: boolean },
    fn: () => Promise<T>,
  ): Promise<LockedRun<T>>;
  close(): Promise<void>;
};

/** thread (PGlite): the database in a thread of its own, this thread holding a connection to it. */
export type OpenOptions =
  /** loadDataDir: a PGlite dumpDataDir() tarball to start from (a restore into an empty folder). */
  | { kind: "pglite"; dataDir: string; loadDataDir?: Blob; sharedBuffersMb?: number; thread?: boolean }
  /** loadDataDir as above: tests start each file's database from one migrated copy. */
  | { kind: "pglite-memory"; loadDataDir?: Blob; sharedBuffersMb?: number; thread?: boolean }
  | { kind: "postgres"; url: string; poolMax?: number };
