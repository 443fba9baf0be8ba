// A fresh, migrated database per test file: in-memory PGlite, or (project "postgres") a new
// PostgreSQL database created on TEST_DATABASE_URL's server and dropped afterwards. Both start
// from a template with every migration applied, made once per set of migrations.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { resetAuth } from "~/server/auth/auth.server";
import { type DatabaseHandle, findMigrationsFolder, openDatabase } from "~/server/db/client.server";
import { setDatabase } from "~/server/db/db.server";
import { isProcessAlive } from "~/server/db/pglite.server";
import { createLocalStorage, setStorage } from "~/server/storage/storage.server";

export type TestDatabase = DatabaseHandle & { engine: string; storageRoot: string };

/** A client on the PostgreSQL server of TEST_DATABASE_URL, to create and drop databases. */
export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A name for the current set of migrations: a template made from other migrations is never used. */
function migrationsHash() {
  const folder = findMigrationsFolder();
  const hash = crypto.createHash("sha256");
  for (const name of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const file = path.join(folder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Where PGlite test databases live: in memory-backed /dev/shm when the machine has it with room
 * to spare (PGlite writes its pages through to files, and a test's database is thrown away with
 * its file; a container's default /dev/shm of 64 MB would not hold two), else the temp folder.
 */
function pgliteFolder() {
  try {
    const shm = fs.statfsSync("/dev/shm");
    if (shm.bavail * shm.bsize > 2 * 1024 ** 3) return "/dev/shm";
  } catch {}
  return os.tmpdir();
}
const pgliteRoot = pgliteFolder();

/**
 * A PGlite data folder with every migration applied, made once per set of migrations and kept:
 * each test file's database is a copy of it, opened where it lies. A copy costs a tenth of a
 * second; restoring the same data from a tarball into PGlite's in-memory file system cost about
 * a second of CPU per file (the tar read through a Blob, unpacked file by file into the
 * emulated file system). Migrations still run on the copy (a no-op), so a stale template could
 * never hide a missing one.
 */
async function migratedPgliteTemplate(): Promise<string> {
  const templatePath = path.join(pgliteRoot, `tc-pglite-template-${migrationsHash()}`);
  if (!fs.existsSync(templatePath)) {
    // Made aside and renamed: a file copying the template never sees half of one.
    const partial = `${templatePath}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    const client = await PGlite.create(partial, { extensions: { pg_trgm, fuzzystrmatch } });
    try {
      await migrate(drizzle(client) as never, { migrationsFolder: findMigrationsFolder() });
    } finally {
      await client.close();
    }
    try {
      fs.renameSync(partial, templatePath);
    } catch (error) {
      // Another file made it meanwhile: theirs is as good.
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(templatePath)) throw error;
    }
  }
  // Its time of last use, by which a sweep tells a template in use from a forgotten one.
  const now = new Date();
  fs.utimesSync(templatePath, now, now);
  return templatePath;
}

const HOUR_MS = 3_600_000;

/**
 * Removes what earlier runs left in the PGlite test folder (which may be memory): a file's
 * database whose process has died (its pid is in the data folder's lock), a half-made template
 * whose maker has died, and a template for other migrations no file has used for a day.
 */
function sweepPgliteLeftovers(current: string) {
  for (const name of fs.readdirSync(pgliteRoot)) {
    if (!name.startsWith("tc-pglite-")) continue;
    const entry = path.join(pgliteRoot, name);
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (!stat || entry === current) continue;
    const age = Date.now() - stat.mtimeMs;
    let stale: boolean;
    if (name.startsWith("tc-pglite-template-")) {
      const maker = Number(name.split(".")[1]);
      stale = maker ? !isProcessAlive(maker) : age > 24 * HOUR_MS;
    } else {
      let owner = Number.NaN;
      try {
        owner = Number.parseInt(fs.readFileSync(path.join(entry, "db.lock"), "utf8"), 10);
      } catch {}
      stale = Number.isInteger(owner) ? !isProcessAlive(owner) : age > HOUR_MS;
    }
    if (stale) fs.rmSync(entry, { recursive: true, force: true });
  }
}

/** The address of database `name` on TEST_DATABASE_URL's server. */
function postgresUrl(name: string) {
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

/** Serialises the making of PostgreSQL templates across test files (and test runs). */
const TEMPLATE_LOCK = 7_346_201;

/**
 * The PostgreSQL counterpart: a database with every migration applied, made once per set of
 * migrations on TEST_DATABASE_URL's server and kept there, which each test file's database is
 * created from (CREATE DATABASE … TEMPLATE copies it in a fraction of the migrations' time). It is
 * made under another name and renamed when complete, under an advisory lock, so no file copies
 * half of one; nothing stays connected to it, as a copy requires. Migrations still run on each
 * copy (a no-op).
 */
async function migratedPostgresTemplate(): Promise<string> {
  const name = `tc_template_${migrationsHash()}`;
  await withAdminClient(async (client) => {
    await client.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    try {
      const found = await client.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount) return;
      const building = `${name}_building`;
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building}`);
      const handle = await openDatabase({ kind: "postgres", url: postgresUrl(building), poolMax: 1 });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await client.query(`alter database ${building} rename to ${name}`);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
    }
  });
  return name;
}

/** `pgliteThread`: PGlite in a thread of its own, as a serving process opens it. */
export async function createTestDatabase(
  options: { pgliteThread?: boolean } = {},
): Promise<TestDatabase & { destroy(): Promise<void> }> {
  const engine = process.env.TEST_ENGINE ?? "pglite";
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), "tc-storage-"));
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (engine === "postgres") {
    if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
    const template = await migratedPostgresTemplate();
    const name = `tc_test_${crypto.randomBytes(6).toString("hex")}`;
    await withAdminClient(async (c) => {
      await c.query(`create database ${name} template ${template}`);
      // A test's database is thrown away with its file: a commit need not wait for the disk.
      await c.query(`alter database ${name} set synchronous_commit = off`);
    });
    handle = await openDatabase({ kind: "postgres", url: postgresUrl(name), poolMax: 5 });
    drop = () =>
      withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {});
  } else {
    const template = await migratedPgliteTemplate();
    sweepPgliteLeftovers(template);
    const dataDir = fs.mkdtempSync(path.join(pgliteRoot, "tc-pglite-"));
    fs.cpSync(template, path.join(dataDir, "db"), { recursive: true });
    handle = await openDatabase({ kind: "pglite", dataDir, thread: options.pgliteThread });
    drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await handle.migrate();
  return {
    ...handle,
    engine,
    storageRoot,
    async destroy() {
      await handle.close();
      await drop();
      fs.rmSync(storageRoot, { recursive: true, force: true });
    },
  };
}

/** Opens a test database for this file, installs it (and a temp storage) as the app's own. */
export function useTestDatabase(options: { pgliteThread?: boolean } = {}) {
  const ref = {} as { current: TestDatabase };
  let destroy = async () => {};
  beforeAll(async () => {
    const created = await createTestDatabase(options);
    destroy = created.destroy;
    ref.current = created;
    setDatabase(created);
    setStorage(createLocalStorage(created.storageRoot));
    resetAuth();
  });
  afterAll(async () => {
    setDatabase(undefined);
    setStorage(undefined);
    resetAuth();
    await destroy();
  });
  return ref;
}
