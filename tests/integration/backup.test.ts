// db:backup and db:restore on the engine under test: a seeded database with uploaded files is
// backed up, restored into an empty data folder (PGlite) or a new empty database (PostgreSQL),
// and every row and every file is found again, byte for byte; and again with the files in an S3 bucket.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type BackupResult, createBackup } from "~/server/backup/backup.server";
import { MANIFEST_PATH, readMigrationJournal } from "~/server/backup/manifest.server";
import { findPgTool } from "~/server/backup/postgres-tools.server";
import { RestoreRefusedError, restoreBackup } from "~/server/backup/restore.server";
import { extractTarGz, writeTarGz } from "~/server/backup/tar.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/client.server";
import { contactQueries, users } from "~/server/db/schema";
import { seedDemoContent } from "~/server/seed/seed.server";
import { createLocalStorage, SERVING_FOLDER } from "~/server/storage/storage.server";
import { withAdminClient } from "../support/database";
import { VALID_ENQUIRY } from "../support/enquiry";
import { startS3Server } from "../support/s3-server";

const engine = process.env.TEST_ENGINE === "postgres" ? "postgres" : "pglite";
const SLOW = 180_000;

type Target = { dataDir: string; databaseUrl?: string };

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tc-backup-test-"));
const databases: string[] = [];

/** A new data folder and, on PostgreSQL, a new empty database. */
async function createTarget(label: string): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(scratch, `${label}-`));
  if (engine === "pglite") return { dataDir };
  const name = `tc_backup_${label.replace(/[^a-z0-9]/g, "_")}_${crypto.randomBytes(4).toString("hex")}`;
  await withAdminClient((c) => c.query(`create database ${name}`));
  databases.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

async function openTarget<T>(target: Target, task: (handle: DatabaseHandle) => Promise<T>) {
  const handle = await openDatabase(
    target.databaseUrl
      ? { kind: "postgres", url: target.databaseUrl, poolMax: 2 }
      : { kind: "pglite", dataDir: target.dataDir },
  );
  try {
    return await task(handle);
  } finally {
    await handle.close();
  }
}

async function rowsOf(handle: DatabaseHandle, query: ReturnType<typeof sql>) {
  return (await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
}

/** Every row of every table in public and drizzle, each table's rows as sorted JSON lines. */
async function snapshotTables(handle: DatabaseHandle) {
  const { rows: tables } = await rowsOf(
    handle,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await rowsOf(
      handle,
      sql`select * from ${sql.identifier(String(table.schema))}.${sql.identifier(String(table.name))}`,
    );
    snapshot[`${table.schema}.${table.name}`] = rows
      .map((row) => JSON.stringify(row, (_key, value) => (typeof value === "bigint" ? String(value) : value)))
      .sort();
  }
  return snapshot;
}

/** A kept consent pack's stored name and bytes (the cache a backup leaves out). */
const PACK_NAME = "1767225600000-00c0ffee00c0ffee.pdf";
const PACK_BYTES = Buffer.from("%PDF-1.4\n% a kept consent pack\n%%EOF\n");

/**
 * Relative path -> bytes of every uploaded file under DATA_DIR/uploads (not the servers' notes,
 * nor the kept consent packs unless `packs`).
 */
function readUploads(dataDir: string, { packs = false } = {}) {
  const root = path.join(dataDir, "uploads");
  const files = new Map<string, Buffer>();
  if (!fs.existsSync(root)) return files;
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (path.relative(root, full).startsWith(`${SERVING_FOLDER}/`)) continue;
    if (!packs && path.relative(root, full).startsWith("consent_packs/")) continue;
    files.set(path.relative(root, full), fs.readFileSync(full));
  }
  return files;
}

function listFolder(dir: string) {
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).sort() : [];
}

async function tableCount(target: Target) {
  if (!target.databaseUrl) return listFolder(path.join(target.dataDir, "db")).length;
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

let source: Target;
let backup: BackupResult;
let sourceTables: Record<string, string[]>;
let sourceFiles: Map<string, Buffer>;
let attachmentPath: string;

beforeAll(async () => {
  source = await createTarget("source");
  const storage = createLocalStorage(path.join(source.dataDir, "uploads"));
  await openTarget(source, async (handle) => {
    await handle.migrate();
    const { seeded } = await seedDemoContent(handle.db, storage);
    expect(seeded).toBe(true);
    const attachment = await storage.put(
      "contact_uploads",
      "site-plan.pdf",
      Buffer.from("%PDF-1.4\n% a site plan for the backup test\n%%EOF\n"),
    );
    attachmentPath = attachment.path;
    await storage.put("consent_packs", PACK_NAME, PACK_BYTES, { name: PACK_NAME });
    await handle.db.insert(contactQueries).values({ ...VALID_ENQUIRY, fileUrl: attachment.path });
    await handle.db
      .insert(users)
      .values({ id: "backup-user", name: "Mere Tawhiri", email: "mere@example.co.nz" });
    sourceTables = await snapshotTables(handle);
  });
  sourceFiles = readUploads(source.dataDir);
  expect(readUploads(source.dataDir, { packs: true }).has(`consent_packs/${PACK_NAME}`)).toBe(true);
  backup = await createBackup({ ...source, output: path.join(scratch, `backup-${engine}.tar.gz`) });
}, SLOW);

afterAll(async () => {
  for (const name of databases) {
    await withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`));
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

test("a backup is one private file: manifest, database dump and every uploaded file", async () => {
  expect(fs.statSync(backup.file).mode & 0o777).toBe(0o600);
  expect(backup.bytes).toBe(fs.statSync(backup.file).size);

  const { manifest } = backup;
  expect(manifest.engine).toBe(engine);
  expect(manifest.migration.tag).toBe(readMigrationJournal().at(-1)!.tag);
  expect(manifest.rows.products).toBe(sourceTables["public.products"]!.length);
  expect(manifest.rows.contact_queries).toBe(sourceTables["public.contact_queries"]!.length);
  expect(manifest.files.count).toBe(sourceFiles.size);
  expect(manifest.parts.map((part) => part.path)).toContain(`uploads/${attachmentPath}`);
  expect(manifest.parts.some((part) => part.path.startsWith("uploads/certificates/"))).toBe(true);

  // Any tar reads it; the manifest inside is the one returned.
  const unpacked = fs.mkdtempSync(path.join(scratch, "unpacked-"));
  const entries = await extractTarGz(backup.file, unpacked, () => true);
  expect(entries.size).toBe(manifest.parts.length + 1);
  expect(JSON.parse(fs.readFileSync(path.join(unpacked, MANIFEST_PATH), "utf8"))).toEqual(manifest);
  // The kept consent pack is a cache: no part of the backup, and no consent_packs folder in it.
  expect([...entries.keys()].filter((entry) => entry.includes("consent_packs"))).toEqual([]);
  expect(fs.existsSync(path.join(unpacked, "uploads", "consent_packs"))).toBe(false);
  expect(backup.skipped).toEqual([]);
  const attachment = entries.get(`uploads/${attachmentPath}`)!;
  expect(attachment.sha256).toBe(
    crypto.createHash("sha256").update(sourceFiles.get(attachmentPath)!).digest("hex"),
  );
});

test(
  "a restore into an empty target brings back every row and every file",
  async () => {
    const target = await createTarget("restored");
    const result = await restoreBackup({ file: backup.file, ...target });
    expect(result.mismatches).toEqual([]);
    expect(result.files).toEqual({ count: backup.manifest.files.count, bytes: backup.manifest.files.bytes });
    expect(result.migratedTo.tag).toBe(backup.manifest.migration.tag);

    const restoredFiles = readUploads(target.dataDir, { packs: true });
    expect([...restoredFiles.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    for (const [name, bytes] of sourceFiles) expect(restoredFiles.get(name)!.equals(bytes)).toBe(true);

    await openTarget(target, async (handle) => {
      const restored = await snapshotTables(handle);
      expect(Object.keys(restored)).toEqual(Object.keys(sourceTables));
      for (const [table, rows] of Object.entries(sourceTables)) {
        expect(restored[table]?.length, table).toBe(rows.length);
        expect(restored[table], table).toEqual(rows);
      }
      // Sequences came back too: the next enquiry gets the next reference number.
      const [before] = await handle.db
        .select({ max: sql<number>`max(${contactQueries.referenceNo})` })
        .from(contactQueries);
      const [next] = await handle.db
        .insert(contactQueries)
        .values(VALID_ENQUIRY)
        .returning({ referenceNo: contactQueries.referenceNo });
      expect(next!.referenceNo).toBeGreaterThan(Number(before!.max));
    });
  },
  SLOW,
);

test(
  "a backup with one byte changed is refused before anything is written",
  async () => {
    // One byte of the compressed stream: gzip's CRC (or the inflater) catches it.
    const flipped = path.join(scratch, "flipped.tar.gz");
    const bytes = fs.readFileSync(backup.file);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0x01;
    fs.writeFileSync(flipped, bytes);

    // One byte of an uploaded file in a well-formed archive: the manifest's sha256 catches it.
    const unpacked = fs.mkdtempSync(path.join(scratch, "tamper-"));
    await extractTarGz(backup.file, unpacked, () => true);
    const victim = path.join(unpacked, "uploads", attachmentPath);
    const content = fs.readFileSync(victim);
    content[0] = content[0]! ^ 0x01;
    fs.writeFileSync(victim, content);
    const tampered = path.join(scratch, "tampered.tar.gz");
    const order = [...backup.manifest.parts.map((part) => part.path), MANIFEST_PATH];
    await writeTarGz(
      tampered,
      order.map((entry) => {
        const body = fs.readFileSync(path.join(unpacked, entry));
        return { path: entry, size: body.length, body };
      }),
    );

    for (const [file, reason] of [
      [flipped, /damaged|truncated/],
      [tampered, /does not match its sha256/],
    ] as const) {
      const target = await createTarget("corrupt");
      await expect(restoreBackup({ file, ...target })).rejects.toThrow(reason);
      expect(listFolder(target.dataDir)).toEqual([]);
      expect(await tableCount(target)).toBe(0);
    }
  },
  SLOW,
);

test(
  "a target that holds data is refused without --force and replaced with it",
  async () => {
    const target = await createTarget("occupied");
    await openTarget(target, (handle) => handle.migrate());
    const storage = createLocalStorage(path.join(target.dataDir, "uploads"));
    const stray = await storage.put("media", "stray.png", Buffer.from("not part of the backup"));

    const refusal = restoreBackup({ file: backup.file, ...target });
    await expect(refusal).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(refusal).rejects.toThrow(/not empty[\s\S]*1 uploaded files[\s\S]*--force/);
    expect(readUploads(target.dataDir).size).toBe(1);

    const lines: string[] = [];
    const result = await restoreBackup({
      file: backup.file,
      ...target,
      force: true,
      log: (l) => lines.push(l),
    });
    expect(lines.join("\n")).toMatch(/--force: replacing/);
    expect(result.mismatches).toEqual([]);
    expect(await storage.exists("media", stray.name)).toBe(false);
    expect(readUploads(target.dataDir).size).toBe(sourceFiles.size);
    await openTarget(target, async (handle) => {
      const restored = await snapshotTables(handle);
      expect(restored["public.contact_queries"]).toEqual(sourceTables["public.contact_queries"]);
      expect(restored["public.products"]).toEqual(sourceTables["public.products"]);
    });
  },
  SLOW,
);

test(
  "an older backup is brought up to the current migration after the restore",
  async () => {
    // A database one migration behind: made with a copy of drizzle/ whose journal lacks the last.
    const journal = readMigrationJournal();
    const older = path.join(scratch, "older-migrations");
    fs.cpSync(path.resolve("drizzle"), older, { recursive: true });
    const journalFile = path.join(older, "meta", "_journal.json");
    const parsed = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: unknown[] };
    parsed.entries = parsed.entries.slice(0, -1);
    fs.writeFileSync(journalFile, JSON.stringify(parsed));

    const old = await createTarget("older");
    process.env.MIGRATIONS_DIR = older;
    let oldBackup: BackupResult;
    try {
      await openTarget(old, async (handle) => {
        await handle.migrate();
        // Written in the older schema's own columns: the current schema's insert names newer ones.
        const e = VALID_ENQUIRY;
        await handle.db.execute(
          sql`insert into contact_queries (full_name, email, phone, subject, message) values (${e.fullName}, ${e.email}, ${e.phone}, ${e.subject}, ${e.message})`,
        );
      });
      oldBackup = await createBackup({ ...old, output: path.join(scratch, `older-${engine}.tar.gz`) });
    } finally {
      delete process.env.MIGRATIONS_DIR;
    }
    expect(oldBackup.manifest.migration.tag).toBe(journal.at(-2)!.tag);

    const target = await createTarget("upgraded");
    const result = await restoreBackup({ file: oldBackup.file, ...target });
    expect(result.migratedFrom.tag).toBe(journal.at(-2)!.tag);
    expect(result.migratedTo.tag).toBe(journal.at(-1)!.tag);
    expect(result.migratedTo.applied).toBe(journal.length);
    expect(result.rows.find((row) => row.table === "contact_queries")).toMatchObject({
      backup: 1,
      restored: 1,
    });
  },
  SLOW,
);

test.runIf(engine === "pglite")(
  "the embedded database is refused while another process has it open",
  async () => {
    // The lock file of a live process (vitest's parent), as a running server leaves it.
    const lock = path.join(source.dataDir, "db.lock");
    fs.writeFileSync(lock, String(process.ppid));
    try {
      await expect(createBackup({ ...source, output: path.join(scratch, "busy.tar.gz") })).rejects.toThrow(
        /in use by another process[\s\S]*stop the server first/,
      );
      const target = await createTarget("busy");
      fs.writeFileSync(path.join(target.dataDir, "db.lock"), String(process.ppid));
      await expect(restoreBackup({ file: backup.file, ...target })).rejects.toThrow(/stop the server first/);
      expect(listFolder(target.dataDir)).toEqual(["db.lock"]);
    } finally {
      fs.rmSync(lock, { force: true });
    }
    expect(fs.existsSync(path.join(scratch, "busy.tar.gz"))).toBe(false);
  },
);

test(
  "a restore into uploads a running server serves is refused, and goes ahead when they are named",
  async () => {
    const target = await createTarget("served");
    const uploads = path.join(target.dataDir, "uploads");
    const storage = createLocalStorage(uploads);
    const now = new Date().toISOString();
    await storage.putServingMark({ id: "shop-3001-77", host: "shop", pid: 77, port: 3001, at: now });

    const refusal = restoreBackup({ file: backup.file, ...target });
    await expect(refusal).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(refusal).rejects.toThrow(
      `${uploads}, which a running Trade Counter serves:\n  - port 3001 on shop (pid 77)`,
    );
    expect(await tableCount(target)).toBe(0);
    expect(readUploads(target.dataDir).size).toBe(0);

    // A mark not refreshed for longer than the servers refresh theirs is a stopped server's.
    await storage.putServingMark({
      id: "shop-3001-77",
      host: "shop",
      pid: 77,
      port: 3001,
      at: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    await storage.putServingMark({ id: "shop-3002-78", host: "shop", pid: 78, port: 3002, at: now });
    const result = await restoreBackup({ file: backup.file, ...target, intoServedStorage: uploads });
    expect(result.mismatches).toEqual([]);
    expect(readUploads(target.dataDir).size).toBe(sourceFiles.size);

    // The marks are not files of the site: a backup of this target leaves them out, unremarked.
    const again = await createBackup({ ...target, output: path.join(scratch, `served-${engine}.tar.gz`) });
    expect(again.skipped).toEqual([]);
    expect(again.manifest.files.count).toBe(sourceFiles.size);
  },
  SLOW,
);

test("a pg_dump older than the server is refused with the package to install", async () => {
  await expect(findPgTool("pg_dump", 99)).rejects.toThrow(/postgresql-client-99/);
});

test("a backup of one engine is refused by the other", async () => {
  const dataDir = fs.mkdtempSync(path.join(scratch, "other-engine-"));
  const otherEngine =
    engine === "pglite" ? { dataDir, databaseUrl: "postgresql://nobody@127.0.0.1:1/none" } : { dataDir };
  await expect(restoreBackup({ file: backup.file, ...otherEngine })).rejects.toThrow(
    /Restoring across engines is not supported/,
  );
  expect(listFolder(dataDir)).toEqual([]);
});

test("an archive entry outside the backup's own paths is refused with the entry named", async () => {
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-tar-"));
  const file = path.join(scratchDir, "odd.tar.gz");
  const body = Buffer.from("not a backup");
  await writeTarGz(file, [{ path: "../escape.txt", size: body.length, body }]);
  await expect(extractTarGz(file, path.join(scratchDir, "out"), () => true)).rejects.toThrow(
    /unexpected entry \.\.\/escape\.txt/,
  );
  expect(fs.existsSync(path.join(scratchDir, "escape.txt"))).toBe(false);
});

test(
  "with the files in an S3 bucket, the restore puts them into the bucket and the backup takes them from it",
  async () => {
    const s3 = await startS3Server();
    try {
      const storage = s3.storage({ prefix: "restored/" });
      const target = await createTarget("bucket");
      const restored = await restoreBackup({ file: backup.file, ...target, storage });
      expect(restored.files).toEqual({
        count: backup.manifest.files.count,
        bytes: backup.manifest.files.bytes,
      });
      // Nothing went to the disk: every file is in the bucket, byte for byte.
      expect(readUploads(target.dataDir).size).toBe(0);
      const { stream } = await storage.get("contact_uploads", attachmentPath.split("/")[1]!);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(sourceFiles.get(attachmentPath)!)).toBe(true);

      // A second restore finds the bucket occupied.
      const again = await createTarget("bucket-again");
      await expect(restoreBackup({ file: backup.file, ...again, storage })).rejects.toThrow(
        /not empty[\s\S]*uploaded files/,
      );

      // A consent pack kept in the bucket stays out of its backup too.
      await storage.put("consent_packs", PACK_NAME, PACK_BYTES, { name: PACK_NAME });
      const fromBucket = await createBackup({
        ...target,
        storage,
        output: path.join(scratch, "bucket.tar.gz"),
      });
      const uploadParts = (manifest: typeof backup.manifest) =>
        manifest.parts
          .filter((part) => part.path.startsWith("uploads/"))
          .sort((a, b) => a.path.localeCompare(b.path));
      expect(uploadParts(fromBucket.manifest)).toEqual(uploadParts(backup.manifest));
      expect(fromBucket.manifest.parts.filter((part) => part.path.includes("consent_packs"))).toEqual([]);
    } finally {
      await s3.close();
    }
  },
  SLOW,
);
