// Starts the built server on a fresh data folder with known accounts; stops it afterwards.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { E2E_ADMIN, type E2EPrepared } from "./accounts";

const port = Number(process.env.E2E_PORT ?? 3111);

/**
 * A data folder (and with DATABASE_URL, its database) filled in one process
 * (tests/e2e/prepare-data.ts: the accounts, migrations, the first admin, the demo catalogue).
 */
async function prepareData(env: NodeJS.ProcessEnv): Promise<E2EPrepared> {
  const { stdout: out } = await promisify(execFile)("tsx", ["tests/e2e/prepare-data.ts"], {
    env,
    encoding: "utf8",
  });
  const line = out.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(line) as E2EPrepared;
  } catch {
    throw new Error(`prepare-data printed no passwords:\n${out}`);
  }
}

async function waitForHealth(server: ChildProcess, port: number, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const res = await fetch(`http://localhost:${port}/healthz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The server did not become healthy:\n${output()}`);
}

/** A new PostgreSQL database beside TEST_DATABASE_URL's, and how to drop it. */
async function createDatabase(baseUrl: string) {
  const name = `tc_e2e_${crypto.randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

// Two servers on fresh data: one for the public-site journeys and one for the back-office
// journeys, whose edits would otherwise change what the public specs expect. The public server
// runs on the embedded database a new trader gets. With TEST_DATABASE_URL the back-office server
// runs on a new PostgreSQL database, so the journeys meet both engines (the whole run took as
// long as with two embedded databases: 1,452 s against 1,394 s, within the machine's noise);
// without it, it starts on a copy
// of the public server's prepared folder (a copy of a closed PGlite folder takes a moment, where
// migrating and seeding take a process's compile and tens of seconds of CPU).
export default async function globalSetup() {
  const dataDirs = [port, port + 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "tc-e2e-")));
  const [first, second] = dataDirs as [string, string];
  const postgresBase = process.env.TEST_DATABASE_URL;
  const database = postgresBase ? await createDatabase(postgresBase) : undefined;
  const [publicData, adminData] = await Promise.all([
    prepareData(serverEnv(port, first)),
    database ? prepareData(serverEnv(port + 1, second, database.url)) : undefined,
  ]);
  if (!database) fs.cpSync(first, second, { recursive: true });
  const stops = await Promise.all([
    startServer(port, first, publicData),
    startServer(port + 1, second, adminData ?? publicData, database?.url),
  ]);
  console.log(
    `e2e servers: public site on port ${port} (embedded database), back office on port ${port + 1} (${database ? "PostgreSQL" : "embedded database"})`,
  );
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    await database?.drop();
  };
}

function serverEnv(port: number, dataDir: string, databaseUrl = ""): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: "warn",
    // Browser journeys fill forms faster than a person and post many enquiries from one
    // address: without these every e2e enquiry would be stored as Spam or answered 429.
    ENQUIRY_MIN_FILL_SECONDS: "0",
    ENQUIRY_RATE_LIMIT_PER_MINUTE: "10000",
    ENQUIRY_RATE_LIMIT_PER_HOUR: "10000",
    // Every journey signs in from this one address; auth.spec.ts's failed sign-ins (and their
    // retries) must not lock the others out. The per-account limit keeps its default of 5.
    SIGN_IN_MAX_FAILURES_PER_IP: "1000",
    // Mail is written as .eml files under DATA_DIR/outbox (mail.spec.ts reads them); mail that
    // cannot be written fails at its first attempt, so the dashboard's failed-mail journey
    // (admin-mail.spec.ts) need not wait out the retries.
    SMTP_URL: "",
    MAIL_MAX_ATTEMPTS: "1",
    // Making the demo pictures' variants takes minutes of both cores: the journeys would race it
    // (and pages would change under them as it finishes). tests/integration/image-backfill covers it.
    IMAGE_BACKFILL: "false",
    // The search log is written a second after a search, so the report's journey need not wait
    // out the default minute.
    SEARCH_LOG_FLUSH_SECONDS: "1",
  };
}

async function startServer(port: number, dataDir: string, prepared: E2EPrepared, databaseUrl?: string) {
  const env = serverEnv(port, dataDir, databaseUrl);
  fs.writeFileSync(path.join(os.tmpdir(), `tc-e2e-${port}.json`), JSON.stringify({ dataDir, ...prepared }));

  let output = "";
  const server = spawn("node", ["server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  const keep = (chunk: Buffer) => {
    output += chunk;
    if (output.length > SERVER_OUTPUT_KEPT) output = output.slice(-SERVER_OUTPUT_KEPT);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  await waitForHealth(server, port, () => output);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    printServerTroubles(port, output);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** The server's output kept for the closing summary: its last this many characters. */
const SERVER_OUTPUT_KEPT = 1_000_000;
const TROUBLES_SHOWN = 40;

/**
 * What a server printed during the run (its start-up lines, then its log at "warn" and above),
 * printed when it stops: a journey that failed on a busy machine (a mail that never came, a job that gave up)
 * leaves its server's side of the story in the run's output.
 */
function printServerTroubles(port: number, output: string) {
  const lines = output.split("\n").filter((line) => line.trim() !== "");
  if (lines.length === 0) return;
  console.log(
    `\nThe server on port ${port} printed ${lines.length} line(s) (its start-up lines and its log at warn or above); the last ones:`,
  );
  for (const line of lines.slice(-TROUBLES_SHOWN)) console.log(`  ${line.slice(0, 600)}`);
}
