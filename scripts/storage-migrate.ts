// npm run storage:migrate: copies every file under DATA_DIR/uploads into the bucket of
// STORAGE_URL (same names; those already there with the same size are skipped). The local files
// are left as they were: delete DATA_DIR/uploads yourself once the site runs on the bucket.
import "./env-file-option";
import path from "node:path";
import { formatBytes } from "~/server/backup/manifest.server";
import { getEnv } from "~/server/env.server";
import { copyStoredFiles } from "~/server/storage/migrate.server";
import { createLocalStorage, getStorage } from "~/server/storage/storage.server";
import { describeS3Location } from "~/server/storage-url";
import { runScript } from "./open-database";

const USAGE = `Usage: npm run storage:migrate [-- --env-file FILE]
  Copies every file under DATA_DIR/uploads into the bucket of STORAGE_URL, keeping their names.
  Files already in the bucket with the same size are skipped: it can be run again safely.
  --env-file FILE   read the settings from FILE (systemd's format, e.g. /etc/tradecounter/common.env)`;

await runScript(async () => {
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    console.log(USAGE);
    return;
  }
  if (args.length > 0) throw new Error(`Unexpected argument: ${args.join(" ")}\n${USAGE}`);
  const env = getEnv();
  if (!env.STORAGE_URL) {
    throw new Error(
      "STORAGE_URL is not set in this command's environment: there is no bucket to copy into. If it " +
        "is in a settings file, give the file with --env-file FILE (e.g. --env-file " +
        `/etc/tradecounter/common.env).\n${USAGE}`,
    );
  }
  const bucket = getStorage();
  await bucket.check();
  const from = path.join(env.dataDir, "uploads");
  console.log(`Copying ${from} into ${describeS3Location(env.STORAGE_URL)}`);
  const started = performance.now();
  const result = await copyStoredFiles(createLocalStorage(from), bucket, (file) => console.log(`  ${file}`));
  console.log(
    `${result.copied} files copied (${formatBytes(result.bytes)}), ${result.skipped} already there, ` +
      `in ${Math.round(performance.now() - started)} ms.`,
  );
});
