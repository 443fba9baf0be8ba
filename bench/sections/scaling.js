// Catalogue scaling: the catalogue topped up to 1,000, 10,000 and 100,000 published products by a
// bulk insert (topUpProducts in ../support.js), then p50/p95 of uncached filtered, searched and
// paged requests (every request a new URL), the catalogue page's HTML bytes, and what a
// client-side design would download: every published product as JSON, as a client of a hosted
// backend fetches them (all columns, with the category and brand names), raw and gzipped.
import zlib from "node:zlib";
import {
  caseVariant,
  discover,
  fmt,
  load,
  mark,
  printTable,
  rawGet,
  SEARCH_WORDS,
  startServer,
  topUpProducts,
  variants,
  withDatabase,
} from "../support.js";

// Requests per kind and size (a count, not a duration: on PGlite one may take seconds).
const REQUESTS = Number(process.env.BENCH_SCALING_REQUESTS ?? 60);
const SIZES = (process.env.BENCH_SCALING_SIZES ?? "1000,10000,100000").split(",").map(Number);

const CLIENT_JSON_SQL = `
  select coalesce(json_agg(x), '[]'::json)::text as j from (
    select p.*, json_build_object('name', c.name) as categories, json_build_object('name', b.name) as brands
    from products p left join categories c on c.id = p.category_id left join brands b on b.id = p.brand_id
    where p.is_published order by p.created_at desc) x`;

export async function run(ctx) {
  const { categories } = await discover(ctx);
  const sizes = [];
  for (const size of SIZES) {
    const seeded = await withDatabase(ctx, async (query) => {
      const { inserted, insertSeconds } = await topUpProducts(query, size);
      const [{ j }] = await query(CLIENT_JSON_SQL);
      const raw = Buffer.byteLength(j);
      const gzipped = zlib.gzipSync(j).length;
      return {
        inserted,
        insertSeconds,
        clientJsonBytes: raw,
        clientJsonGzipBytes: gzipped,
      };
    });
    // A fresh server after the bulk insert: no page cache holds pages of the smaller catalogue.
    if (ctx.database.engine === "postgres") {
      await ctx.server.stop();
      ctx.server = await startServer(ctx.serverOptions);
    }
    const base = ctx.server.base;
    const totalPages = Math.ceil(size / 10);
    const kinds = {
      filtered: variants(
        (n) =>
          `/catalog?category=${encodeURIComponent(caseVariant(categories[n % categories.length] ?? "Timber", n >> 3))}&v=${n}`,
      ),
      searched: variants(
        (n) => `/catalog?q=${caseVariant(SEARCH_WORDS[n % SEARCH_WORDS.length], n >> 4)}&v=${n}`,
      ),
      paged: variants((n) => `/catalog?page=${1 + ((n * 7919) % totalPages)}&v=${n}`),
    };
    const figures = {};
    for (const [kind, paths] of Object.entries(kinds)) {
      await load({ base, paths, connections: 10, amount: 10, timeout: 120 });
      const r = await load({ base, paths, connections: 10, amount: REQUESTS, timeout: 120 });
      figures[kind] = {
        requests: r.requests,
        errors: r.errors,
        p50: r.p50,
        p95: r.p95,
        rps: r.rps,
        non2xx: r.non2xx,
        cacheHitShare: r.cacheHitShare,
      };
    }
    const page = await rawGet(`${base}/catalog?v=bytes-${size}`);
    const html = page.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(page.body) : page.body;
    sizes.push({
      size,
      ...seeded,
      ...figures,
      pageHtmlBytes: html.length,
      pageGzipBytes:
        page.headers["content-encoding"] === "gzip" ? page.body.length : zlib.gzipSync(html).length,
    });
    console.log(`  ${size} products: inserted ${seeded.inserted} in ${seeded.insertSeconds.toFixed(1)} s`);
  }
  return { connections: 10, requests: REQUESTS, sizes };
}

export function print(byEngine, engines) {
  for (const engine of engines) {
    const r = byEngine[engine];
    if (!r) continue;
    if (r.error) {
      console.log(`\n== Catalogue scaling (${engine}): failed — ${r.error.split("\n")[0]}`);
      continue;
    }
    const first = r.sizes[0];
    const rows = r.sizes.map((s) => {
      const vs = (kind) => {
        if (!s[kind].requests) return "no answer";
        const ratio = first?.[kind].requests && s !== first ? s[kind].p95 / first[kind].p95 : null;
        return `${fmt.n(s[kind].p50, 1)} / ${fmt.n(s[kind].p95, 1)} ms${ratio === null ? "" : ` (${fmt.n(ratio, 2)}× ${mark(ratio <= 2)})`}`;
      };
      const bytesRatio = s !== first ? s.pageHtmlBytes / first.pageHtmlBytes : null;
      return [
        s.size.toLocaleString("en-NZ"),
        `${fmt.n(s.insertSeconds, 1)} s`,
        vs("filtered"),
        vs("searched"),
        vs("paged"),
        `${fmt.kb(s.pageHtmlBytes)} / ${fmt.kb(s.pageGzipBytes)}${bytesRatio === null ? "" : ` (${fmt.n(bytesRatio, 2)}× ${mark(bytesRatio <= 1.2)})`}`,
        `${fmt.kb(s.clientJsonBytes)} / ${fmt.kb(s.clientJsonGzipBytes)}`,
      ];
    });
    printTable(
      `Catalogue scaling (${engine}): p50 / p95 of ${r.requests} requests at ${r.connections} connections, uncached; targets: p95 ≤ 2× and page bytes ≤ 1.2× the 1,000-product figure`,
      [
        "products",
        "insert",
        "filtered (category)",
        "searched (q)",
        "paged (page=N)",
        "page HTML / gzip",
        "client-side JSON raw / gzip",
      ],
      rows,
    );
  }
}
