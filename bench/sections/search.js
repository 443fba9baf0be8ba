// The catalogue search at size: bench/catalog-search.ts on each engine (relevance on the fixture,
// one-at-a-time latency of the results page and the suggestions at 100,000 products, uncached;
// the index's build time and size), then on PostgreSQL the production server on that same
// database with the page cache off, and 50 connections asking the relevance set's searches on
// the public catalogue as fast as it answers them; then, under the same load, two pages that ask
// no search at all (the contact page, and the catalogue without a search): the ceiling the
// machine puts on any server-rendered page, which a search's figure can only be read against.
// Targets: first ≥ 90%, top 3 ≥ 98%; page p95 ≤ 30 ms (PostgreSQL) / 60 ms (PGlite); suggestions
// p95 ≤ 20 / 40 ms; ≥ 300 searches a second at 50 connections (PostgreSQL); index build ≤ 60 s
// and ≤ 2× the products table.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  benchEngines,
  fmt,
  load,
  mark,
  postgresBaseUrl,
  printEngineTable,
  root,
  startServer,
  variants,
} from "../support.js";

const SIZE = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
const CONNECTIONS = 50;
const TARGET_RPS = 300;

function inProcess(engine, resultFile) {
  const env = { ...process.env, BENCH_SEARCH_RESULT: resultFile, BENCH_SEARCH_KEEP_DATABASE: "1" };
  if (engine === "postgres") env.BENCH_DATABASE_URL = postgresBaseUrl;
  else delete env.BENCH_DATABASE_URL;
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "bench/catalog-search.ts", String(SIZE)],
    { cwd: root, env, stdio: "inherit" },
  );
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(fs.readFileSync(resultFile, "utf8")))
        : reject(new Error(`exit ${code}`)),
    ),
  );
}

async function throughput(figures, port) {
  const database = {
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "tc-search-http-")),
    url: figures.database,
  };
  const server = await startServer({ port, database, env: { PAGE_CACHE: "false" } });
  try {
    const queries = figures.queriesText;
    const paths = variants((n) => `/catalog?q=${encodeURIComponent(queries[n % queries.length])}`);
    await load({ base: server.base, paths, connections: CONNECTIONS, seconds: 3 });
    const searches = await load({ base: server.base, paths, connections: CONNECTIONS, timeout: 30 });
    const unsearched = async (page) => {
      const pagePaths = variants((n) => `${page}?v=${n}`);
      await load({ base: server.base, paths: pagePaths, connections: CONNECTIONS, seconds: 3 });
      return await load({ base: server.base, paths: pagePaths, connections: CONNECTIONS, timeout: 30 });
    };
    return { ...searches, contact: await unsearched("/contact"), catalog: await unsearched("/catalog") };
  } finally {
    await server.stop();
    fs.rmSync(database.dataDir, { recursive: true, force: true });
  }
}

async function dropDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: postgresBaseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

export async function run({ basePort }) {
  const engines = benchEngines();
  const byEngine = {};
  for (const engine of engines) {
    const resultFile = path.join(os.tmpdir(), `tc-search-bench-${process.pid}-${engine}.json`);
    try {
      const figures = await inProcess(engine, resultFile);
      if (figures.database) {
        try {
          figures.http = await throughput(figures, basePort);
        } finally {
          await dropDatabase(figures.database);
        }
      }
      delete figures.queriesText;
      byEngine[engine] = figures;
    } catch (error) {
      byEngine[engine] = { error: String(error?.stack ?? error) };
    } finally {
      fs.rmSync(resultFile, { force: true });
    }
  }
  print(byEngine, engines);
  return byEngine;
}

function print(byEngine, engines) {
  const pct = (part, r) => (part / r.queries) * 100;
  const rows = [
    [
      "relevance: first (≥ 90%)",
      (r) => `${fmt.n(pct(r.relevance.first, r), 1)}% ${mark(pct(r.relevance.first, r) >= 90)}`,
    ],
    [
      "relevance: top 3 (≥ 98%)",
      (r) => `${fmt.n(pct(r.relevance.top3, r), 1)}% ${mark(pct(r.relevance.top3, r) >= 98)}`,
    ],
    ["mean reciprocal rank", (r) => fmt.n(r.relevance.mrr, 3)],
    [
      "results page p50 / p95 (≤ 30 / 60 ms)",
      (r) => `${fmt.n(r.page.p50, 1)} / ${fmt.n(r.page.p95, 1)} ms ${mark(r.page.p95 <= r.page.target)}`,
    ],
    [
      "suggestions p50 / p95 (≤ 20 / 40 ms)",
      (r) =>
        `${fmt.n(r.suggestions.p50, 1)} / ${fmt.n(r.suggestions.p95, 1)} ms ${mark(r.suggestions.p95 <= r.suggestions.target)}`,
    ],
    [
      `searches a second, ${CONNECTIONS} connections (≥ ${TARGET_RPS}, PostgreSQL)`,
      (r) =>
        r.http
          ? `${fmt.n(r.http.rps, 0)} ${mark(r.http.rps >= TARGET_RPS && r.http.errors + r.http.non2xx === 0)} (p95 ${fmt.n(r.http.p95, 0)} ms)`
          : "–",
    ],
    [
      "the same load on the contact page (no search)",
      (r) => (r.http?.contact ? `${fmt.n(r.http.contact.rps, 0)} pages a second` : "–"),
    ],
    [
      "the same load on the catalogue (no search)",
      (r) => (r.http?.catalog ? `${fmt.n(r.http.catalog.rps, 0)} pages a second` : "–"),
    ],
    ["index build (≤ 60 s)", (r) => `${fmt.n(r.index.seconds, 1)} s ${mark(r.index.seconds <= 60)}`],
    [
      "index size (≤ 2× products)",
      (r) =>
        `${fmt.n(r.index.bytes / r.index.productsBytes, 2)}× ${mark(r.index.bytes <= 2 * r.index.productsBytes)}`,
    ],
  ];
  printEngineTable(
    `Catalogue search at ${SIZE.toLocaleString("en-NZ")} products (the relevance set's queries, uncached)`,
    byEngine,
    engines,
    rows,
  );
}
