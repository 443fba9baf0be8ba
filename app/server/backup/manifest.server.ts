// What a backup says about itself (manifest.json, the archive's last entry), and the facts about a
// database that go into it: row counts per table and the migration level.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { findMigrationsFolder } from "../db/client.server";
import type { TarSource } from "./tar.server";

export const BACKUP_FORMAT = "trade-counter-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_PATH = "manifest.json";
export const DATABASE_PARTS = {
  pglite: "database/pglite-datadir.tar.gz",
  postgres: "database/postgres.dump",
} as const;
export type Engine = keyof typeof DATABASE_PARTS;

export const ENGINE_NAMES: Record<Engine, string> = {
  pglite: "the embedded database (PGlite)",
  postgres: "PostgreSQL",
};

const partSchema = z.object({
  path: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupPart = z.infer<typeof partSchema>;

const migrationLevelSchema = z.object({
  /** The last applied drizzle migration, as named in drizzle/meta/_journal.json. */
  tag: z.string().nullable(),
  /** Its journal timestamp: what drizzle records in drizzle.__drizzle_migrations.created_at. */
  createdAt: z.number().int().nullable(),
  applied: z.number().int().nonnegative(),
});
type MigrationLevel = z.infer<typeof migrationLevelSchema>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.iso.datetime(),
  engine: z.enum(["pglite", "postgres"]),
  migration: migrationLevelSchema,
  database: z.object({
    part: z.string(),
    serverVersion: z.string(),
    dumpedWith: z.string(),
  }),
  /** Rows per table when the dump was taken ("schema.table" outside public). */
  rows: z.record(z.string(), z.number().int().nonnegative()),
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  parts: z.array(partSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** One statement, its rows: the same shape over a PGlite client and a pg client. */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

export type DatabaseFacts = { rows: Record<string, number>; migration: MigrationLevel };

/** What each engine hands the backup: its dump as an archive entry, and the facts of the moment. */
export type DatabaseDump = {
  part: TarSource;
  facts: DatabaseFacts;
  serverVersion: string;
  dumpedWith: string;
  cleanup(): Promise<void>;
};

/** An engine's side of a restore, opened on the target and holding it until close(). */
export type RestoreTarget = {
  /** What the target already holds, one line each; empty when there is nothing. */
  inspect(): Promise<string[]>;
  clear(): Promise<void>;
  load(dumpFile: string): Promise<void>;
  run: RunQuery;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

type JournalEntry = { tag: string; when: number };

export function readMigrationJournal(): JournalEntry[] {
  const file = path.join(findMigrationsFolder(), "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(file, "utf8")) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

function quoteIdentifier(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

async function readMigrationLevel(run: RunQuery): Promise<MigrationLevel> {
  const [exists] = await run("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!exists?.present) return { tag: null, createdAt: null, applied: 0 };
  const [last] = await run(
    "select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations",
  );
  const createdAt = last?.last == null ? null : Number(last.last);
  const tag = readMigrationJournal().find((entry) => entry.when === createdAt)?.tag ?? null;
  return { tag, createdAt, applied: Number(last?.applied ?? 0) };
}

export async function readDatabaseFacts(run: RunQuery): Promise<DatabaseFacts> {
  const tables = await run(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
     order by table_schema, table_name`,
  );
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const schema = String(table.schema);
    const name = String(table.name);
    const [count] = await run(
      `select count(*)::text as n from ${quoteIdentifier(schema)}.${quoteIdentifier(name)}`,
    );
    rows[schema === "public" ? name : `${schema}.${name}`] = Number(count?.n ?? 0);
  }
  return { rows, migration: await readMigrationLevel(run) };
}

export function describeMigration(level: MigrationLevel) {
  if (level.applied === 0) return "no migrations";
  return level.tag ?? `an unknown migration (${level.createdAt})`;
}

/** Total rows outside drizzle's own bookkeeping. */
export function countRows(rows: Record<string, number>) {
  return Object.entries(rows)
    .filter(([table]) => !table.includes("."))
    .reduce((sum, [, n]) => sum + n, 0);
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
