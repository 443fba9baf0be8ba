// The staff catalog screen at scale: the catalogue topped up to 100,000 products (topUpProducts),
// an admin signed in over HTTP as a browser does, then p50/p95 of the catalog management list
// (first page, a later page), its building-information filter (first and a later page) and its
// search (first and a later page), every request a URL of its own, one at a time.
// Target: p95 <= 100 ms for each kind.
import fs from "node:fs";
import {
  caseVariant,
  fmt,
  load,
  mark,
  printTable,
  SEARCH_WORDS,
  signIn,
  topUpProducts,
  variants,
  withDatabase,
} from "../support.js";

const SIZE = Number(process.env.BENCH_ADMIN_PRODUCTS ?? 100_000);
// Requests per kind (a count, not a duration), one at a time as a member of staff makes them.
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 100);
const CONNECTIONS = 1;
const TARGET_MS = 100;
// What staff type: words and phrases of the products' names and descriptions, and one that
// matches nothing.
const SEARCHES = [
  ...SEARCH_WORDS,
  "decking board",
  "marine grade",
  "m12",
  "100 pack",
  "radiata pine framing",
  "coastal builds",
  "plywood",
  "no such product",
];

/** CPU time (user + system) a process has used, in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** "Showing 1–10 of 100,012" as the screen prints it, to check the list is the large one. */
async function shownTotal(base, cookie, path) {
  const response = await fetch(base + path, { headers: { cookie } });
  const html = await response.text();
  if (!response.ok || !html.includes("Catalog Management"))
    throw new Error(`${path} did not show the catalog screen: HTTP ${response.status}`);
  return /Showing [\d,]+–[\d,]+ of ([\d,+]+)/.exec(html)?.[1] ?? "no rows";
}

export async function run(ctx) {
  const seeded = await withDatabase(ctx, (query) => topUpProducts(query, SIZE));
  const base = ctx.server.base;
  const cookie = await signIn(base);
  const pages = Math.floor(SIZE / 10);
  const later = (n) => 2 + ((n * 7919) % (pages - 1));
  const search = (n) => encodeURIComponent(caseVariant(SEARCHES[n % SEARCHES.length], n >> 4));
  const kinds = {
    list: variants((n) => `/admin/catalog?v=${n}`),
    "list, later page": variants((n) => `/admin/catalog?page=${later(n)}`),
    "filter (building missing)": variants((n) => `/admin/catalog?building=missing&v=${n}`),
    "filter, later page": variants((n) => `/admin/catalog?building=missing&page=${later(n)}`),
    search: variants((n) => `/admin/catalog?q=${search(n)}&v=${n}`),
    "search, page 3": variants((n) => `/admin/catalog?q=${search(n)}&page=3&v=${n}`),
  };
  const shown = {
    list: await shownTotal(base, cookie, "/admin/catalog"),
    search: await shownTotal(base, cookie, "/admin/catalog?q=pine"),
  };
  const figures = {};
  for (const [kind, paths] of Object.entries(kinds)) {
    const options = { base, paths, connections: CONNECTIONS, timeout: 60, headers: { cookie } };
    await load({ ...options, amount: 10 });
    const cpuBefore = cpuMs(ctx.server.pid);
    const r = await load({ ...options, amount: REQUESTS });
    const cpu = cpuBefore === null ? null : (cpuMs(ctx.server.pid) - cpuBefore) / r.requests;
    figures[kind] = { requests: r.requests, errors: r.errors, non2xx: r.non2xx, p50: r.p50, p95: r.p95, cpu };
  }
  console.log(
    `  ${SIZE.toLocaleString("en-NZ")} products (inserted ${seeded.inserted} in ${seeded.insertSeconds.toFixed(1)} s); the list shows ${shown.list}, "pine" ${shown.search}`,
  );
  return { size: SIZE, requests: REQUESTS, connections: CONNECTIONS, ...seeded, shown, kinds: figures };
}

export function print(byEngine, engines) {
  const ran = engines.filter((e) => byEngine[e]);
  if (!ran.length) return;
  const kinds = Object.keys(ran.map((e) => byEngine[e]).find((r) => r.kinds)?.kinds ?? {});
  const cell = (r, kind) => {
    if (!r) return "–";
    if (r.error) return "error";
    const k = r.kinds[kind];
    if (!k?.requests) return "no answer";
    const failed = k.errors + k.non2xx;
    const cpu = k.cpu === null || k.cpu === undefined ? "" : `, ${fmt.n(k.cpu, 1)} ms CPU`;
    return `${fmt.n(k.p50, 1)} / ${fmt.n(k.p95, 1)} ms ${mark(k.p95 <= TARGET_MS && failed === 0)}${cpu}${failed ? ` (${failed} failed)` : ""}`;
  };
  const first = byEngine[ran[0]];
  printTable(
    `Admin catalog screen at ${(first.size ?? SIZE).toLocaleString("en-NZ")} products: p50 / p95 of ${first.requests ?? REQUESTS} signed-in requests one at a time, every URL new, and the server process's CPU per request (PGlite's queries included, PostgreSQL's not); target p95 ≤ ${TARGET_MS} ms`,
    ["kind", ...ran],
    kinds.map((kind) => [kind, ...ran.map((e) => cell(byEngine[e], kind))]),
  );
  for (const e of ran) if (byEngine[e].error) console.log(`  ${e}: ${byEngine[e].error.split("\n")[0]}`);
}
