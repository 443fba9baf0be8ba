// One database module for both engines: embedded PGlite under DATA_DIR (the default) or
// PostgreSQL through a pg pool when DATABASE_URL is set. Same schema, same migrations.
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
  close(): Promise<void>;
};

export type OpenOptions =
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory" }
  | { kind: "postgres"; url: string; poolMax?: number };

export class DatabaseLockedError extends Error {}

function findMigrationsFolder() {
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
function acquireLock(dbDir: string) {
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
      client = await PGlite.create(dbDir ?? "memory://", { extensions: { pg_trgm } });
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
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
  });
  // A PostgreSQL restart kills idle connections; the pool replaces them, the process stays up.
  pool.on("error", () => {});
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
      await migratePg(db as never, { migrationsFolder: findMigrationsFolder() });
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
}): OpenOptions {
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
    : { kind: "pglite", dataDir: env.dataDir };
}

export { sql };
