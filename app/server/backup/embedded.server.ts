// The embedded database's side of backups: PGlite's own dumpDataDir() (a tarball of its data
// folder, taken while we hold the folder's lock) and loadDataDir() into an empty folder.
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { acquireLock, type DatabaseHandle, DatabaseLockedError, openDatabase } from "../db/client.server";
import {
  DATABASE_PARTS,
  type DatabaseDump,
  formatBytes,
  type RestoreTarget,
  type RunQuery,
  readDatabaseFacts,
} from "./manifest.server";

class EmbeddedBusyError extends Error {}

const STOP_THE_SERVER =
  "Backups and restores need the embedded database to themselves: stop the server first " +
  "(Ctrl+C, or your service manager's stop command), run this again, then start the server. " +
  "A PostgreSQL deployment (DATABASE_URL) can be backed up while it runs.";

function clientOf(handle: DatabaseHandle): PGlite {
  return (handle.db as unknown as { $client: PGlite }).$client;
}

function queryRunner(client: PGlite): RunQuery {
  return async (text) => (await client.query<Record<string, unknown>>(text)).rows;
}

function busy(error: unknown): never {
  if (error instanceof DatabaseLockedError)
    throw new EmbeddedBusyError(`${error.message}\n${STOP_THE_SERVER}`);
  throw error;
}

function embeddedDatabaseDir(dataDir: string) {
  return path.join(dataDir, "db");
}

export function requireEmbeddedDatabase(dataDir: string) {
  const dbDir = embeddedDatabaseDir(dataDir);
  if (!fs.existsSync(path.join(dbDir, "PG_VERSION"))) {
    throw new Error(
      `There is no embedded database at ${dbDir} to back up. Set DATA_DIR to the server's data ` +
        "folder, or DATABASE_URL to back up PostgreSQL.",
    );
  }
}

export async function dumpEmbeddedDatabase(dataDir: string): Promise<DatabaseDump> {
  requireEmbeddedDatabase(dataDir);
  const handle = await openDatabase({ kind: "pglite", dataDir }).catch(busy);
  try {
    const client = clientOf(handle);
    const run = queryRunner(client);
    // Everything in the data files, so that loading the dump needs little WAL replay.
    await client.exec("checkpoint");
    const facts = await readDatabaseFacts(run);
    const [version] = await run("select current_setting('server_version') as v");
    const tarball = new Uint8Array(await (await client.dumpDataDir("gzip")).arrayBuffer());
    return {
      part: { path: DATABASE_PARTS.pglite, size: tarball.byteLength, body: tarball },
      facts,
      serverVersion: `PostgreSQL ${String(version?.v)} (PGlite)`,
      dumpedWith: "PGlite dumpDataDir",
      async cleanup() {},
    };
  } finally {
    await handle.close();
  }
}

async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await fs.promises.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/** Locks DATA_DIR/db (refusing while the server runs on it) for a restore. */
export function openEmbeddedTarget(dataDir: string): RestoreTarget {
  const dbDir = embeddedDatabaseDir(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  let release: () => void;
  try {
    release = acquireLock(dbDir);
  } catch (error) {
    busy(error);
  }
  let handle: DatabaseHandle | undefined;

  return {
    async inspect() {
      if (!fs.existsSync(dbDir) || fs.readdirSync(dbDir).length === 0) return [];
      const { files, bytes } = await folderSize(dbDir);
      return [`the embedded database in ${dbDir} (${files} files, ${formatBytes(bytes)})`];
    },
    async clear() {
      await fs.promises.rm(dbDir, { recursive: true, force: true });
    },
    async load(dumpFile) {
      try {
        // A file-backed Blob: PGlite reads it when it starts, and writes the folder out.
        handle = await openDatabase({
          kind: "pglite",
          dataDir,
          loadDataDir: await fs.openAsBlob(dumpFile),
        });
        // The handle took the lock over from us (same pid) and releases it when it closes.
      } catch (error) {
        await fs.promises.rm(dbDir, { recursive: true, force: true });
        throw error;
      }
    },
    async run(text) {
      if (!handle) throw new Error("The embedded database is not loaded yet");
      return queryRunner(clientOf(handle))(text);
    },
    async migrate() {
      if (!handle) throw new Error("The embedded database is not loaded yet");
      await handle.migrate();
    },
    async close() {
      await handle?.close();
      release();
    },
  };
}
