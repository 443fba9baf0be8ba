// npm run db:restore -- FILE [--force]: a db:backup archive into an empty target (the embedded
// database in DATA_DIR, or the PostgreSQL database of DATABASE_URL), then the migrations.
import "./env-file-option";
import { describeMigration, formatBytes } from "~/server/backup/manifest.server";
import { restoreBackup } from "~/server/backup/restore.server";
import { getEnv } from "~/server/env.server";
import { getStorage, storageIdentity } from "~/server/storage/storage.server";
import { describeS3Location } from "~/server/storage-url";
import { argValue, runScript } from "./open-database";

const USAGE = `Usage: npm run db:restore -- FILE [--force] [--into-served-storage=NAME] [--env-file FILE]
  Restores a backup made by db:backup into the embedded database in DATA_DIR, or into the
  PostgreSQL database of DATABASE_URL, and its files into DATA_DIR/uploads (or into the bucket
  of STORAGE_URL when it is set).
  The target must be empty; --force replaces its tables and files.
  Storage a running server serves is refused; --into-served-storage=NAME (its s3://bucket/prefix/,
  or its uploads folder) restores into it all the same. For a trial restore use a scratch
  database and a scratch bucket prefix instead.
  --env-file FILE   read the settings from FILE (systemd's format, e.g. /etc/tradecounter/common.env)
  The embedded database must not be in use: stop the server first.`;

await runScript(async () => {
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    console.log(USAGE);
    return;
  }
  const force = args.includes("--force");
  const intoServedStorage = argValue(args, "into-served-storage");
  if (args.includes("--into-served-storage") && !intoServedStorage)
    throw new Error(`--into-served-storage needs the storage's name\n${USAGE}`);
  const rest = args.filter(
    (a, i) =>
      a !== "--force" &&
      a !== "--into-served-storage" &&
      args[i - 1] !== "--into-served-storage" &&
      !a.startsWith("--into-served-storage="),
  );
  const [file] = rest;
  if (!file || rest.length > 1 || file.startsWith("-")) throw new Error(USAGE);

  const env = getEnv();
  const result = await restoreBackup({
    file,
    dataDir: env.dataDir,
    databaseUrl: env.DATABASE_URL,
    force,
    storage: getStorage(),
    storageName: env.STORAGE_URL ? describeS3Location(env.STORAGE_URL) : undefined,
    storageIdentity: storageIdentity(env),
    intoServedStorage,
    log: (line) => console.log(line),
  });

  const width = Math.max(5, ...result.rows.map((row) => row.table.length));
  console.log("Rows per table:");
  console.log(`  ${"table".padEnd(width)}  ${"backup".padStart(8)}  ${"restored".padStart(8)}`);
  for (const row of result.rows) {
    const flag = row.backup === row.restored ? "" : "  MISMATCH";
    console.log(
      `  ${row.table.padEnd(width)}  ${String(row.backup).padStart(8)}  ${String(row.restored).padStart(8)}${flag}`,
    );
  }
  console.log(`Restored ${result.files.count} uploaded files (${formatBytes(result.files.bytes)}).`);
  const from = describeMigration(result.migratedFrom);
  const to = describeMigration(result.migratedTo);
  console.log(
    from === to ? `Migrations: up to date at ${to}.` : `Migrations: brought from ${from} to ${to}.`,
  );
  console.log(`Restored in ${result.durationMs} ms.`);
  if (result.mismatches.length > 0) {
    throw new Error(
      `${result.mismatches.length} tables do not hold the rows the backup counted (see above).`,
    );
  }
});
