// Starts the built server on a fresh data folder with known accounts; stops it afterwards.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_ADMIN, E2E_SALES, E2E_USER } from "./accounts";

const port = Number(process.env.E2E_PORT ?? 3111);

function createUser(env: NodeJS.ProcessEnv, email: string, name: string, role: string) {
  const out = execFileSync(
    "tsx",
    ["scripts/user-create.ts", "--email", email, "--name", name, "--role", role],
    {
      env,
      encoding: "utf8",
    },
  );
  const match = /password: (\S+)/.exec(out);
  if (!match?.[1]) throw new Error(`user-create printed no password:\n${out}`);
  return match[1];
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

// Two servers on fresh data folders: one for the public-site journeys and one for the
// back-office journeys, whose edits would otherwise change what the public specs expect.
export default async function globalSetup() {
  const stops = await Promise.all([startServer(port), startServer(port + 1)]);
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

async function startServer(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-e2e-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
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
  const passwords = {
    sales: createUser(env, E2E_SALES.email, E2E_SALES.name, "sales"),
    user: createUser(env, E2E_USER.email, E2E_USER.name, "user"),
  };
  fs.writeFileSync(path.join(os.tmpdir(), `tc-e2e-${port}.json`), JSON.stringify({ dataDir, passwords }));

  let output = "";
  const server = spawn("node", ["server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  await waitForHealth(server, port, () => output);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
