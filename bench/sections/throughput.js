// Throughput against the machine's limit: 50 connections on the public pages, next to a bare Node
// `http` server (its own process, like the app) answering the home page's own gzipped bytes, both
// measured by the same load generator in the same run: the bare server's figure is the ceiling of
// the generator and the machine together, and each cached page is given as a share of it. The
// generator is wrk when installed (C; autocannon's own JavaScript saturates a 2-core machine before
// the server does), else autocannon. Requests carry Accept-Encoding: gzip, br, as a browser's do.
// Cached pages are asked for by one URL each. The uncached search runs on a server started again
// with PAGE_CACHE=false (what a signed-in staff member gets) and sends a new URL each time (case
// variants of the word plus a counter). That server also has the bench's probes loaded (bench/probes/), for three figures
// no outside timing gives: the server process's CPU milliseconds per uncached render (its CPU
// time from /proc over a fixed number of requests), the SQL statements one page sent
// (X-Sql-Statements), and the CPU milliseconds of rendering the same page from loader data
// already in memory (React Router and React alone: no database, Express or compression).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import {
  benchSeconds,
  caseVariant,
  discover,
  fmt,
  hasWrk,
  load,
  mark,
  printTable,
  rawGet,
  startServer,
  variants,
  waitForHealth,
  wrkLoad,
} from "../support.js";

const CONNECTIONS = 50;
/** Uncached renders whose server CPU time is measured, and how many are asked for at once. */
const CPU_SAMPLE_REQUESTS = 300;
const CPU_SAMPLE_CONCURRENCY = 10;
/** Renders from memory asked of the server in one probe request. */
const MEMORY_RENDERS = 200;
const HEADERS = { "accept-encoding": "gzip, br" };
/** Case variants of the search word asked for in turn by wrk (each with a counter added). */
const WRK_VARIANTS = 64;

const BARE_SERVER = `
const http = require("node:http");
const body = Buffer.from(process.env.BODY_BASE64, "base64");
http.createServer((req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": body.length });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

async function withBareServer(port, body, fn) {
  const child = spawn(process.execPath, ["-e", BARE_SERVER], {
    env: { ...process.env, PORT: String(port), BODY_BASE64: body.toString("base64") },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((r) => child.once("exit", r));
  try {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await fetch(base);
        break;
      } catch {
        if (Date.now() > deadline) throw new Error("The bare server did not start");
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return await fn(base);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}
void waitForHealth;

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** A process's CPU time (user + system, all its threads) in ms, from /proc. */
function cpuMsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/**
 * The server's CPU milliseconds per request over `count` requests of `pathFor(n)`, `concurrency`
 * at a time, and the SQL statements each response says it sent (X-Sql-Statements).
 */
async function cpuPerRequest(base, pid, pathFor, { count, concurrency }) {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const statements = [];
  let next = 0;
  let failed = 0;
  const one = (n) =>
    new Promise((resolve, reject) => {
      http
        .get({ hostname, port, agent, path: pathFor(n), headers: HEADERS }, (res) => {
          if (res.statusCode !== 200) failed++;
          const counted = res.headers["x-sql-statements"];
          if (counted !== undefined) statements.push(Number(counted));
          res.resume();
          res.on("end", resolve);
        })
        .on("error", reject);
    });
  const worker = async () => {
    while (next < count) await one(next++);
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, () => one(-1 - next++))); // warm-up
    next = 0;
    statements.length = 0;
    const before = cpuMsOf(pid);
    await Promise.all(Array.from({ length: concurrency }, worker));
    const cpuMs = (cpuMsOf(pid) - before) / count;
    statements.sort((a, b) => a - b);
    return {
      cpuMs,
      failed,
      statements: statements.length ? statements.reduce((a, b) => a + b, 0) / statements.length : null,
      statementsMax: statements.at(-1) ?? null,
    };
  } finally {
    agent.destroy();
  }
}

/** CPU ms per render of a page from its loaders' data held in memory (bench/probes/). */
async function renderFromMemoryMs(base, path) {
  const { headers } = await rawGet(base + path, { "x-bench-render-from-memory": String(MEMORY_RENDERS) });
  const value = Number(headers["x-render-from-memory-ms"]);
  return Number.isFinite(value) ? value : null;
}

/**
 * The uncached search on a server of its own: PAGE_CACHE=false, probes loaded. PGlite allows
 * one process per data folder, so the section's server is stopped meanwhile and started again.
 */
async function measureUncached(ctx, target, measure) {
  await ctx.server.stop();
  const server = await startServer({
    ...ctx.serverOptions,
    env: { ...ctx.serverOptions.env, PAGE_CACHE: "false" },
    probes: true,
  });
  try {
    const run = Math.random().toString(36).slice(2, 8);
    const pathFor = (n) => `${target.searchPath(n)}&cpu=${run}.${n}`;
    const cpu = await cpuPerRequest(server.base, server.pid, pathFor, {
      count: CPU_SAMPLE_REQUESTS,
      concurrency: CPU_SAMPLE_CONCURRENCY,
    });
    const fromMemoryMs = await renderFromMemoryMs(server.base, `${target.searchPath(0)}&memory=${run}`);
    await measure(target, { base: server.base, seconds: 1 }); // warm-up
    const load = await measure(target, { base: server.base });
    return {
      ...load,
      cpuMs: cpu.cpuMs,
      statements: cpu.statements,
      statementsMax: cpu.statementsMax,
      fromMemoryMs,
    };
  } finally {
    await server.stop();
    ctx.server = await startServer(ctx.serverOptions);
  }
}

export async function run(ctx) {
  const { slug, searchWord, searchMatches } = await discover(ctx);
  const base = ctx.server.base;
  const home = await rawGet(`${base}/`);
  const productPath = slug ? `/catalog/${slug}` : null;
  const productStatus = productPath ? (await rawGet(base + productPath)).status : null;
  const targets = [
    { label: "/", paths: "/", cached: true },
    { label: "/catalog", paths: "/catalog", cached: true },
    { label: `/catalog?q=${searchWord}&page=3`, paths: `/catalog?q=${searchWord}&page=3`, cached: true },
    {
      label: productPath
        ? `product ${productPath}${productStatus === 404 ? " (404)" : ""}`
        : "product (none found)",
      paths: productPath,
      cached: true,
    },
    { label: "/healthz", paths: "/healthz" },
  ].filter((t) => t.paths);

  const tool = hasWrk() ? "wrk" : "autocannon";
  if (tool === "autocannon")
    console.log("  wrk is not installed (apt-get install wrk): measuring with autocannon.");
  const measure = (target, options) =>
    tool === "wrk"
      ? wrkLoad({
          ...options,
          paths: target.wrkPaths ?? target.paths,
          bust: Boolean(target.wrkPaths),
          connections: CONNECTIONS,
          headers: HEADERS,
        })
      : load({ ...options, paths: target.paths, connections: CONNECTIONS, headers: HEADERS });

  const uncached = {
    label: `/catalog?q=${searchWord}&page=3 (uncached, PAGE_CACHE=false)`,
    searchPath: (n) => `/catalog?q=${caseVariant(searchWord, n)}&page=3`,
    paths: variants((n) => `/catalog?q=${caseVariant(searchWord, n)}&page=3&v=${n}`),
    wrkPaths: Array.from(
      { length: WRK_VARIANTS },
      (_, n) => `/catalog?q=${caseVariant(searchWord, n)}&page=3`,
    ),
    search: true,
  };

  const rows = [];
  await withBareServer(ctx.basePort + 5, home.body, async (bareBase) => {
    for (const t of targets) {
      await measure(t, { base, seconds: 1 }); // warm-up (fills a page cache)
      rows.push({
        label: t.label,
        cached: Boolean(t.cached),
        search: Boolean(t.search),
        ...(await measure(t, { base })),
      });
    }
    rows.push({ label: uncached.label, search: true, ...(await measureUncached(ctx, uncached, measure)) });
    const bare = { paths: "/" };
    await measure(bare, { base: bareBase, seconds: 1 });
    rows.push({
      label: `bare node:http, ${home.body.length} B gzip`,
      bare: true,
      ...(await measure(bare, { base: bareBase })),
    });
  });
  const bareRps = rows.find((row) => row.bare)?.rps ?? 0;
  for (const row of rows) if (row.cached && bareRps) row.ofBare = row.rps / bareRps;
  return {
    tool,
    seconds: benchSeconds,
    connections: CONNECTIONS,
    bareRps,
    searchWord,
    searchMatches,
    productPath,
    productStatus,
    homeGzipBytes: home.body.length,
    homeContentEncoding: home.headers["content-encoding"] ?? null,
    rows,
  };
}

export function print(byEngine, engines) {
  for (const engine of engines) {
    const r = byEngine[engine];
    if (!r) continue;
    if (r.error) {
      console.log(`\n== Throughput (${engine}): failed — ${r.error.split("\n")[0]}`);
      continue;
    }
    const bare = r.rows.find((x) => x.bare)?.rps ?? 0;
    const rows = r.rows.map((x) => {
      const ratio = bare && !x.bare ? x.rps / bare : null;
      let target = "";
      if (x.cached && ratio !== null) target = `≥25% of bare ${mark(ratio >= 0.25)}`;
      if (x.search && engine === "postgres")
        target = `≥300 req/s ${mark(x.rps >= 300)}, p99 ≤250 ms ${mark(x.p99 <= 250)}`;
      if (x.search && engine !== "postgres") target = `≥200 req/s ${mark(x.rps >= 200)}`;
      return [
        x.label,
        fmt.n(x.rps),
        `${fmt.n(x.p50, 1)} ms`,
        `${fmt.n(x.p99, 1)} ms`,
        fmt.n(x.non2xx),
        x.cacheHitShare === null || x.bare ? "–" : `${fmt.n(x.cacheHitShare * 100)}%`,
        ratio === null ? "" : `${fmt.n(ratio * 100, 1)}%`,
        target,
      ];
    });
    printTable(
      `Throughput (${engine}): ${r.tool === "wrk" ? "wrk" : "autocannon (wrk not installed)"}, ${r.connections} connections, ${r.seconds} s each, bare server in the same run; search word "${r.searchWord}"`,
      ["target", "req/s", "p50", "p99", "non-2xx", "X-Cache HIT", "page/bare", "target"],
      rows,
    );
    const search = r.rows.find((x) => x.search);
    if (search?.cpuMs !== undefined) {
      const share = search.fromMemoryMs && search.cpuMs ? search.fromMemoryMs / search.cpuMs : null;
      printTable(
        `Uncached catalogue search (${engine}): the server's CPU per render, over ${CPU_SAMPLE_REQUESTS} requests ${CPU_SAMPLE_CONCURRENCY} at a time`,
        ["figure", "value", "target"],
        [
          [
            "server CPU per uncached render",
            `${fmt.n(search.cpuMs, 2)} ms`,
            `≤3 ms ${mark(search.cpuMs <= 3)}`,
          ],
          [
            "SQL statements per page (mean, max)",
            `${fmt.n(search.statements, 1)}, ${fmt.n(search.statementsMax)}`,
            "",
          ],
          [
            "render from loader data in memory (React Router + React)",
            `${fmt.n(search.fromMemoryMs, 2)} ms`,
            share === null ? "" : `${fmt.n(share * 100)}% of a render`,
          ],
        ],
      );
    }
    if (r.productStatus === 404)
      console.log(`note: ${r.productPath} answered 404 (product pages not built yet)`);
    if (r.homeContentEncoding !== "gzip")
      console.log(`note: / was served with content-encoding ${r.homeContentEncoding}`);
  }
}
