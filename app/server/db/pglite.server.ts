// The embedded engine: PGlite in DATA_DIR/db (or in memory, for tests), one process per data
// folder, kept to that by a lock file.
import fs from "node:fs";
import path from "node:path";
import type { MessagePort } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { yieldToPagesInBackground } from "./background-work.server";
import type { Database, DatabaseHandle, OpenOptions } from "./handle";
import { findMigrationsFolder } from "./migrations.server";
import { answersWithin } from "./outage.server";
import { pgliteOptions } from "./pglite-options.server";
import { RemotePglite } from "./pglite-remote.server";
import { type PgliteThread, startPgliteThread } from "./pglite-thread.server";
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
  if (options.thread) return openPgliteThread(options, dbDir, release);
  let client: PGlite;
  try {
    client = await PGlite.create(dbDir ?? "memory://", pgliteOptions(options));
  } catch (error) {
    release();
    throw error;
  }
  // A catalogue import's steps, run beside the pages, let a waiting page through between queries.
  yieldToPagesInBackground(client);
  return pgliteHandle(client, () => client.close(), release);
}

/** PGlite in a thread of its own, the server's thread holding a connection to it. */
async function openPgliteThread(
  options: Extract<OpenOptions, { kind: "pglite" | "pglite-memory" }>,
  dbDir: string | undefined,
  release: () => void,
): Promise<DatabaseHandle> {
  let thread: PgliteThread;
  try {
    thread = await startPgliteThread({
      dataDir: dbDir,
      loadDataDir: options.loadDataDir,
      sharedBuffersMb: options.sharedBuffersMb,
    });
  } catch (error) {
    release();
    throw error;
  }
  return { ...pgliteHandle(thread.client, () => thread.close(), release), connect: thread.connect };
}

/** A connection to another thread's PGlite (pglite-thread.server.ts), for a worker thread of this process. */
export function openPgliteConnection(port: MessagePort): DatabaseHandle {
  const client = new RemotePglite(port);
  return pgliteHandle(
    client,
    async () => client.close(),
    () => {},
  );
}

type PgliteClient = Pick<PGlite, "query"> | RemotePglite;

function pgliteHandle(
  client: PgliteClient,
  closeClient: () => Promise<void>,
  release: () => void,
): DatabaseHandle {
  const db = drizzlePglite(client as PGlite, { schema, casing: "snake_case" }) as unknown as Database;
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
      await closeClient();
      release();
    },
  };
}
