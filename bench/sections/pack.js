// The consent pack over HTTP, on the production server, per engine: a fresh database with the
// demo seed, then bench/consent-pack-data.ts adds 200 products with complete sheets and 45
// certificates (15 of 1–3 MB covering the first 20 products). Measured:
//   - a visitor's quote list of those 20 products: the first build (to the last byte), then the
//     same pack again (served from storage) 20 times, time to first byte. The server has drawn
//     one other pack before (a product outside the 20), so its PDF libraries are loaded; that
//     first pack of a fresh process is printed too;
//   - the back office's selection of all 200 products: the build, to the last byte;
//   - four different 20-product packs asked at once (the server allowed to draw four at once):
//     how far the server's RSS rises above where it stood before (sampled every 20 ms).
// Targets: first build ≤ 3 s, cached ≤ 100 ms to first byte, 200 products ≤ 20 s, RSS growth
// ≤ 150 MB with four at once.
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import {
  benchEngines,
  createDatabase,
  fmt,
  mark,
  percentile,
  printEngineTable,
  root,
  sampleRss,
  signIn,
  startServer,
} from "../support.js";

const TARGET_FIRST_SECONDS = 3;
const TARGET_CACHED_MS = 100;
const TARGET_LARGE_SECONDS = 20;
const TARGET_RSS_MB = 150;
const CACHED_TRIES = 20;

const SERVER_ENV = {
  CONSENT_PACK_RATE_LIMIT_PER_HOUR: "1000000",
  CONSENT_PACK_CONCURRENCY: "4",
  CONSENT_PACK_TIMEOUT_SECONDS: "120",
};

/** Writes the bench's products and certificates into the stopped server's database and storage. */
function addPackData(database) {
  const env = { ...process.env, DATA_DIR: database.dataDir, DATABASE_URL: database.url ?? "" };
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "bench/consent-pack-data.ts"],
    { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1)))
        : reject(new Error(`consent-pack-data exit ${code}`)),
    ),
  );
}

/** One GET: the status, the time to the first byte and to the last, and the bytes. */
function timedGet(url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers }, (res) => {
        const firstByte = performance.now() - started;
        let bytes = 0;
        res.on("data", (chunk) => {
          bytes += chunk.length;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            type: res.headers["content-type"],
            firstByteMs: firstByte,
            totalMs: performance.now() - started,
            bytes,
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

function assertPdf(answer, what) {
  if (answer.status !== 200 || !String(answer.type).startsWith("application/pdf"))
    throw new Error(`${what} answered HTTP ${answer.status} (${answer.type})`);
  return answer;
}

function quoteListCookie(ids) {
  return `tc_quote=${ids.map((id) => `${id.replaceAll("-", "")}:1`).join(".")}`;
}

function listPack(base, ids, job) {
  return timedGet(`${base}/quote-list/consent-pack?job=${encodeURIComponent(job)}&format=pdf`, {
    cookie: quoteListCookie(ids),
  });
}

async function measure(engine, port) {
  const database = await createDatabase(engine);
  let server = await startServer({ port, database, env: SERVER_ENV });
  try {
    await server.stop();
    const t = performance.now();
    const data = await addPackData(database);
    const dataSeconds = (performance.now() - t) / 1000;
    server = await startServer({ port, database, env: SERVER_ENV });
    const base = server.base;

    // The process's first pack loads pdfkit, pdf-lib and the fonts (kept out of processes that
    // never draw one): printed, but not the 20-product pack's first build.
    const cold = assertPdf(await listPack(base, data.all.slice(20, 21), "Warm-up"), "The warm-up pack");
    const first = assertPdf(await listPack(base, data.twenty, "Bench house"), "The first 20-product pack");
    const cached = [];
    for (let i = 0; i < CACHED_TRIES; i += 1)
      cached.push(assertPdf(await listPack(base, data.twenty, "Bench house"), "The cached pack").firstByteMs);
    cached.sort((a, b) => a - b);
    console.log(
      `  20 products: first ${(first.totalMs / 1000).toFixed(2)} s (${(first.bytes / 1048576).toFixed(1)} MB); again, first byte p95 ${percentile(cached, 0.95).toFixed(1)} ms`,
    );

    const cookie = await signIn(base);
    const query = data.all.map((id) => `id=${id}`).join("&");
    const large = assertPdf(
      await timedGet(`${base}/admin/catalog/consent-pack?${query}&job=Bench+200&format=pdf`, { cookie }),
      "The 200-product pack",
    );

    // Four packs not drawn before (each job's words make a pack of its own).
    const sampler = sampleRss(server.pid, 20);
    const together = await Promise.all(
      ["North", "South", "East", "West"].map((side) => listPack(base, data.twenty, `Bench ${side} house`)),
    );
    const rss = sampler.stop();
    for (const answer of together) assertPdf(answer, "One of four packs at once");

    return {
      dataSeconds,
      certificateMegabytes: data.certificateMegabytes,
      cold: { seconds: cold.totalMs / 1000 },
      first: {
        seconds: first.totalMs / 1000,
        firstByteMs: first.firstByteMs,
        megabytes: first.bytes / 1024 / 1024,
      },
      cached: { p50: percentile(cached, 0.5), p95: percentile(cached, 0.95) },
      large: { seconds: large.totalMs / 1000, megabytes: large.bytes / 1024 / 1024 },
      together: {
        seconds: Math.max(...together.map((a) => a.totalMs)) / 1000,
        rssStartMb: rss.start,
        rssPeakMb: rss.peak,
        rssGrowthMb: rss.peak - rss.start,
      },
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}

export async function run({ basePort }) {
  const engines = benchEngines();
  const byEngine = {};
  for (const [index, engine] of engines.entries()) {
    console.log(`\n# pack: ${engine}…`);
    try {
      byEngine[engine] = await measure(engine, basePort + index);
    } catch (error) {
      byEngine[engine] = { error: String(error?.stack ?? error) };
    }
  }
  print(byEngine, engines);
  return byEngine;
}

function print(byEngine, engines) {
  const rows = [
    [
      `20 products, 15 certificates: first build (≤ ${TARGET_FIRST_SECONDS} s)`,
      (r) => `${fmt.n(r.first.seconds, 2)} s ${mark(r.first.seconds <= TARGET_FIRST_SECONDS)}`,
    ],
    ["  its size", (r) => fmt.mb(r.first.megabytes)],
    [
      "  a fresh process's first pack (1 product, loads the PDF libraries)",
      (r) => `${fmt.n(r.cold.seconds, 2)} s`,
    ],
    [
      `  served again: first byte p50 / p95 (≤ ${TARGET_CACHED_MS} ms)`,
      (r) =>
        `${fmt.n(r.cached.p50, 1)} / ${fmt.n(r.cached.p95, 1)} ms ${mark(r.cached.p95 <= TARGET_CACHED_MS)}`,
    ],
    [
      `200 products (≤ ${TARGET_LARGE_SECONDS} s)`,
      (r) =>
        `${fmt.n(r.large.seconds, 2)} s ${mark(r.large.seconds <= TARGET_LARGE_SECONDS)}, ${fmt.mb(r.large.megabytes)}`,
    ],
    [
      `4 packs at once: RSS growth (≤ ${TARGET_RSS_MB} MB)`,
      (r) =>
        `${fmt.mb(r.together.rssGrowthMb)} ${mark(r.together.rssGrowthMb <= TARGET_RSS_MB)} (from ${fmt.mb(r.together.rssStartMb)}, all done in ${fmt.n(r.together.seconds, 1)} s)`,
    ],
  ];
  printEngineTable("Consent pack (production server over HTTP)", byEngine, engines, rows);
}
