// For the tests of several server processes: the production build (made when the sources are
// newer), a fresh PostgreSQL database, and `node server.js` started on it with its output kept.
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { buildDir } from "../../scripts/build.js";
import { withAdminClient } from "./database";

export { ensureBuild } from "../../scripts/build.js";

const root = path.resolve(import.meta.dirname, "../..");

export const TEST_SECRET = "instances-test-secret-instances-test-0000";

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server, and how to drop it. */
export async function createPostgresDatabase() {
  const name = `tc_inst_${crypto.randomBytes(6).toString("hex")}`;
  await withAdminClient((c) => c.query(`create database ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

export async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 0;
}

export type RunningServer = {
  base: string;
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, and its exit code once it has gone. */
  stop(): Promise<number | null>;
};

/** `node server.js` on the build, in production, with a data folder of its own. */
export function spawnServer(env: Record<string, string>): RunningServer & { port: number } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-inst-"));
  const port = Number(env.PORT);
  let output = "";
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: TEST_SECRET,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      IMAGE_BACKFILL: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  void exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Resolves once `check()` holds, polling; fails after `timeoutMs` with `describe()`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  describe: () => string,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out: ${describe()}`);
}

/** Waits until the server answers /healthz with 200; fails at once if it exits. */
export async function waitUntilHealthy(server: RunningServer, timeoutMs = 60_000) {
  await waitFor(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`);
      return fetch(`${server.base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    timeoutMs,
    () => `the server at ${server.base} did not become healthy:\n${server.output()}`,
  );
}

/** A valid enquiry form token, signed with the servers' secret and issued a minute ago. */
export function mintFormToken() {
  const issuedAt = String(Date.now() - 60_000);
  const nonce = crypto.randomBytes(9).toString("base64url");
  const signature = crypto
    .createHmac("sha256", TEST_SECRET)
    .update(`enquiry-form:${issuedAt}.${nonce}`)
    .digest("base64url");
  return `${issuedAt}.${nonce}.${signature}`;
}
