// One database module for both engines: embedded PGlite under DATA_DIR (the default) or
// PostgreSQL through a pg pool when DATABASE_URL is set. Same schema, same migrations.
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`: use it, never the outer db, in there. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
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

/** A PostgreSQL advisory lock key in its two-integer form: (namespace, object). */
export type AdvisoryKey = readonly [number, number];
export type LockedRun<T> = { ran: true; value: T } | { ran: false };

/** The namespace of every advisory lock this app takes ("TC" and a number of our own). */
export const ADVISORY_NAMESPACE = 0x5443_0022;
/** The lock held while migrations run: one process migrates, the others wait and then find nothing to do. */
export const MIGRATION_LOCK: AdvisoryKey = [ADVISORY_NAMESPACE, 1];

export type OpenOptions =
  /** loadDataDir: a PGlite dumpDataDir() tarball to start from (a restore into an empty folder). */
  | { kind: "pglite"; dataDir: string; loadDataDir?: Blob; sharedBuffersMb?: number }
  /** loadDataDir as above: tests start each file's database from one migrated copy. */
  | { kind: "pglite-memory"; loadDataDir?: Blob; sharedBuffersMb?: number }
  | { kind: "postgres"; url: string; poolMax?: number };

export class DatabaseLockedError extends Error {}

export function findMigrationsFolder() {
  const candidates = [
    process.env.MIGRATIONS_DIR,
    path.resolve(process.cwd(), "drizzle"),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle"),
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => fs.existsSync(path.join(p, "meta", "_journal.json")));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(", ")})`);
  return found;
}

function isProcessAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

// PGlite is a single-process database: a second process opening the same folder corrupts it.
// A lock file with our pid keeps the second one out with a message that says what to do.
export function acquireLock(dbDir: string) {
  const lockPath = `${dbDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {}
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
        throw new DatabaseLockedError(
          `The embedded database at ${dbDir} is in use by another process (pid ${owner}). ` +
            "PGlite allows one process per data folder: stop that process first, " +
            "or use PostgreSQL by setting DATABASE_URL.",
        );
      }
      fs.unlinkSync(lockPath); // stale lock from a process that died
    }
  }
  throw new DatabaseLockedError(`Could not lock ${dbDir}`);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------- availability (PostgreSQL)

/** Opening a connection: a server that is down refuses at once; this bounds one that is unreachable. */
const CONNECT_TIMEOUT_MS = 2000;
/**
 * Waiting for a free connection when every one in the pool is busy: under a burst, requests queue
 * here rather than fail; past this the server is overloaded and the request is answered 503.
 */
const CHECKOUT_TIMEOUT_MS = 10_000;
/** No request waits longer than this for one answer; a slower query fails and frees its connection. */
const QUERY_TIMEOUT_MS = 10_000;

/** pg's client with its own connect timeout (the pool's applies to the whole checkout). */
class BoundedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === "string" ? { connectionString: config } : config),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
  }
}

type OutageSign = {
  /**
   * "unreachable": no connection was made, nothing can have been written. "interrupted": a
   * connection was lost or gave up mid-way, a COMMIT in flight may or may not have landed.
   */
  kind: "unreachable" | "interrupted";
  /** PostgreSQL itself is gone, not merely slow or busy (every pool slot taken, a slow query). */
  down: boolean;
};

/** SQLSTATEs: shutting down or starting up, too many connections, could not connect. */
const UNREACHABLE_CODES = new Set(["57P03", "53300", "08001", "08004"]);
/** SQLSTATEs: terminated by an administrator (a fast shutdown) or a crash, connection failure. */
const INTERRUPTED_CODES = new Set(["57P01", "57P02", "08000", "08003", "08006", "08007"]);
const MESSAGES: Record<string, OutageSign> = {
  // pg-pool: no slot came free in time (the pool is busy, the server may be fine).
  "timeout exceeded when trying to connect": { kind: "unreachable", down: false },
  "Connection terminated due to connection timeout": { kind: "unreachable", down: true },
  // pg's client: its own connect timeout (BoundedClient) fired.
  "timeout expired": { kind: "unreachable", down: true },
  "Connection terminated unexpectedly": { kind: "interrupted", down: true },
  "Connection terminated": { kind: "interrupted", down: true },
  "Client has encountered a connection error and is not queryable": { kind: "interrupted", down: true },
  // query_timeout: no answer in time (a hung server, or a very slow query).
  "Query read timeout": { kind: "interrupted", down: false },
};

/** What an error (or one of its causes: Drizzle wraps the driver's) says about the database. */
function outageSign(error: unknown): OutageSign | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, syscall } = current as NodeJS.ErrnoException;
    if (syscall === "connect") return { kind: "unreachable", down: true };
    // The socket to PostgreSQL broke under a query (the server went away mid-conversation).
    if (code === "EPIPE" || code === "ECONNRESET") return { kind: "interrupted", down: true };
    if (code && UNREACHABLE_CODES.has(code)) return { kind: "unreachable", down: true };
    if (code && INTERRUPTED_CODES.has(code)) return { kind: "interrupted", down: true };
    const known = Object.hasOwn(MESSAGES, current.message) ? MESSAGES[current.message] : undefined;
    if (known) return known;
    current = current.cause;
  }
  return null;
}

/**
 * Whether an error means PostgreSQL did not answer, and how: "unreachable" when no connection
 * was made (nothing can have been written), "interrupted" when one was lost or timed out
 * mid-way (a write may have committed); null for any other error (a constraint, a bug).
 */
export function databaseOutageKind(error: unknown) {
  return outageSign(error)?.kind ?? null;
}

export function isDatabaseUnavailable(error: unknown) {
  return outageSign(error) !== null;
}

/** Per request: whether the database failed to answer while it was being served. */
const outageScope = new AsyncLocalStorage<{ unavailable: boolean }>();
/** Process-wide: PostgreSQL was gone at the last round trip (none has succeeded since). */
let databaseDown = false;

/** Records a failed round trip against the request being served (and the process). */
export function noteDatabaseError(error: unknown) {
  const sign = outageSign(error);
  if (!sign) return;
  if (sign.down) databaseDown = true;
  const scope = outageScope.getStore();
  if (scope) scope.unavailable = true;
}

/**
 * Runs `fn` (a request's handling) and reports on the database meanwhile: `failed`, a round trip
 * of this request failed for want of it; `down`, it is still unreachable at the end (what a
 * request may have learnt second-hand, through a shared read another request made).
 */
export async function observeDatabaseOutage<T>(fn: () => Promise<T>) {
  const scope = { unavailable: false };
  const value = await outageScope.run(scope, fn);
  return { value, failed: scope.unavailable, down: databaseDown };
}

function observed<T>(promise: Promise<T>): Promise<T> {
  return promise.then(
    (value) => {
      databaseDown = false;
      return value;
    },
    (error: unknown) => {
      noteDatabaseError(error);
      throw error;
    },
  );
}

/** Checked-out clients that already have an error listener of ours. */
const guarded = new WeakSet<pg.PoolClient>();

/**
 * Every pooled query and checkout (transactions) reports how it went; callbacks pass through.
 * A checked-out client has no error listener of the pool's: if PostgreSQL goes away between two
 * queries of a transaction, its socket error would be an uncaught 'error' event and bring the
 * process down. Its queries fail on their own; the listener only notes the outage.
 */
function observeAvailability(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) =>
    typeof args.at(-1) === "function"
      ? query(...args)
      : observed(query(...args) as Promise<unknown>)) as typeof pool.query;
  pool.connect = ((...args: unknown[]) => {
    if (typeof args.at(-1) === "function") return connect(...args);
    return observed(connect() as Promise<pg.PoolClient>).then((client) => {
      if (!guarded.has(client)) {
        guarded.add(client);
        client.on("error", noteDatabaseError);
      }
      return client;
    });
  }) as typeof pool.connect;
}

/**
 * PGlite's buffer pool, in MB. Its WebAssembly memory never shrinks, and initdb's 128 MB pool is
 * touched as it fills: measured on the demo catalogue (a 10 MB database), the idle server held
 * 379 to 421 MB with 128 MB, 284 MB with 32 MB and 272 MB with 16 MB, at the same CPU per
 * uncached search for 32 and 128. A page not in the pool is read from the data folder through the
 * operating system's file cache.
 */
export const PGLITE_SHARED_BUFFERS_MB = 32;

/** PGlite's own start parameters (single-user mode and the rest), then the buffer pool's size. */
function pgliteStartParams(sharedBuffersMb: number) {
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`];
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === "pglite" || options.kind === "pglite-memory") {
    let release = () => {};
    let dbDir: string | undefined;
    if (options.kind === "pglite") {
      dbDir = path.join(options.dataDir, "db");
      fs.mkdirSync(options.dataDir, { recursive: true });
      release = acquireLock(dbDir);
    }
    let client: PGlite;
    try {
      client = await PGlite.create(dbDir ?? "memory://", {
        extensions: { pg_trgm },
        loadDataDir: options.loadDataDir,
        startParams: pgliteStartParams(options.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB),
      });
    } catch (error) {
      release();
      throw error;
    }
    const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
    let closed = false;
    return {
      db,
      kind: "pglite",
      async ping(timeoutMs = 1500) {
        if (closed) return false;
        try {
          await withTimeout(client.query("select 1"), timeoutMs);
          return true;
        } catch {
          return false;
        }
      },
      async migrate() {
        await migratePglite(db as never, { migrationsFolder: findMigrationsFolder() });
      },
      async withAdvisoryLock(_key, _options, fn) {
        return { ran: true, value: await fn() };
      },
      async close() {
        if (closed) return;
        closed = true;
        await client.close();
        release();
      },
    };
  }

  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    // Connecting, waiting for a free connection and waiting for an answer are each bounded: with
    // PostgreSQL gone a request fails at once (refused) or within CONNECT_TIMEOUT_MS, never hangs.
    Client: BoundedClient,
    connectionTimeoutMillis: CHECKOUT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  // A PostgreSQL restart kills idle connections; the pool replaces them, the process stays up.
  pool.on("error", () => {});
  observeAvailability(pool);
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    async ping(timeoutMs = 1500) {
      try {
        await withTimeout(pool.query("select 1"), timeoutMs);
        return true;
      } catch {
        return false;
      }
    },
    async migrate() {
      // A connection of its own, without the query timeout: one migration may take minutes.
      // Processes starting together queue on the lock; ending the connection releases it.
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1, $2)", [...MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema, casing: "snake_case" }) as never, {
          migrationsFolder: findMigrationsFolder(),
        });
        await client.query("select pg_advisory_unlock($1, $2)", [...MIGRATION_LOCK]);
      } finally {
        await client.end();
      }
    },
    async withAdvisoryLock(key, { wait }, fn) {
      // Waiting: a connection of its own, since the pool's query timeout would end the wait.
      // Trying: a pooled connection, held for the run. Either way the lock is released with the
      // session if the connection breaks; a connection whose unlock failed is discarded, never
      // handed back to the pool still holding the lock.
      const client = wait ? new pg.Client({ connectionString: options.url }) : await pool.connect();
      let discard: Error | undefined;
      try {
        try {
          if (wait) {
            await (client as pg.Client).connect();
            await client.query("select pg_advisory_lock($1, $2)", [...key]);
          } else {
            const result = await client.query<{ locked: boolean }>(
              "select pg_try_advisory_lock($1, $2) as locked",
              [...key],
            );
            if (!result.rows[0]?.locked) return { ran: false };
          }
        } catch (error) {
          discard = error as Error;
          throw error;
        }
        try {
          return { ran: true, value: await fn() };
        } finally {
          await client.query("select pg_advisory_unlock($1, $2)", [...key]).catch((error: Error) => {
            discard = error;
          });
        }
      } finally {
        if (wait) await (client as pg.Client).end().catch(() => {});
        else (client as pg.PoolClient).release(discard);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export function databaseOptionsFromEnv(env: {
  DATABASE_URL?: string;
  dataDir: string;
  DATABASE_POOL_MAX?: number;
  PGLITE_SHARED_BUFFERS_MB?: number;
}): OpenOptions {
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
    : { kind: "pglite", dataDir: env.dataDir, sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB };
}

export { sql };
