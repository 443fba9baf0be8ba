// npm run db:backup [-- FILE|FOLDER]: the database and every uploaded file (disk or bucket) in one .tar.gz
// (default DATA_DIR/backups/trade-counter-<engine>-<timestamp>.tar.gz, mode 600).
import { createBackup } from "~/server/backup/backup.server";
import { countRows, describeMigration, formatBytes } from "~/server/backup/manifest.server";
import { getEnv } from "~/server/env.server";
import { getStorage } from "~/server/storage/storage.server";
import { runScript } from "./open-database";

const USAGE = `Usage: npm run db:backup [-- FILE|FOLDER]
  Backs up the database (PostgreSQL when DATABASE_URL is set, else the embedded one in DATA_DIR)
  and every uploaded file (from DATA_DIR/uploads, or from the bucket of STORAGE_URL) into one .tar.gz.
  Default: DATA_DIR/backups/trade-counter-<engine>-<timestamp>.tar.gz
  The embedded database must not be in use: stop the server first.`;

await runScript(async () => {
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    console.log(USAGE);
    return;
  }
  const unknown = args.filter((a) => a.startsWith("-"));
  if (unknown.length > 0 || args.length > 1)
    throw new Error(`Unexpected argument: ${args.join(" ")}\n${USAGE}`);

  const env = getEnv();
  // getStorage(): the files come from the S3 bucket when STORAGE_URL is set, else from the disk.
  const result = await createBackup({
    dataDir: env.dataDir,
    databaseUrl: env.DATABASE_URL,
    output: args[0],
    storage: getStorage(),
  });
  const { manifest } = result;
  console.log(`Wrote ${result.file} (${formatBytes(result.bytes)}, mode 600) in ${result.durationMs} ms.`);
  console.log(
    `  ${manifest.database.serverVersion} at migration ${describeMigration(manifest.migration)}, dumped with ${manifest.database.dumpedWith}`,
  );
  console.log(`  ${countRows(manifest.rows)} rows in ${Object.keys(manifest.rows).length} tables`);
  console.log(`  ${manifest.files.count} uploaded files (${formatBytes(manifest.files.bytes)})`);
  for (const path of result.vanished)
    console.log(`  note: ${path} was deleted while the backup ran; not included`);
  for (const path of result.skipped) console.log(`  note: ${path} is not an uploaded file; not included`);
});
