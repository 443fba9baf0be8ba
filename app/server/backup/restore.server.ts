// npm run db:restore -- FILE: unpacks a backup into a staging folder and checks every part
// against the manifest's sha256 before the target is touched; then loads the database into an
// empty target (or, with force, one it first clears), places the files, and runs the migrations
// so that an older backup is brought up to date.
//
//   const result = await restoreBackup({ file, dataDir, databaseUrl, force, log: console.log });
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freshServingMarks } from "../runtime/serving-mark.server";
import { createLocalStorage, type ServingMark, type Storage } from "../storage/storage.server";
import { openEmbeddedTarget } from "./embedded.server";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DATABASE_PARTS,
  type DatabaseFacts,
  describeMigration,
  ENGINE_NAMES,
  type Engine,
  formatBytes,
  MANIFEST_PATH,
  type Manifest,
  manifestSchema,
  readDatabaseFacts,
  readMigrationJournal,
} from "./manifest.server";
import { openPostgresTarget } from "./postgres.server";
import { extractTarGz } from "./tar.server";
import { listStoredUploads, putUploads, sumBytes, UPLOAD_ENTRY } from "./uploads.server";

export class RestoreRefusedError extends Error {}

type RestoreOptions = {
  file: string;
  dataDir: string;
  /** Set: restore into this PostgreSQL database; unset: into the embedded one in dataDir. */
  databaseUrl?: string;
  /** Replace a target that already holds tables or files. */
  force?: boolean;
  /** Where the files go (the server's getStorage()); default: the disk under dataDir/uploads. */
  storage?: Storage;
  /** How to name that storage in messages (the bucket, with STORAGE_URL). */
  storageName?: string;
  /**
   * The storage's name as --into-served-storage gives it (storageIdentity(): s3://bucket/prefix/,
   * or the uploads folder); default: the uploads folder under dataDir.
   */
  storageIdentity?: string;
  /**
   * Restore into storage that running servers serve (their serving marks are fresh): only when
   * this names that storage exactly. Unset, such a restore is refused before anything changes.
   */
  intoServedStorage?: string;
  log?: (line: string) => void;
};

type RowCheck = { table: string; backup: number; restored: number };

type RestoreResult = {
  manifest: Manifest;
  engine: Engine;
  /** Rows per table as loaded, before migrations, against the manifest's counts. */
  rows: RowCheck[];
  mismatches: RowCheck[];
  files: { count: number; bytes: number };
  migratedFrom: DatabaseFacts["migration"];
  migratedTo: DatabaseFacts["migration"];
  replaced: string[];
  durationMs: number;
};

const KNOWN_ENTRIES = new Set<string>([MANIFEST_PATH, ...Object.values(DATABASE_PARTS)]);

function parseManifest(text: string): Manifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RestoreRefusedError("The backup's manifest.json is not valid JSON; nothing was restored.");
  }
  const head = data as { format?: unknown; formatVersion?: unknown };
  if (head?.format !== BACKUP_FORMAT) throw new RestoreRefusedError("This is not a Trade Counter backup.");
  if (typeof head.formatVersion === "number" && head.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new RestoreRefusedError(
      `This backup has format version ${head.formatVersion}, newer than this version of Trade Counter ` +
        `reads (${BACKUP_FORMAT_VERSION}): update the application first.`,
    );
  }
  const parsed = manifestSchema.safeParse(data);
  if (!parsed.success) {
    throw new RestoreRefusedError(`The backup's manifest is damaged: ${parsed.error.issues[0]?.message}`);
  }
  return parsed.data;
}

/** Unpacks into `stagingDir` and checks every part; throws before anything else is touched. */
async function unpackAndVerify(file: string, stagingDir: string): Promise<Manifest> {
  const entries = await extractTarGz(
    file,
    stagingDir,
    (entryPath) => KNOWN_ENTRIES.has(entryPath) || UPLOAD_ENTRY.test(entryPath),
  );
  if (!entries.has(MANIFEST_PATH)) {
    throw new RestoreRefusedError("This is not a Trade Counter backup (it has no manifest.json).");
  }
  const manifest = parseManifest(await fs.promises.readFile(path.join(stagingDir, MANIFEST_PATH), "utf8"));
  const damaged = (what: string) =>
    new RestoreRefusedError(`The backup is damaged: ${what}. Nothing was restored.`);
  for (const part of manifest.parts) {
    const found = entries.get(part.path);
    if (!found) throw damaged(`${part.path} is missing`);
    if (found.bytes !== part.bytes || found.sha256 !== part.sha256) {
      throw damaged(`${part.path} does not match its sha256 in the manifest`);
    }
  }
  const listed = new Set(manifest.parts.map((part) => part.path));
  for (const entryPath of entries.keys()) {
    if (entryPath !== MANIFEST_PATH && !listed.has(entryPath)) {
      throw damaged(`${entryPath} is not in the manifest`);
    }
  }
  if (manifest.database.part !== DATABASE_PARTS[manifest.engine] || !listed.has(manifest.database.part)) {
    throw damaged("the database dump is missing");
  }
  const uploads = manifest.parts.filter((part) => UPLOAD_ENTRY.test(part.path));
  if (uploads.length !== manifest.files.count || sumBytes(uploads) !== manifest.files.bytes) {
    throw damaged("the file count does not match the manifest");
  }
  return manifest;
}

function checkRestorable(manifest: Manifest, engine: Engine) {
  if (manifest.engine !== engine) {
    const how =
      manifest.engine === "postgres"
        ? "set DATABASE_URL to an empty PostgreSQL database"
        : "unset DATABASE_URL and set DATA_DIR to an empty folder";
    throw new RestoreRefusedError(
      `This backup is of ${ENGINE_NAMES[manifest.engine]}, and the target is ${ENGINE_NAMES[engine]} ` +
        `(DATABASE_URL is ${engine === "postgres" ? "set" : "not set"}). Restoring across engines is ` +
        `not supported: to restore it, ${how}.`,
    );
  }
  const journal = readMigrationJournal();
  const level = manifest.migration;
  if (level.createdAt !== null && !journal.some((entry) => entry.when === level.createdAt)) {
    throw new RestoreRefusedError(
      `This backup is at migration ${describeMigration(level)}, which this version of Trade Counter ` +
        `does not have (its latest is ${journal.at(-1)?.tag}): update the application first.`,
    );
  }
}

function describeMark(mark: ServingMark, now: number) {
  const seconds = Math.max(0, Math.round((now - Date.parse(mark.at)) / 1000));
  return `port ${mark.port} on ${mark.host} (pid ${mark.pid}), ${seconds} s ago`;
}

/**
 * Refuses storage that a running site serves: replacing its files (--force) deletes the live
 * site's, and adding to them mixes a backup's files into the live site's. Given by name, the
 * restore goes ahead (a real recovery onto the live storage, its servers about to be restarted).
 */
async function checkNotServed(storage: Storage, name: string, identity: string, given: string | undefined) {
  const now = Date.now();
  const serving = freshServingMarks(await storage.listServingMarks(), now);
  if (given !== undefined && given !== identity) {
    throw new RestoreRefusedError(
      `--into-served-storage names ${given}, but this restore's files would go to ${identity}. Nothing was changed.`,
    );
  }
  if (serving.length === 0 || given === identity) return;
  throw new RestoreRefusedError(
    `The files would go to ${name}, which a running Trade Counter serves:\n` +
      `${serving.map((mark) => `  - ${describeMark(mark, now)}`).join("\n")}\n` +
      "Restoring there would replace or mix with the live site's files. For a trial restore, point " +
      "DATABASE_URL (or DATA_DIR) at a scratch database and STORAGE_URL at a scratch prefix " +
      "(…&prefix=restore-test/). To restore into this storage on purpose, stop those servers first, " +
      `or add --into-served-storage=${identity}. Nothing was changed.`,
  );
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const engine: Engine = options.databaseUrl ? "postgres" : "pglite";
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new RestoreRefusedError(`${file} does not exist`);

  const stagingDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "tc-restore-"));
  try {
    const manifest = await unpackAndVerify(file, stagingDir);
    log(
      `Verified ${path.basename(file)}: a backup of ${ENGINE_NAMES[manifest.engine]} made ` +
        `${manifest.createdAt} at migration ${describeMigration(manifest.migration)}, with ` +
        `${manifest.files.count} files; all ${manifest.parts.length} parts match their sha256.`,
    );
    checkRestorable(manifest, engine);

    const uploadsRoot = path.join(options.dataDir, "uploads");
    const storage = options.storage ?? createLocalStorage(uploadsRoot);
    await checkNotServed(
      storage,
      options.storageName ?? uploadsRoot,
      options.storageIdentity ?? uploadsRoot,
      options.intoServedStorage,
    );
    const target = options.databaseUrl
      ? await openPostgresTarget(options.databaseUrl)
      : openEmbeddedTarget(options.dataDir);
    try {
      const present = await target.inspect();
      const existing = await listStoredUploads(storage);
      if (existing.length > 0) {
        present.push(
          `${existing.length} uploaded files (${formatBytes(sumBytes(existing))}) in ${options.storageName ?? uploadsRoot}`,
        );
      }
      if (present.length > 0 && !options.force) {
        throw new RestoreRefusedError(
          `The target is not empty:\n${present.map((line) => `  - ${line}`).join("\n")}\n` +
            "Restore into an empty target, or add --force to replace all of it. Nothing was changed.",
        );
      }
      if (present.length > 0) {
        log(`--force: replacing\n${present.map((line) => `  - ${line}`).join("\n")}`);
        await target.clear();
        for (const file of existing) await storage.delete(file.bucket, file.name);
      }

      await target.load(path.join(stagingDir, manifest.database.part));
      const restored = await readDatabaseFacts(target.run);
      await target.migrate();
      const migrated = await readDatabaseFacts(target.run);
      const { skipped, ...files } = await putUploads(stagingDir, storage, manifest.parts);
      for (const entry of skipped) log(`note: ${entry} is not a stored file of a bucket; not restored`);

      const rows = Object.entries(manifest.rows).map(([table, backup]) => ({
        table,
        backup,
        restored: restored.rows[table] ?? 0,
      }));
      return {
        manifest,
        engine,
        rows,
        mismatches: rows.filter((row) => row.backup !== row.restored),
        files,
        migratedFrom: restored.migration,
        migratedTo: migrated.migration,
        replaced: present,
        durationMs: Math.round(performance.now() - started),
      };
    } finally {
      await target.close();
    }
  } finally {
    await fs.promises.rm(stagingDir, { recursive: true, force: true });
  }
}
