// npm run db:backup [-- FILE|FOLDER] [--keep-days N] [--env-file FILE]: the database and every
// uploaded file (disk or bucket) in one .tar.gz (default DATA_DIR/backups/trade-counter-<engine>-
// <timestamp>.tar.gz, mode 600); then the time of this good backup is recorded in the database
// (the admin dashboard warns when it is more than a day old) and, with --keep-days, older
// backups in the same folder are deleted.
import "./env-file-option";
import path from "node:path";
import { createBackup, pruneBackups } from "~/server/backup/backup.server";
import { countRows, describeMigration, formatBytes } from "~/server/backup/manifest.server";
import { recordGoodBackup } from "~/server/backup/record.server";
import { getEnv } from "~/server/env.server";
import { getStorage } from "~/server/storage/storage.server";
import { argValue, runScript } from "./open-database";

const USAGE = `Usage: npm run db:backup [-- FILE|FOLDER] [--keep-days N] [--env-file FILE]
  Backs up the database (PostgreSQL when DATABASE_URL is set, else the embedded one in DATA_DIR)
  and every uploaded file (from DATA_DIR/uploads, or from the bucket of STORAGE_URL) into one .tar.gz.
  Default: DATA_DIR/backups/trade-counter-<engine>-<timestamp>.tar.gz
  --keep-days N     then delete the backups in that folder older than N days
  --env-file FILE   read the settings from FILE (systemd's format, e.g. /etc/tradecounter/common.env)
  The embedded database must not be in use: stop the server first.`;

await runScript(async () => {
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    console.log(USAGE);
    return;
  }
  const keepDaysText = argValue(args, "keep-days");
  const rest = args.filter(
    (arg, i) => arg !== "--keep-days" && args[i - 1] !== "--keep-days" && !arg.startsWith("--keep-days="),
  );
  const keepDays = keepDaysText === undefined ? undefined : Number(keepDaysText);
  if (keepDays !== undefined && !(Number.isInteger(keepDays) && keepDays >= 1)) {
    throw new Error(`--keep-days must be a whole number of days, 1 or more (got "${keepDaysText ?? ""}")`);
  }
  const unknown = rest.filter((a) => a.startsWith("-"));
  if (unknown.length > 0 || rest.length > 1)
    throw new Error(`Unexpected argument: ${rest.join(" ")}\n${USAGE}`);

  const env = getEnv();
  // getStorage(): the files come from the S3 bucket when STORAGE_URL is set, else from the disk.
  const result = await createBackup({
    dataDir: env.dataDir,
    databaseUrl: env.DATABASE_URL,
    output: rest[0],
    storage: getStorage(),
  });
  const { manifest } = result;
  console.log(`Wrote ${result.file} (${formatBytes(result.bytes)}, mode 600) in ${result.durationMs} ms.`);
  console.log(
    `  ${manifest.database.serverVersion} at migration ${describeMigration(manifest.migration)}, dumped with ${manifest.database.dumpedWith}`,
  );
  console.log(`  ${countRows(manifest.rows)} rows in ${Object.keys(manifest.rows).length} tables`);
  console.log(`  ${manifest.files.count} uploaded files (${formatBytes(manifest.files.bytes)})`);
  for (const file of result.vanished)
    console.log(`  note: ${file} was deleted while the backup ran; not included`);
  for (const file of result.skipped) console.log(`  note: ${file} is not an uploaded file; not included`);

  await recordGoodBackup({
    dataDir: env.dataDir,
    databaseUrl: env.DATABASE_URL,
    at: new Date(manifest.createdAt),
  });
  console.log(`Recorded as the last good backup (${manifest.createdAt}).`);

  if (keepDays !== undefined) {
    const deleted = await pruneBackups(path.dirname(result.file), keepDays, result.file);
    console.log(
      `Deleted ${deleted.length} backup${deleted.length === 1 ? "" : "s"} older than ${keepDays} days` +
        (deleted.length ? `: ${deleted.map((file) => path.basename(file)).join(", ")}` : "."),
    );
  }
});
