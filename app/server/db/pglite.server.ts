// The embedded engine: PGlite in DATA_DIR/db (or in memory, for tests), one process per data
// folder, kept to that by a lock file.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { yieldToPagesInBackground } from "./background-work.server";
import type { Database, DatabaseHandle, OpenOptions } from "./handle";
import { findMigrationsFolder } from "./migrations.server";
import { answersWithin } from "./outage.server";
import * as schema from "./schema";

export class DatabaseLockedError extends Error {}

export function isProcessAlive(pid: number) {
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

/**
 * PGlite's buffer pool, in MB. Its WebAssembly memory never shrinks, and initdb's 128 MB pool is
 * touched as it fills: measured on the demo catalogue (a 10 MB database), the idle server held
 * 379 to 421 MB with 128 MB, 284 MB with 32 MB and 272 MB with 16 MB, at the same CPU per
 * uncached search for 32 and 128. A page not in the pool is read from the data folder through the
 * operating system's file cache.
 */
const PGLITE_SHARED_BUFFERS_MB = 32;

/** PGlite's own start parameters (single-user mode and the rest), then the buffer pool's size. */
function pgliteStartParams(sharedBuffersMb: number) {
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`];
}

export async function openPglite(
  options: Extract<OpenOptions, { kind: "pglite" | "pglite-memory" }>,
): Promise<DatabaseHandle> {
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
      extensions: { pg_trgm, fuzzystrmatch },
      loadDataDir: options.loadDataDir,
      startParams: pgliteStartParams(options.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB),
    });
  } catch (error) {
    release();
    throw error;
  }
  // A catalogue import's steps, run beside the pages, let a waiting page through between queries.
  yieldToPagesInBackground(client);
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: "pglite",
    async ping(timeoutMs = 1500) {
      if (closed) return false;
      return answersWithin(client.query("select 1"), timeoutMs);
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
