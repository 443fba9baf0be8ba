// Throughput against the machine's limit: 50 connections on the public pages, next to a bare Node
// `http` server (its own process, like the app) answering the home page's own gzipped bytes, both
// measured by the same load generator in the same run: the bare server's figure is the ceiling of
// the generator and the machine together, and each cached page is given as a share of it. The
// generator is wrk when installed (C; autocannon's own JavaScript saturates a 2-core machine before
// the server does), else autocannon. Requests carry Accept-Encoding: gzip, br, as a browser's do.
// Cached pages are asked for by one URL each; the uncached search sends a new URL each time (case
// variants of the word plus a counter) so a page cache cannot answer it.
import { spawn } from "node:child_process";
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
  variants,
  waitForHealth,
  wrkLoad,
} from "../support.js";

const CONNECTIONS = 50;
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
      label: `/catalog?q=${searchWord}&page=3 (uncached)`,
      paths: variants((n) => `/catalog?q=${caseVariant(searchWord, n)}&page=3&v=${n}`),
      wrkPaths: Array.from(
        { length: WRK_VARIANTS },
        (_, n) => `/catalog?q=${caseVariant(searchWord, n)}&page=3`,
      ),
      search: true,
    },
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
        target = `≥500 req/s ${mark(x.rps >= 500)}, p99 ≤100 ms ${mark(x.p99 <= 100)}`;
      if (x.search && engine !== "postgres") target = "(target is for PostgreSQL)";
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
    if (r.productStatus === 404)
      console.log(`note: ${r.productPath} answered 404 (product pages not built yet)`);
    if (r.homeContentEncoding !== "gzip")
      console.log(`note: / was served with content-encoding ${r.homeContentEncoding}`);
  }
}
