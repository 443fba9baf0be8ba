// A fresh, migrated database per test file: in-memory PGlite, or (project "postgres") a new
// PostgreSQL database created from TEST_DATABASE_URL and dropped afterwards.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { resetAuth } from "~/server/auth/auth.server";
import { type DatabaseHandle, findMigrationsFolder, openDatabase } from "~/server/db/client.server";
import { setDatabase } from "~/server/db/db.server";
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

/**
 * A PGlite data folder with every migration applied, made once per set of migrations and kept in
 * the temp folder: opening a copy of it takes a fraction of a fresh PGlite's initdb. Migrations
 * still run on the copy (a no-op), so a stale copy could never hide a missing one.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const folder = findMigrationsFolder();
  const hash = crypto.createHash("sha256");
  for (const name of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const file = path.join(folder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  const templatePath = path.join(os.tmpdir(), `tc-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!fs.existsSync(templatePath)) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle(client) as never, { migrationsFolder: folder });
      const tarball = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
      // Written aside and renamed: a file reading the template never sees half of one.
      const partial = `${templatePath}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
      fs.writeFileSync(partial, tarball);
      fs.renameSync(partial, templatePath);
    } finally {
      await client.close();
    }
  }
  return new Blob([fs.readFileSync(templatePath)]);
}

export async function createTestDatabase(): Promise<TestDatabase & { destroy(): Promise<void> }> {
  const engine = process.env.TEST_ENGINE ?? "pglite";
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), "tc-storage-"));
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (engine === "postgres") {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("TEST_DATABASE_URL is not set");
    const name = `tc_test_${crypto.randomBytes(6).toString("hex")}`;
    await withAdminClient((c) => c.query(`create database ${name}`));
    const url = new URL(base);
    url.pathname = `/${name}`;
    handle = await openDatabase({ kind: "postgres", url: url.toString(), poolMax: 5 });
    drop = () =>
      withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {});
  } else {
    handle = await openDatabase({ kind: "pglite-memory", loadDataDir: await migratedPgliteTemplate() });
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
export function useTestDatabase() {
  const ref = {} as { current: TestDatabase };
  let destroy = async () => {};
  beforeAll(async () => {
    const created = await createTestDatabase();
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
