// The commands the README's Deploying and Backups sections give, run as written on the engine
// under test: the nightly backup unit (deploy/systemd/tradecounter-backup.service) run the way
// systemd runs it with a common.env whose STORAGE_URL is not quoted; a restore into storage a
// running server serves (refused unless named); the first start's lines; and a settings file
// read by a shell, which cuts an unquoted STORAGE_URL at its first "&".
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createBackup } from "~/server/backup/backup.server";
import { BACKUP_RUN_TASK } from "~/server/backup/record.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/client.server";
import { periodicRuns } from "~/server/db/schema";
import { createLocalStorage } from "~/server/storage/storage.server";
import { startSystemctlShim } from "../../bench/systemctl-shim.js";
import {
  createPostgresDatabase,
  ensureBuild,
  freePort,
  spawnServer,
  waitUntilHealthy,
} from "../support/instances";
import { S3RVER_CREDENTIALS, startS3Server } from "../support/s3-server";
import { readUnit, runUnit } from "../support/systemd";

const engine = process.env.TEST_ENGINE === "postgres" ? "postgres" : "pglite";
const root = path.resolve(import.meta.dirname, "../..");
const SLOW = 400_000;
/** A first start migrates a new database (the embedded one in WebAssembly): slow on a busy machine. */
const STARTUP_MS = 180_000;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tc-deploy-test-"));
const SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
const cleanups: (() => Promise<void>)[] = [];

let s3: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  ensureBuild();
  s3 = await startS3Server();
}, SLOW);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}, 60_000);

/** A database for the engine under test: a new PostgreSQL database, or a data folder. */
async function newSite(label: string) {
  const dataDir = fs.mkdtempSync(path.join(scratch, `${label}-`));
  if (engine === "pglite") return { dataDir, databaseUrl: undefined as string | undefined };
  const database = await createPostgresDatabase();
  cleanups.push(database.drop);
  return { dataDir, databaseUrl: database.url };
}

async function withSite<T>(
  site: { dataDir: string; databaseUrl?: string },
  task: (h: DatabaseHandle) => Promise<T>,
) {
  const handle = await openDatabase(
    site.databaseUrl
      ? { kind: "postgres", url: site.databaseUrl, poolMax: 1 }
      : { kind: "pglite", dataDir: site.dataDir },
  );
  try {
    await handle.migrate();
    return await task(handle);
  } finally {
    await handle.close();
  }
}

/** STORAGE_URL of the loopback S3 server, as an IT person pastes it: with & between options. */
function storageUrl(prefix: string) {
  return `s3://trade-counter?endpoint=${s3.endpoint}&region=us-east-1&forcePathStyle=true&prefix=${prefix}`;
}

function writeEnvFile(name: string, lines: string[]) {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
  return file;
}

/** A CLI script as the README runs it (the pinned Node with tsx), with only `env` and PATH. */
function runScript(script: string, args: string[], env: Record<string, string> = {}) {
  return runShell(`exec "$NODE" --import tsx scripts/${script} "$@"`, args, env);
}

function runShell(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    let output = "";
    const child = spawn("sh", ["-c", command, "sh", ...args], {
      cwd: root,
      env: { PATH: `${path.dirname(process.execPath)}:${SYSTEM_PATH}`, NODE: process.execPath, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The unit file, with its drop-ins appended, where `systemd-analyze verify` can read it. */
function verifyUnit(files: string[], rewrite: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(scratch, "verify-"));
  let text = files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
  for (const [from, to] of Object.entries(rewrite)) text = text.replaceAll(from, to);
  const unit = path.join(dir, path.basename(files[0]!));
  fs.writeFileSync(unit, text);
  return runShell('command -v systemd-analyze >/dev/null || exit 0; systemd-analyze verify --man=no "$1"', [
    unit,
  ]);
}

test(
  "the nightly backup unit, run as systemd runs it with common.env, backs up the site, prunes and records it",
  async () => {
    const site = await newSite("nightly");
    await withSite(site, async () => {});
    const bucket = s3.storage({ prefix: "nightly/" });
    await bucket.put("media", "deck.png", Buffer.from("a picture of the deck"));
    const backups = path.join(site.dataDir, "backups");
    fs.mkdirSync(backups);
    const day = 24 * 60 * 60 * 1000;
    const old = path.join(backups, "trade-counter-postgres-2026-01-01T02-30-00Z.tar.gz");
    const recent = path.join(backups, "trade-counter-postgres-2026-01-20T02-30-00Z.tar.gz");
    const foreign = path.join(backups, "keep-me.tar.gz");
    for (const [file, age] of [
      [old, 20 * day],
      [recent, 2 * day],
      [foreign, 30 * day],
    ] as const) {
      fs.writeFileSync(file, "an older backup");
      fs.utimesSync(file, new Date(Date.now() - age), new Date(Date.now() - age));
    }
    // As the README's step 2 and 6 write it: STORAGE_URL with its & and no quotes.
    const commonEnv = writeEnvFile("nightly.env", [
      "# /etc/tradecounter/common.env",
      ...(site.databaseUrl ? [`DATABASE_URL=${site.databaseUrl}`] : []),
      // The README's DATA_DIR=/var/lib/tradecounter: this test's stand-in for that folder.
      `DATA_DIR=${site.dataDir}`,
      "PUBLIC_URL=https://shop.example.nz",
      `BETTER_AUTH_SECRET=${crypto.randomBytes(32).toString("hex")}`,
      `STORAGE_URL=${storageUrl("nightly/")}`,
      `AWS_ACCESS_KEY_ID=${S3RVER_CREDENTIALS.accessKeyId}`,
      `AWS_SECRET_ACCESS_KEY=${S3RVER_CREDENTIALS.secretAccessKey}`,
    ]);

    // The embedded database: the drop-in stops the running server around the backup.
    let server: ReturnType<typeof spawnServer> | undefined;
    const serverEnv = async () => ({
      DATA_DIR: site.dataDir,
      PORT: String(await freePort()),
      STORAGE_URL: storageUrl("nightly/"),
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    });
    const shim = await startSystemctlShim(async (verb, unit) => {
      if (unit !== "tradecounter@3001") throw new Error(`unknown unit ${unit}`);
      if (verb === "stop") await server?.stop();
      else if (verb === "start") server = spawnServer(await serverEnv());
      else throw new Error(`not handled: ${verb}`);
    });
    cleanups.push(async () => {
      await server?.stop();
      await shim.close();
    });
    if (engine === "pglite") {
      server = spawnServer(await serverEnv());
      await waitUntilHealthy(server, STARTUP_MS);
    }
    const rewrite = {
      "/srv/tradecounter": root,
      "/etc/tradecounter/common.env": commonEnv,
      "/var/lib/tradecounter": site.dataDir,
      "/usr/bin/systemctl": shim.binary,
    };
    const files = [path.join(root, "deploy/systemd/tradecounter-backup.service")];
    if (engine === "pglite") files.push(path.join(root, "deploy/systemd/tradecounter-backup-embedded.conf"));
    const unit = readUnit(files, rewrite);
    expect(unit.service).toContainEqual(["User", "tradecounter"]);
    expect(unit.service).toContainEqual(["Type", "oneshot"]);

    const result = await runUnit(unit, { path: SYSTEM_PATH });
    expect(result.code, result.output).toBe(0);
    const written = new RegExp(`Wrote (${backups}/trade-counter-${engine}-[^ ]+\\.tar\\.gz)`).exec(
      result.output,
    );
    expect(written, result.output).not.toBeNull();
    expect(fs.statSync(written![1]!).mode & 0o777).toBe(0o600);
    // The file came from the bucket of the unquoted STORAGE_URL, not from an empty disk.
    expect(result.output).toContain("1 uploaded files");
    expect(result.output).toMatch(/Deleted 1 backup older than 14 days: trade-counter-postgres-2026-01-01/);
    expect([fs.existsSync(old), fs.existsSync(recent), fs.existsSync(foreign)]).toEqual([false, true, true]);
    if (engine === "pglite") {
      expect(shim.calls).toEqual(["stop tradecounter@3001", "start tradecounter@3001"]);
      await waitUntilHealthy(server!, STARTUP_MS);
      await server!.stop();
    }
    const createdAt = /Recorded as the last good backup \(([^)]+)\)/.exec(result.output)?.[1];
    const [row] = await withSite(site, (handle) =>
      handle.db.select().from(periodicRuns).where(eq(periodicRuns.task, BACKUP_RUN_TASK)),
    );
    expect(row?.lastRunAt.toISOString()).toBe(createdAt);

    // And the unit files themselves, as systemd reads them.
    const timer = await verifyUnit([path.join(root, "deploy/systemd/tradecounter-backup.timer")], rewrite);
    expect(timer.output).toBe("");
    const service = await verifyUnit(files, rewrite);
    expect(service.output).toBe("");
  },
  SLOW,
);

test(
  "a restore into storage a running server serves is refused, and goes ahead into a scratch prefix or when named",
  async () => {
    // The live site: a server on its database with its files in the bucket under live/.
    const live = await newSite("live");
    const port = await freePort();
    const server = spawnServer({
      PORT: String(port),
      DATA_DIR: live.dataDir,
      DATABASE_URL: live.databaseUrl ?? "",
      PUBLIC_URL: "https://shop.example.nz",
      ADMIN_EMAIL: "owner@shop.example.nz",
      STORAGE_URL: storageUrl("live/"),
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    });
    cleanups.push(async () => void (await server.stop()));
    await waitUntilHealthy(server, STARTUP_MS);
    // Its first lines: the public sign-in address, the password file's full path, the bucket.
    expect(server.output()).toContain("Sign in at https://shop.example.nz/auth with:");
    expect(server.output()).toContain(`(also saved in ${path.join(live.dataDir, "initial-admin.txt")};`);
    expect(server.output()).toContain(`files: the bucket s3://trade-counter/live/ at ${s3.endpoint}`);
    const liveFiles = s3.storage({ prefix: "live/" });
    const picture = await liveFiles.put("media", "front.png", Buffer.from("the live site's shop front"));

    // A backup of another site, on disk.
    const other = await newSite("other");
    await withSite(other, async () => {});
    await createLocalStorage(path.join(other.dataDir, "uploads")).put(
      "media",
      "other.png",
      Buffer.from("from the backup"),
    );
    const backup = await createBackup({ ...other, output: path.join(scratch, `restore-${engine}.tar.gz`) });

    // A trial restore into a scratch database, with the live site's settings file: refused.
    const target = await newSite("trial");
    const commonEnv = writeEnvFile("live.env", [
      `STORAGE_URL=${storageUrl("live/")}`,
      `AWS_ACCESS_KEY_ID=${S3RVER_CREDENTIALS.accessKeyId}`,
      `AWS_SECRET_ACCESS_KEY=${S3RVER_CREDENTIALS.secretAccessKey}`,
    ]);
    const scratchDb = {
      DATA_DIR: target.dataDir,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    };
    const refused = await runScript(
      "db-restore.ts",
      [backup.file, "--force", "--env-file", commonEnv],
      scratchDb,
    );
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain(
      `The files would go to s3://trade-counter/live/ at ${s3.endpoint}, which a running Trade Counter serves:`,
    );
    expect(refused.output).toMatch(new RegExp(`port ${port} on .+ \\(pid ${server.child.pid}\\)`));
    expect(refused.output).toContain("STORAGE_URL at a scratch prefix (…&prefix=restore-test/)");
    expect(refused.output).toContain("--into-served-storage=s3://trade-counter/live/. Nothing was changed.");
    expect(await liveFiles.exists("media", picture.name)).toBe(true);
    // A wrong name is refused too.
    const misnamed = await runScript(
      "db-restore.ts",
      [backup.file, "--force", "--into-served-storage=s3://trade-counter/", "--env-file", commonEnv],
      scratchDb,
    );
    expect(misnamed.code).toBe(1);
    expect(misnamed.output).toContain(
      "--into-served-storage names s3://trade-counter/, but this restore's files would go to s3://trade-counter/live/",
    );
    expect(await liveFiles.exists("media", picture.name)).toBe(true);

    // The README's trial restore: the same file, a scratch prefix given on the command line.
    const trial = await runScript("db-restore.ts", [backup.file, "--env-file", commonEnv], {
      ...scratchDb,
      STORAGE_URL: storageUrl("restore-test/"),
    });
    expect(trial.code, trial.output).toBe(0);
    expect(trial.output).toContain("Restored 1 uploaded files");
    expect(await liveFiles.exists("media", picture.name)).toBe(true);

    // Named, it goes ahead into the live storage (a real recovery).
    const second = await newSite("recovery");
    const named = await runScript(
      "db-restore.ts",
      [backup.file, "--force", "--into-served-storage=s3://trade-counter/live/", "--env-file", commonEnv],
      { DATA_DIR: second.dataDir, ...(second.databaseUrl ? { DATABASE_URL: second.databaseUrl } : {}) },
    );
    expect(named.code, named.output).toBe(0);
    expect(named.output).toContain("--force: replacing");
    expect(await liveFiles.exists("media", picture.name)).toBe(false);

    // A stopped server takes its note away: then nothing stands in the way.
    expect((await liveFiles.listServingMarks()).map((mark) => mark.pid)).toEqual([server.child.pid]);
    expect(await server.stop()).toBe(0);
    expect(await liveFiles.listServingMarks()).toEqual([]);
  },
  SLOW,
);

test.runIf(engine === "pglite")(
  "a settings file read by a shell with STORAGE_URL unquoted: storage:migrate names the cut; --env-file reads it whole",
  async () => {
    const dataDir = fs.mkdtempSync(path.join(scratch, "migrate-"));
    const roof = await createLocalStorage(path.join(dataDir, "uploads")).put(
      "media",
      "roof.png",
      Buffer.from("a roof"),
    );
    const credentials = [
      `AWS_ACCESS_KEY_ID=${S3RVER_CREDENTIALS.accessKeyId}`,
      `AWS_SECRET_ACCESS_KEY=${S3RVER_CREDENTIALS.secretAccessKey}`,
      `DATA_DIR=${dataDir}`,
    ];
    const unquoted = writeEnvFile("unquoted.env", [`STORAGE_URL=${storageUrl("migrated/")}`, ...credentials]);
    const quoted = writeEnvFile("quoted.env", [`STORAGE_URL='${storageUrl("migrated/")}'`, ...credentials]);
    const sourced = (file: string) =>
      runShell('set -a && . "$1" && exec "$NODE" --import tsx scripts/storage-migrate.ts', [file]);

    const cut = await sourced(unquoted);
    expect(cut.code).toBe(1);
    expect(cut.output).toContain(
      'STORAGE_URL is not set, but prefix=migrated/ is: a shell read the settings file and cut STORAGE_URL at its first "&"',
    );
    expect(cut.output).toContain("Put the value in single quotes in the file");
    expect(await s3.storage({ prefix: "migrated/" }).exists("media", roof.name)).toBe(false);

    const whole = await sourced(quoted);
    expect(whole.code, whole.output).toBe(0);
    expect(whole.output).toMatch(/^1 files copied/m);
    expect(await s3.storage({ prefix: "migrated/" }).exists("media", roof.name)).toBe(true);

    const fromFile = await runScript("storage-migrate.ts", ["--env-file", unquoted]);
    expect(fromFile.code, fromFile.output).toBe(0);
    expect(fromFile.output).toMatch(/^0 files copied \(0 B\), 1 already there/m);

    const missing = await runScript("storage-migrate.ts", [], { DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain(
      "STORAGE_URL is not set in this command's environment: there is no bucket to copy into. If it is in a settings file, give the file with --env-file FILE",
    );
  },
  SLOW,
);
