// npm run db:backup: one .tar.gz holding the database dump, every uploaded file and a manifest
// (format, engine, migration level, row counts, and the size and sha256 of every part).
//
//   const { file, bytes, manifest } = await createBackup({ dataDir, databaseUrl });
import fs from "node:fs";
import path from "node:path";
import { createLocalStorage, type Storage, StorageError } from "../storage/storage.server";
import { dumpEmbeddedDatabase, requireEmbeddedDatabase } from "./embedded.server";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupPart,
  type DatabaseDump,
  type Engine,
  MANIFEST_PATH,
  type Manifest,
} from "./manifest.server";
import { dumpPostgresDatabase } from "./postgres.server";
import { type TarSource, writeTarGz } from "./tar.server";
import { listStoredUploads, listUploads, type StoredUpload, storedUploadOf } from "./uploads.server";

type BackupOptions = {
  dataDir: string;
  /** Set: back up this PostgreSQL database; unset: the embedded one in dataDir. */
  databaseUrl?: string;
  /** A file to write, or an existing folder to write the default name into. */
  output?: string;
  /** Where the files are (the server's getStorage()); default: the disk under dataDir/uploads. */
  storage?: Storage;
  now?: Date;
};

export type BackupResult = {
  file: string;
  bytes: number;
  manifest: Manifest;
  /** Files listed at the start that were gone (deleted by the running server) when their turn came. */
  vanished: string[];
  /** Things under DATA_DIR/uploads that are not stored files of our buckets, left out. */
  skipped: string[];
  durationMs: number;
};

function defaultBackupName(engine: Engine, now: Date) {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return `trade-counter-${engine}-${stamp}.tar.gz`;
}

function resolveOutput(options: BackupOptions, engine: Engine, now: Date) {
  const name = defaultBackupName(engine, now);
  if (!options.output) return path.join(options.dataDir, "backups", name);
  const output = path.resolve(options.output);
  return fs.existsSync(output) && fs.statSync(output).isDirectory() ? path.join(output, name) : output;
}

async function* archiveSources(
  dump: DatabaseDump,
  storage: Storage,
  uploads: StoredUpload[],
  vanished: string[],
  buildManifest: () => Manifest,
): AsyncGenerator<TarSource> {
  yield dump.part;
  for (const file of uploads) {
    let stored: Awaited<ReturnType<Storage["get"]>>;
    try {
      stored = await storage.get(file.bucket, file.name);
    } catch (error) {
      if (!(error instanceof StorageError && error.code === "not_found")) throw error;
      vanished.push(file.entryPath);
      continue;
    }
    yield { path: file.entryPath, size: stored.size, body: stored.stream };
  }
  // Last, so that it can carry the checksum of everything before it.
  const manifest = Buffer.from(`${JSON.stringify(buildManifest(), null, 2)}\n`);
  yield { path: MANIFEST_PATH, size: manifest.byteLength, body: manifest };
}

const BACKUP_NAME = /^trade-counter-(?:pglite|postgres)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

/**
 * Deletes the backups in `folder` (files named as db:backup names them) last changed more than
 * `days` days before `now`, never `keep`. Returns the paths deleted.
 */
export async function pruneBackups(folder: string, days: number, keep: string, now = new Date()) {
  const cutoff = now.getTime() - days * 24 * 60 * 60 * 1000;
  const deleted: string[] = [];
  for (const name of (await fs.promises.readdir(folder)).sort()) {
    if (!BACKUP_NAME.test(name)) continue;
    const file = path.join(folder, name);
    if (file === path.resolve(keep)) continue;
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile() || stat.mtimeMs >= cutoff) continue;
    await fs.promises.rm(file, { force: true });
    deleted.push(file);
  }
  return deleted;
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const engine: Engine = options.databaseUrl ? "postgres" : "pglite";
  const now = options.now ?? new Date();
  if (engine === "pglite") requireEmbeddedDatabase(options.dataDir);
  const file = resolveOutput(options, engine, now);
  if (fs.existsSync(file)) throw new Error(`${file} already exists; choose another name`);
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.part`;
  const workDir = await fs.promises.mkdtemp(path.join(path.dirname(file), ".backup-"));

  try {
    const dump = options.databaseUrl
      ? await dumpPostgresDatabase(options.databaseUrl, workDir)
      : await dumpEmbeddedDatabase(options.dataDir);
    try {
      // Listed after the dump: a file uploaded meanwhile is an orphan in the backup, never a
      // row without its file (files are never changed in place, only added and deleted).
      const storage = options.storage ?? createLocalStorage(path.join(options.dataDir, "uploads"));
      // Caches (kept consent packs) are left out: they are made again when asked for.
      const files = await listStoredUploads(storage, { caches: false });
      // What lies on the disk that storage does not list (a stray file, a folder of no bucket).
      const disk = await listUploads(path.join(options.dataDir, "uploads"));
      const skipped = [
        ...disk.skipped,
        ...disk.files.filter((file) => !storedUploadOf(file.entryPath)).map((file) => file.fullPath),
      ];
      const parts: BackupPart[] = [];
      const vanished: string[] = [];
      const written: { manifest?: Manifest } = {};
      const buildManifest = (): Manifest => {
        const uploaded = parts.filter((part) => part.path.startsWith("uploads/"));
        written.manifest = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          createdAt: now.toISOString(),
          engine,
          migration: dump.facts.migration,
          database: { part: dump.part.path, serverVersion: dump.serverVersion, dumpedWith: dump.dumpedWith },
          rows: dump.facts.rows,
          files: { count: uploaded.length, bytes: uploaded.reduce((sum, part) => sum + part.bytes, 0) },
          parts: [...parts],
        };
        return written.manifest;
      };
      await writeTarGz(temp, archiveSources(dump, storage, files, vanished, buildManifest), (entry) => {
        if (entry.path === MANIFEST_PATH) return;
        parts.push(entry);
      });
      await fs.promises.rename(temp, file);
      const { size } = await fs.promises.stat(file);
      return {
        file,
        bytes: size,
        manifest: written.manifest!,
        vanished,
        skipped,
        durationMs: Math.round(performance.now() - started),
      };
    } finally {
      await dump.cleanup();
    }
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}
