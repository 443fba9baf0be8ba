// Load and faults, with nothing lost. Three scenarios, each on a fresh
// PostgreSQL database and a fresh server (production build, demo seed, page cache on):
//   load    BENCH_FAULTS_CONNECTIONS (200) connections for BENCH_FAULTS_SECONDS (60) of mixed
//           public traffic (home, catalogue pages, searches, product pages, contact) with enquiry
//           submissions carrying a small PDF or PNG (multipart, as the contact form sends them).
//   outage  the same, with PostgreSQL stopped (`pg_ctlcluster 15 main stop -m fast`, then
//           `start`) for BENCH_FAULTS_OUTAGE_SECONDS (10) in the middle: the latency of what was
//           asked meanwhile, and how long after `start` /healthz and a page that misses the page
//           cache answer 200 again, the server left to recover by itself.
//   kill    uploads (2 MB PDFs) among the same traffic, the server killed with SIGKILL halfway;
//           then restarted, and its start-up sweep of orphaned uploads watched.
// After each: every enquiry acknowledged to its client (200 with the success answer) must be a
// row whose file is on disk; files no row refers to are counted, and the server is restarted
// with a short orphan age (UPLOAD_ORPHAN_MIN_AGE_SECONDS) to show they are swept.
// PostgreSQL only: embedded PGlite runs inside the server process, so there is no database to
// stop apart from the server (the kill scenario is that case).
//   BENCH_FAULTS_SCENARIOS=load,kill        a subset
//   BENCH_FAULTS_OUTAGE=proxy               stop a socket proxy in front of PostgreSQL instead of
//                                           the cluster (leaves the cluster alone; for trying out)
//   BENCH_FAULTS_CLUSTER="15 main"          the cluster pg_ctlcluster stops and starts
// While the cluster is down, /tmp/pg-outage-lock exists (other test runs on this machine wait).
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import {
  caseVariant,
  createDatabase,
  fmt,
  multipartBody,
  pdfOfSize,
  percentile,
  postgresBaseUrl,
  printTable,
  sleep,
  smallPng,
  startServer,
  startTimedLoad,
} from "../support.js";

const run$ = promisify(execFile);

const SECONDS = Number(process.env.BENCH_FAULTS_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_FAULTS_CONNECTIONS ?? 200);
const OUTAGE_SECONDS = Number(process.env.BENCH_FAULTS_OUTAGE_SECONDS ?? 10);
const OUTAGE_MODE = process.env.BENCH_FAULTS_OUTAGE ?? "cluster";
const CLUSTER = (process.env.BENCH_FAULTS_CLUSTER ?? "15 main").split(/\s+/).filter(Boolean);
const SCENARIOS = (process.env.BENCH_FAULTS_SCENARIOS ?? "load,outage,kill")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const OUTAGE_LOCK = "/tmp/pg-outage-lock";
/** The orphan age the server is restarted with to show the sweep (the default is 10 minutes). */
const SWEEP_AGE_SECONDS = 2;
/**
 * After the measured seconds, the same connections ask only for the (cached) home page this long:
 * enquiries still on their way are answered instead of cut off, so what was stored and what was
 * acknowledged can be compared. Its requests are not counted.
 */
const DRAIN_SECONDS = 10;
/** A request slower than this during the outage counts as a hang. */
const HANG_MS = 5000;

export const engines = ["postgres"];

// ---------------------------------------------------------------- what the traffic asks for

export async function readTargets(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const slugs = (
      await client.query(
        "select slug from products where is_published and slug <> '' order by created_at desc limit 60",
      )
    ).rows.map((r) => r.slug);
    const words = (
      await client.query(
        `select w from (select distinct lower(split_part(name, ' ', 1)) as w from products where is_published) x
         where length(w) >= 4 and w ~ '^[a-z]+$' order by w limit 12`,
      )
    ).rows.map((r) => r.w);
    const pages = (
      await client.query("select ceil(count(*) / 10.0)::int as n from products where is_published")
    ).rows[0].n;
    return { slugs, words: words.length ? words : ["timber"], pages: Math.max(1, pages) };
  } finally {
    await client.end();
  }
}

export async function formTokenOf(base) {
  const page = await (await fetch(`${base}/contact`)).text();
  const token = page.match(/name="formToken" value="([^"]+)"/)?.[1];
  if (!token) throw new Error("No form token on /contact");
  return token;
}

/**
 * The mix, by turns out of 20: home 3, catalogue 2, catalogue pages 2, searches 3 (case
 * variants, so most miss the page cache and reach the database), product pages 5, contact 2,
 * enquiries with a file `enquiries` (of the 20; the rest go to product pages).
 */
export function makeMix({ base, targets, formToken, files, enquiries, tag, ledger, until }) {
  const origin = new URL(base).origin;
  let n = 0;
  const plan = [
    ...Array(3).fill("home"),
    ...Array(2).fill("catalog"),
    ...Array(2).fill("page"),
    ...Array(3).fill("search"),
    ...Array(2).fill("contact"),
    ...Array(enquiries).fill("enquiry"),
  ];
  while (plan.length < 20) plan.push("product");
  return function next(context) {
    const i = n++;
    if (Date.now() >= until()) return { path: "/", label: "drain" };
    const kind = plan[(i * 7) % 20];
    const pick = (list) => list[i % list.length];
    if (kind === "home") return { path: "/", label: kind };
    if (kind === "catalog") return { path: "/catalog", label: kind };
    if (kind === "page") return { path: `/catalog?page=${(i % targets.pages) + 1}`, label: kind };
    // Half are words written differently (a few hundred pages the cache learns), half never
    // asked before (always the database).
    if (kind === "search") {
      const word = pick(targets.words);
      const search = i % 2 ? caseVariant(word, i) : `${word} ${i}`;
      return { path: `/catalog?search=${encodeURIComponent(search)}`, label: kind };
    }
    if (kind === "contact") return { path: "/contact", label: kind };
    if (kind === "product" && targets.slugs.length)
      return { path: `/catalog/${pick(targets.slugs)}`, label: kind };
    if (kind === "product") return { path: "/catalog", label: kind };
    const token = `${tag}${i}`;
    const file = files[i % files.length];
    const { body, contentType } = multipartBody(
      {
        fullName: "Faults Bench",
        email: `faults-${token}@example.co.nz`,
        phone: "021 000 0000",
        subject: "Quote Request",
        message: `Please quote the framing for job ${token}; plans attached.`,
        formToken,
        website: "",
      },
      { field: "file", name: `plans-${token}.${file.ext}`, type: file.type, bytes: file.bytes },
    );
    context.token = token;
    ledger.sent.set(token, Date.now());
    return {
      label: "enquiry",
      method: "POST",
      path: "/contact.data",
      headers: {
        "content-type": contentType,
        origin,
        "sec-fetch-site": "same-origin",
        "accept-encoding": "identity",
      },
      body,
    };
  };
}

// ---------------------------------------------------------------- stopping the database

/** The cluster itself, stopped and started with pg_ctlcluster (as root). */
function clusterOutage() {
  async function start() {
    await run$("pg_ctlcluster", [...CLUSTER, "start"]);
  }
  // Whatever happens to this process while the cluster is down, the cluster comes back.
  function restartNow() {
    spawnSync("pg_ctlcluster", [...CLUSTER, "start"], { stdio: "ignore" });
    fs.rmSync(OUTAGE_LOCK, { force: true });
  }
  const onSignal = (signal) => {
    restartNow();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  return {
    describe: `pg_ctlcluster ${CLUSTER.join(" ")} stop -m fast / start`,
    async stop() {
      fs.writeFileSync(OUTAGE_LOCK, `${process.pid} faults bench\n`);
      process.on("exit", restartNow);
      process.once("SIGINT", onSignal);
      process.once("SIGTERM", onSignal);
      await run$("pg_ctlcluster", [...CLUSTER, "stop", "-m", "fast"]);
    },
    start,
    /** After start: PostgreSQL is back (start waits for it), the lock goes. */
    async settled() {
      process.off("exit", restartNow);
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      fs.rmSync(OUTAGE_LOCK, { force: true });
    },
    async ensureUp() {
      try {
        await start();
      } catch {}
      await this.settled();
    },
    databaseUrl: (url) => url,
    async close() {},
  };
}

/**
 * A Unix-socket proxy in front of PostgreSQL that the server connects through; stopping it
 * refuses new connections and cuts the open ones, as a stopped server would, without touching
 * the cluster other work on this machine uses.
 */
async function proxyOutage() {
  const base = new URL(postgresBaseUrl);
  const socketHost = base.searchParams.get("host") ?? (base.hostname || "/var/run/postgresql");
  const port = base.port || "5432";
  const upstream = socketHost.startsWith("/")
    ? { path: path.join(socketHost, `.s.PGSQL.${port}`) }
    : { host: socketHost, port: Number(port) };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-faults-proxy-"));
  const socketPath = path.join(dir, `.s.PGSQL.${port}`);
  const open = new Set();
  let server;
  async function listen() {
    server = net.createServer((client) => {
      const up = net.connect(upstream);
      for (const s of [client, up]) {
        open.add(s);
        s.on("close", () => open.delete(s));
        s.on("error", () => {
          client.destroy();
          up.destroy();
        });
      }
      client.pipe(up).pipe(client);
    });
    await new Promise((resolve) => server.listen(socketPath, resolve));
  }
  await listen();
  return {
    describe: "a socket proxy in front of PostgreSQL stopped (BENCH_FAULTS_OUTAGE=proxy)",
    async stop() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const s of open) s.destroy();
      await closed;
      fs.rmSync(socketPath, { force: true });
    },
    start: listen,
    async settled() {},
    async ensureUp() {
      if (!server.listening) await listen();
    },
    databaseUrl(url) {
      const u = new URL(url);
      u.hostname = "";
      u.searchParams.set("host", dir);
      return u.toString();
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      for (const s of open) s.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function canStopCluster() {
  if (process.getuid?.() !== 0) return "the bench does not run as root";
  if (spawnSync("pg_ctlcluster", ["--help"], { stdio: "ignore" }).error) return "no pg_ctlcluster here";
  const host = new URL(postgresBaseUrl).searchParams.get("host") ?? new URL(postgresBaseUrl).hostname;
  if (host && !host.startsWith("/") && !["localhost", "127.0.0.1", "::1"].includes(host))
    return `PostgreSQL is not local (${host})`;
  return null;
}

// ---------------------------------------------------------------- what was kept

/** Bench enquiries in the database, whether their files are on disk, and orphaned files. */
export async function inspect(database, ledger) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let rows;
  let referenced;
  try {
    rows = (
      await client.query(
        "select email, file_url from contact_queries where email like 'faults-%@example.co.nz'",
      )
    ).rows;
    referenced = new Set(
      (await client.query("select file_url from contact_queries where file_url is not null")).rows.map((r) =>
        r.file_url.split("/").at(-1),
      ),
    );
  } finally {
    await client.end();
  }
  const uploads = path.join(database.dataDir, "uploads");
  const stored = new Set();
  let withoutFile = 0;
  let filesMissing = 0;
  for (const row of rows) {
    stored.add(row.email.slice("faults-".length, row.email.indexOf("@")));
    if (!row.file_url) withoutFile++;
    else if (!fs.existsSync(path.join(uploads, row.file_url.replace(/^\/files\//, "")))) filesMissing++;
  }
  const names = fs.existsSync(path.join(uploads, "contact_uploads"))
    ? fs.readdirSync(path.join(uploads, "contact_uploads"))
    : [];
  const partial = names.filter((n) => n.endsWith(".part")).length;
  const orphans = names.filter((n) => !n.endsWith(".part") && !referenced.has(n)).length;
  const acknowledged = [...ledger.acked];
  return {
    sent: ledger.sent.size,
    acknowledged: acknowledged.length,
    stored: stored.size,
    rows: rows.length,
    missing: acknowledged.filter((t) => !stored.has(t)).length,
    storedNotAcknowledged: [...stored].filter((t) => !ledger.acked.has(t)).length,
    withoutFile,
    filesMissing,
    orphans,
    partial,
  };
}

/** Restarts the server with a short orphan age and waits until its start-up sweep is done. */
async function restartAndSweep({ port, database, env, before }) {
  await sleep(SWEEP_AGE_SECONDS * 1000 + 500);
  const started = Date.now();
  const server = await startServer({
    port,
    database,
    env: { ...env, UPLOAD_ORPHAN_MIN_AGE_SECONDS: String(SWEEP_AGE_SECONDS) },
  });
  try {
    let after = await inspect(database, { sent: new Map(), acked: new Set() });
    while (after.orphans + after.partial > 0 && Date.now() - started < 60_000) {
      await sleep(250);
      after = await inspect(database, { sent: new Map(), acked: new Set() });
    }
    return {
      swept: before.orphans + before.partial - (after.orphans + after.partial),
      left: after.orphans + after.partial,
      filesMissingAfter: after.filesMissing,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- one scenario

async function scenario(name, { port, outage }) {
  const database = await createDatabase("postgres");
  const url = name === "outage" && outage ? outage.databaseUrl(database.url) : database.url;
  const serverDatabase = { ...database, url };
  // No background image work: the demo pictures' variants would compete with the load.
  const env = { IMAGE_BACKFILL: "false" };
  let server;
  try {
    server = await startServer({ port, database: serverDatabase, env });
    const base = server.base;
    const targets = await readTargets(database.url);
    const formToken = await formTokenOf(base);
    const pdf = pdfOfSize(20_000);
    const png = await smallPng();
    const files =
      name === "kill"
        ? [{ ext: "pdf", type: "application/pdf", bytes: pdfOfSize(1_000_000) }]
        : [
            { ext: "pdf", type: "application/pdf", bytes: pdf },
            { ext: "png", type: "image/png", bytes: png },
          ];
    const ledger = { sent: new Map(), acked: new Set() };
    let t0 = Number.POSITIVE_INFINITY;
    const next = makeMix({
      until: () => t0 + SECONDS * 1000,
      base,
      targets,
      formToken,
      files,
      enquiries: name === "kill" ? 4 : 2,
      tag: name[0],
      ledger,
    });
    t0 = Date.now();
    const load = startTimedLoad({
      base,
      connections: CONNECTIONS,
      seconds: SECONDS + DRAIN_SECONDS,
      next,
      onResponse(status, body, context) {
        if (context.token && status === 200 && body.includes('"success"')) ledger.acked.add(context.token);
      },
    });

    const figures = { name };
    if (name === "outage") {
      await sleep(Math.max(0, ((SECONDS - OUTAGE_SECONDS) / 2) * 1000));
      figures.outage = await stopDatabaseFor(outage, base);
    } else if (name === "kill") {
      await sleep((SECONDS / 2) * 1000);
      figures.killedAfterSeconds = (Date.now() - t0) / 1000;
      server.child.kill("SIGKILL");
      await new Promise((resolve) =>
        server.child.exitCode !== null ? resolve() : server.child.once("exit", resolve),
      );
      load.stop();
    }
    const result = await load.finished;
    // Counted: what was asked in the measured seconds (the drain's home pages are not).
    const end = t0 + SECONDS * 1000;
    const responses = result.responses.filter((r) => r.end - r.ms < end);
    figures.seconds = SECONDS;
    figures.requests = responses.length;
    figures.rps = responses.length / SECONDS;
    figures.status = {};
    for (const r of responses) figures.status[r.status] = (figures.status[r.status] ?? 0) + 1;
    figures.fiveXX = responses.filter((r) => r.status >= 500).length;
    // Errors, timeouts, and answers autocannon could not pair with a request (no status).
    // After a kill, every connection is refused until the load stops: that is the kill, not an error.
    const killedAt = figures.killedAfterSeconds
      ? t0 + figures.killedAfterSeconds * 1000
      : Number.POSITIVE_INFINITY;
    figures.errors =
      result.errorList.filter((e) => e.at < killedAt).length +
      responses.filter((r) => r.status === undefined).length;
    figures.errorsAfterKill = result.errorList.filter((e) => e.at >= killedAt).length;
    // Posts "sent" to a dead server (each refused reconnection makes one) were never sent.
    for (const [token, at] of ledger.sent) if (at >= killedAt) ledger.sent.delete(token);
    figures.drainFiveXX = result.responses.filter((r) => r.end - r.ms >= end && r.status >= 500).length;
    figures.timeouts = result.timeouts;
    const latencies = responses.map((r) => r.ms).sort((a, b) => a - b);
    figures.p50Ms = percentile(latencies, 0.5);
    figures.p99Ms = percentile(latencies, 0.99);
    figures.byKind = summarize(responses);
    figures.errorMessages = {};
    for (const e of result.errorList)
      figures.errorMessages[e.message] = (figures.errorMessages[e.message] ?? 0) + 1;
    if (figures.outage) {
      const { stoppedAt, startedAt } = figures.outage;
      // Asked while PostgreSQL was down (what was already waiting when it stopped is overload's).
      const during = result.responses.filter((r) => r.end - r.ms >= stoppedAt && r.end - r.ms < startedAt);
      const latencies = during.map((r) => r.ms).sort((a, b) => a - b);
      const unavailable = during.filter((r) => r.status === 503).map((r) => r.ms);
      figures.outage.requests = during.length;
      figures.outage.ok = during.filter((r) => r.status < 400).length;
      figures.outage.unavailable = unavailable.length;
      figures.outage.other5xx = during.filter((r) => r.status >= 500 && r.status !== 503).length;
      figures.outage.maxMs = latencies.at(-1) ?? null;
      figures.outage.p99Ms = percentile(latencies, 0.99);
      figures.outage.max503Ms = unavailable.length ? Math.max(...unavailable) : null;
      figures.outage.overHang = latencies.filter((ms) => ms > HANG_MS).length;
      figures.outage.byKind = summarize(during);
      figures.outage.overlapping = result.responses.filter(
        (r) => r.end - r.ms < startedAt && r.end > stoppedAt,
      ).length;
      figures.outage.errors = result.errorList.filter(
        (e) => e.at > stoppedAt && e.at < startedAt + HANG_MS,
      ).length;
      // 5xx outside the outage and its recovery are failures; 503s inside it are the answer.
      const recoveredAt =
        startedAt + 1000 * Math.max(figures.outage.recovery.healthz ?? 0, figures.outage.recovery.page ?? 0);
      figures.fiveXXOutside = responses.filter(
        (r) => r.status >= 500 && (r.end < stoppedAt || r.end - r.ms > recoveredAt),
      ).length;
    }
    if (name === "kill") {
      await sleep(500);
    } else {
      // Whatever was still in flight when the load ended settles first.
      await server.stop();
    }
    server = undefined;
    figures.kept = await inspect(database, ledger);
    figures.sweep =
      figures.kept.orphans + figures.kept.partial > 0 || name === "kill"
        ? await restartAndSweep({ port, database, env, before: figures.kept })
        : { swept: 0, left: 0, filesMissingAfter: figures.kept.filesMissing, seconds: 0 };
    return figures;
  } finally {
    await server?.stop();
    if (name === "outage") await outage?.ensureUp();
    await database.drop();
  }
}

/** Per kind of request: how many, by status, p99 and max latency. */
function summarize(responses) {
  const kinds = {};
  for (const r of responses) {
    const label = r.label ?? "?";
    kinds[label] ??= { n: 0, status: {}, ms: [] };
    const k = kinds[label];
    k.n++;
    k.status[r.status] = (k.status[r.status] ?? 0) + 1;
    k.ms.push(r.ms);
  }
  for (const k of Object.values(kinds)) {
    k.ms.sort((a, b) => a - b);
    k.p99Ms = Math.round(percentile(k.ms, 0.99));
    k.maxMs = Math.round(k.ms.at(-1));
    delete k.ms;
  }
  return kinds;
}

/** Stops the database for OUTAGE_SECONDS and measures how soon the server answers 200 again. */
async function stopDatabaseFor(outage, base) {
  const stoppedAt = Date.now();
  let startedAt;
  try {
    await outage.stop();
    await sleep(Math.max(0, OUTAGE_SECONDS * 1000 - (Date.now() - stoppedAt)));
  } finally {
    startedAt = Date.now();
    await outage.start();
  }
  const startReturnedSeconds = (Date.now() - startedAt) / 1000;
  await outage.settled();
  // From `start`: the first 200 from /healthz and from a page the page cache cannot answer. A
  // probe is sent every 250 ms without waiting for the previous one (under load one may take
  // seconds); recovery is when the first 200 arrived, and when that probe had been sent.
  const recovery = { healthz: null, page: null, healthzAsked: null, pageAsked: null };
  const probes = [];
  let n = 0;
  while ((recovery.healthz === null || recovery.page === null) && Date.now() - startedAt < 60_000) {
    for (const [key, url] of [
      ["healthz", `${base}/healthz`],
      ["page", `${base}/catalog?search=recovery${n++}`],
    ]) {
      if (recovery[key] !== null) continue;
      const asked = Date.now();
      probes.push(
        probe(url).then((ok) => {
          const at = (Date.now() - startedAt) / 1000;
          if (ok && (recovery[key] === null || at < recovery[key])) {
            recovery[key] = at;
            recovery[`${key}Asked`] = (asked - startedAt) / 1000;
          }
        }),
      );
    }
    await sleep(250);
  }
  await Promise.all(probes);
  return { stoppedAt, startedAt, startReturnedSeconds, recovery, how: outage.describe };
}

async function probe(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- the section

export async function run({ basePort }) {
  const wanted = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",").map((s) => s.trim());
  if (!postgresBaseUrl || !wanted.includes("postgres")) {
    console.log("  Faults: PostgreSQL only, and no PostgreSQL is configured for this run: skipped.");
    return { skipped: "no PostgreSQL" };
  }
  console.log(
    `  ${CONNECTIONS} connections, ${SECONDS} s per scenario (BENCH_FAULTS_SECONDS), scenarios: ${SCENARIOS.join(", ")}`,
  );
  console.log(
    "  PGlite: not run. It is in-process: there is no database to stop apart from the server, so the outage scenario does not apply to it.",
  );
  const results = {
    seconds: SECONDS,
    connections: CONNECTIONS,
    outageSeconds: OUTAGE_SECONDS,
    scenarios: {},
  };
  let outage;
  if (SCENARIOS.includes("outage")) {
    const why = OUTAGE_MODE === "cluster" ? canStopCluster() : null;
    if (why) {
      console.log(`  Outage scenario skipped: ${why}.`);
      results.scenarios.outage = { skipped: why };
    } else outage = OUTAGE_MODE === "proxy" ? await proxyOutage() : clusterOutage();
  }
  try {
    for (const name of ["load", "outage", "kill"]) {
      if (!SCENARIOS.includes(name) || (name === "outage" && !outage)) continue;
      const t = Date.now();
      console.log(`  ${name}…`);
      try {
        results.scenarios[name] = await scenario(name, { port: basePort, outage });
      } catch (error) {
        console.error(`  Scenario ${name} failed:`, error);
        results.scenarios[name] = { error: String(error?.stack ?? error) };
      }
      console.log(`  (${((Date.now() - t) / 1000).toFixed(0)} s)`);
    }
  } finally {
    await outage?.ensureUp();
    await outage?.close();
  }
  print(results);
  return results;
}

const LABELS = {
  load: (r) => `load: ${r.connections} conn × ${r.seconds} s`,
  outage: (r) => `outage: PostgreSQL down ${r.outageSeconds} s`,
  kill: () => "SIGKILL during uploads",
};

function print(results) {
  const rows = [];
  for (const [name, r] of Object.entries(results.scenarios)) {
    const label = LABELS[name](results);
    if (r.skipped || r.error) {
      rows.push([label, r.skipped ? `skipped: ${r.skipped}` : "error"]);
      continue;
    }
    const fiveXX =
      name === "outage"
        ? `${r.fiveXX} (${r.fiveXXOutside} outside outage ${r.fiveXXOutside === 0 ? "✓" : "✗"})`
        : `${r.fiveXX} ${r.fiveXX === 0 ? "✓" : "✗"}`;
    rows.push([
      label,
      String(r.requests),
      fiveXX,
      String(r.errors),
      String(r.kept.acknowledged),
      String(r.kept.stored),
      `${r.kept.missing} ${r.kept.missing === 0 ? "✓" : "✗"}`,
      `${r.kept.filesMissing + r.kept.withoutFile} ${r.kept.filesMissing + r.kept.withoutFile === 0 ? "✓" : "✗"}`,
      r.outage ? `${fmt.n(r.outage.maxMs)} ms ${r.outage.maxMs <= HANG_MS ? "✓" : "✗"}` : "–",
      r.outage ? `${fmt.n(r.outage.recovery.healthz, 1)} / ${fmt.n(r.outage.recovery.page, 1)} s` : "–",
      `${r.sweep.swept} (${r.sweep.left} left)`,
    ]);
  }
  printTable(
    "Load and faults (PostgreSQL; PGlite is in-process, the outage does not apply to it)",
    [
      "scenario",
      "requests",
      "5xx",
      "errors/timeouts",
      "enquiries acked",
      "stored",
      "missing",
      "files missing",
      "max latency in outage",
      "recovery healthz / page",
      "orphans swept",
    ],
    rows,
  );
  const o = results.scenarios.outage;
  if (o?.outage) {
    console.log(
      `  outage (${o.outage.how}): ${o.outage.requests} requests asked while it was down: ${o.outage.ok} answered 2xx/3xx (page cache), ` +
        `${o.outage.unavailable} × 503 (slowest ${fmt.n(o.outage.max503Ms)} ms), ${o.outage.other5xx} other 5xx, ${o.outage.errors} errors/timeouts; ` +
        `p99 ${fmt.n(o.outage.p99Ms)} ms, max ${fmt.n(o.outage.maxMs)} ms, ${o.outage.overHang} over ${HANG_MS / 1000} s ` +
        `(${o.outage.overlapping} overlapped it, counting those already waiting). ` +
        `\`start\` returned after ${fmt.n(o.outage.startReturnedSeconds, 1)} s; recovery counted from \`start\`.`,
    );
  }
  for (const [name, r] of Object.entries(results.scenarios)) {
    if (!r.kept) continue;
    console.log(
      `  ${name}: ${r.kept.sent} enquiries sent, ${r.kept.acknowledged} acknowledged, ${r.kept.stored} stored ` +
        `(${r.kept.storedNotAcknowledged} stored without an answer reaching the client), ` +
        `${r.kept.orphans} orphaned files and ${r.kept.partial} .part files before the sweep; ` +
        `statuses ${Object.entries(r.status)
          .map(([s, n]) => `${n}×${s}`)
          .join(" ")}` +
        (r.killedAfterSeconds
          ? `; killed after ${fmt.n(r.killedAfterSeconds, 1)} s (then ${r.errorsAfterKill} connections cut or refused, not counted)`
          : ""),
    );
  }
}
