// `npm run bench:enquiries`: enquiry submissions per second with notifications on, and whether
// the visitor's wait depends on the mail server's. Starts an in-process SMTP server that answers
// each message after a set delay, runs the production build against it (PostgreSQL from
// BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL in a fresh database, else PGlite), posts
// the contact form as the browser's fetcher does, then waits until every e-mail has arrived.
// Prints figures; asserts nothing.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { waitForHealth } from "./support.js";

const port = Number(process.env.BENCH_PORT ?? 3950);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const delays = (process.env.BENCH_SMTP_DELAYS_MS ?? "0,1000").split(",").map(Number);
// How long to watch the outbox drain after the load; a slow mail server is not waited out.
const drainWaitSeconds = Number(process.env.BENCH_DRAIN_WAIT_SECONDS ?? 60);
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const base = `http://127.0.0.1:${port}`;

function startSmtp(delayMs) {
  const state = { received: 0, recipients: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        setTimeout(() => {
          state.received += 1;
          state.recipients += session.envelope.rcptTo.length;
          callback();
        }, delayMs);
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ server, state, port: server.server.address().port }));
  });
}

async function createDatabase() {
  if (!baseUrl) return { url: undefined, drop: async () => {} };
  const name = `tc_bench_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function outboxCounts(databaseUrl) {
  if (!databaseUrl) return null;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const { rows } = await c.query("select status, count(*)::int as n from mail_outbox group by status");
  await c.end();
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

async function storedEnquiries(databaseUrl) {
  if (!databaseUrl) return null;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const { rows } = await c.query("select count(*)::int as n from contact_queries");
  await c.end();
  return rows[0].n;
}

// The server's form-token rule (modules/enquiries/spam.server.ts), with a secret the bench gives it.
const secret = crypto.randomBytes(32).toString("hex");
function mintFormToken() {
  const issuedAt = String(Date.now() - 60_000);
  const nonce = crypto.randomBytes(9).toString("base64url");
  const signature = crypto
    .createHmac("sha256", secret)
    .update(`enquiry-form:${issuedAt}.${nonce}`)
    .digest("base64url");
  return `${issuedAt}.${nonce}.${signature}`;
}

async function scenario(delayMs) {
  const smtp = await startSmtp(delayMs);
  const database = await createDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-bench-enquiries-"));
  // server.js directly (what `npm start` imports): no rebuild check halfway through a bench.
  const server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? "",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ADMIN_EMAIL: "bench-admin@example.com",
      ADMIN_PASSWORD: "bench-admin-password",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ENQUIRY_MIN_FILL_SECONDS: "0",
      ENQUIRY_RATE_LIMIT_PER_MINUTE: "100000",
      ENQUIRY_RATE_LIMIT_PER_HOUR: "1000000",
      ENQUIRY_ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY: "1000000",
      BETTER_AUTH_SECRET: secret,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForHealth(server, base);
    const page = await (await fetch(`${base}/contact`)).text();
    if (!/name="formToken" value="[^"]+"/.test(page)) throw new Error("No form token on /contact");
    // A form token is good for one enquiry (ADR 013): each post carries a page's token of its own.
    const bodyWith = (formToken) =>
      new URLSearchParams({
        fullName: "Bench Builder",
        email: "bench@example.co.nz",
        phone: "021 000 0000",
        subject: "Quote Request",
        message: "Please quote 40 lengths of 90x45 H3.2 framing for the bench.",
        formToken,
        website: "",
      }).toString();
    const result = await autocannon({
      url: `${base}/contact.data`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      requests: [
        { method: "POST", setupRequest: (request) => ({ ...request, body: bodyWith(mintFormToken()) }) },
      ],
      connections,
      duration: seconds,
    });
    const accepted = result["2xx"];
    const started = Date.now();
    // Every stored enquiry sends two messages (staff and customer). Stored, not acknowledged:
    // requests in flight when autocannon stops are stored by the server but not counted by it.
    const stored = await storedEnquiries(database.url);
    const expected = (stored ?? accepted) * 2;
    const receivedDuringLoad = smtp.state.received;
    while (smtp.state.received < expected && Date.now() - started < drainWaitSeconds * 1000) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const drainSeconds = (Date.now() - started) / 1000;
    const outbox = await outboxCounts(database.url);
    return {
      smtpDelayMs: delayMs,
      submissionsPerSecond: result.requests.average,
      accepted,
      non2xx: result.non2xx,
      errors: result.errors,
      latencyP50: result.latency.p50,
      latencyP99: result.latency.p99,
      stored,
      mailExpected: expected,
      mailReceived: smtp.state.received,
      mailReceivedDuringLoad: receivedDuringLoad,
      drainSecondsAfterLoad: drainSeconds,
      outbox,
    };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await new Promise((r) => smtp.server.close(r));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Enquiry bench: ${connections} connections, ${seconds} s, ${baseUrl ? "PostgreSQL" : "PGlite"}, notifications on (SMTP in-process)`,
);
console.log(
  "smtp delay ms  subm/s   p50 ms   p99 ms  acknowledged  stored  non-2xx  mails sent/expected  drain s",
);
const results = [];
for (const delay of delays) {
  const r = await scenario(delay);
  results.push(r);
  console.log(
    `${String(r.smtpDelayMs).padStart(13)} ${r.submissionsPerSecond.toFixed(0).padStart(7)} ${String(r.latencyP50).padStart(8)} ${String(r.latencyP99).padStart(8)} ${String(r.accepted).padStart(13)} ${String(r.stored ?? "–").padStart(7)} ${String(r.non2xx).padStart(8)} ${`${r.mailReceived}/${r.mailExpected}`.padStart(20)} ${r.drainSecondsAfterLoad.toFixed(1).padStart(8)}`,
  );
}
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  `bench/results/enquiries-${Date.now()}.json`,
  JSON.stringify({ connections, seconds, engine: baseUrl ? "postgres" : "pglite", results }, null, 2),
);
