// PostgreSQL's side of backups: pg_dump --format=custom inside a snapshot we also count rows in
// (so the manifest describes exactly what was dumped), and pg_restore in one transaction.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../db/client.server";
import {
  DATABASE_PARTS,
  type DatabaseDump,
  type RestoreTarget,
  type RunQuery,
  readDatabaseFacts,
} from "./manifest.server";
import { connectionForTool, findPgTool, runPgTool } from "./postgres-tools.server";

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // A dropped connection surfaces as the failing query's error, not as an unhandled event.
  client.on("error", () => {});
  await client.connect();
  return client;
}

function queryRunner(client: pg.Client): RunQuery {
  return async (text) => (await client.query<Record<string, unknown>>(text)).rows;
}

async function serverVersion(client: pg.Client) {
  const { rows } = await client.query<{ num: number; version: string }>(
    "select current_setting('server_version_num')::int as num, current_setting('server_version') as version",
  );
  const row = rows[0]!;
  return { major: Math.floor(row.num / 10_000), text: `PostgreSQL ${row.version}` };
}

/** Dumps into `workDir` (next to the backup being written, not a possibly small /tmp). */
export async function dumpPostgresDatabase(url: string, workDir: string): Promise<DatabaseDump> {
  const client = await connect(url);
  const dumpFile = path.join(workDir, "postgres.dump");
  try {
    const server = await serverVersion(client);
    const tool = await findPgTool("pg_dump", server.major);
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
    const facts = await readDatabaseFacts(queryRunner(client));
    const { uri, env } = connectionForTool(url);
    await runPgTool(
      tool,
      [
        "--format=custom",
        "--no-password",
        `--snapshot=${rows[0]!.snapshot}`,
        `--file=${dumpFile}`,
        `--dbname=${uri}`,
      ],
      env,
    );
    await client.query("commit");
    const { size } = await fs.promises.stat(dumpFile);
    return {
      part: { path: DATABASE_PARTS.postgres, size, body: fs.createReadStream(dumpFile) },
      facts,
      serverVersion: server.text,
      dumpedWith: tool.version,
      async cleanup() {
        await fs.promises.rm(dumpFile, { force: true });
      },
    };
  } catch (error) {
    await fs.promises.rm(dumpFile, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

const APP_SCHEMAS = "('public', 'drizzle')";

/** Opens the target database; what it holds is judged by the tables of our two schemas. */
export async function openPostgresTarget(url: string): Promise<RestoreTarget> {
  const client = await connect(url);
  const run = queryRunner(client);
  const database = (await run("select current_database() as name"))[0]?.name;

  return {
    async inspect() {
      const tables = await run(
        `select count(*)::int as n from information_schema.tables
         where table_type = 'BASE TABLE' and table_schema in ${APP_SCHEMAS}`,
      );
      const count = Number(tables[0]?.n ?? 0);
      return count === 0 ? [] : [`${count} tables in the schemas public and drizzle of database ${database}`];
    },
    async clear() {
      // Everything the backup brings is in these two schemas; other schemas are left alone.
      await client.query("drop schema if exists drizzle cascade");
      await client.query("drop schema if exists public cascade");
      await client.query("create schema public");
    },
    async load(dumpFile) {
      const server = await serverVersion(client);
      const tool = await findPgTool("pg_restore", server.major);
      const { uri, env } = connectionForTool(url);
      await runPgTool(
        tool,
        [
          "--no-owner",
          "--no-acl",
          "--exit-on-error",
          "--single-transaction",
          "--no-password",
          `--dbname=${uri}`,
          dumpFile,
        ],
        env,
      );
      // pg_restore leaves the planner without statistics until autovacuum comes by.
      await client.query("analyze");
    },
    run,
    async migrate() {
      const handle = await openDatabase({ kind: "postgres", url, poolMax: 1 });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
    },
    async close() {
      await client.end();
    },
  };
}
