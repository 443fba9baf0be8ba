// Helpers shared by the benchmarks in this folder: the build, the server under test, its
// database (a fresh PostgreSQL database or a fresh PGlite folder per run), RSS sampling, load
// generation and the printed tables. Plain Node ESM so `npm run bench` needs no compile step.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

export const root = path.resolve(import.meta.dirname, "..");
export const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");

/** The PostgreSQL server to create bench databases on, or undefined (PGlite only). */
export const postgresBaseUrl =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

/** The engines to measure (BENCH_ENGINES, default both): PostgreSQL only when it has a server. */
export function benchEngines() {
  return (process.env.BENCH_ENGINES ?? "postgres,pglite")
    .split(",")
    .map((s) => s.trim())
    .filter((e) => e === "pglite" || (e === "postgres" && postgresBaseUrl));
}

/** Seconds of load per measurement (BENCH_SECONDS, default 10). */
export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 10);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Builds the app into BUILD_DIR when it has no build yet (BENCH_BUILD=always rebuilds). */
export function ensureBuild() {
  const entry = path.join(buildDir, "server/index.js");
  const mode = process.env.BENCH_BUILD ?? "missing";
  if (mode !== "always" && fs.existsSync(entry)) {
    const age = (Date.now() - fs.statSync(entry).mtimeMs) / 60_000;
    console.log(
      `Using the build in ${path.relative(root, buildDir)}/ (${age.toFixed(0)} min old; BENCH_BUILD=always rebuilds)`,
    );
    return;
  }
  console.log(`Building into ${path.relative(root, buildDir)}/ …`);
  // `npm run bench` puts node_modules/.bin (and the pinned Node) first on PATH.
  const result = spawnSync("react-router", ["build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (result.status !== 0) throw new Error("The build failed; see the messages above");
}

// ---------------------------------------------------------------- databases

/** A fresh database for one engine: PostgreSQL (created now, dropped by drop()) or a PGlite folder. */
export async function createDatabase(engine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tc-bench-${engine}-`));
  if (engine === "pglite") {
    return {
      engine,
      dataDir,
      url: undefined,
      async drop() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `tc_bench_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresBaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresBaseUrl);
  url.pathname = `/${name}`;
  return {
    engine,
    dataDir,
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: postgresBaseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs fn(query) against the server's database. PGlite allows one process per folder, so for
 * PGlite the server is stopped first and started again afterwards.
 */
export async function withDatabase(ctx, fn) {
  if (ctx.database.engine === "postgres") {
    const client = new pg.Client({ connectionString: ctx.database.url });
    await client.connect();
    try {
      return await fn(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  await ctx.server.stop();
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { fuzzystrmatch } = await import("@electric-sql/pglite/contrib/fuzzystrmatch");
  const db = await PGlite.create(path.join(ctx.database.dataDir, "db"), {
    extensions: { pg_trgm, fuzzystrmatch },
  });
  try {
    return await fn(async (text, params) => {
      if (params?.length) return (await db.query(text, params)).rows;
      const results = await db.exec(text);
      return results.at(-1)?.rows ?? [];
    });
  } finally {
    await db.close();
    ctx.server = await startServer(ctx.serverOptions);
  }
}

// ---------------------------------------------------------------- the server

/** Waits until the server child process answers /healthz, or fails if it exits first. */
export async function waitForHealth(server, base, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error("The server exited before it was ready");
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error("The server did not become healthy");
}

/**
 * Waits while the server makes the variants of stored images that have none (the demo seed's
 * pictures, after a fresh start): measuring meanwhile would measure that work. Returns the seconds
 * waited, or 0 when there was nothing to do.
 */
export async function waitForImages(server, base, timeoutMs = 15 * 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.exitCode !== null) throw new Error("The server exited while processing images");
    const health = await fetch(`${base}/healthz`)
      .then((r) => r.json())
      .catch(() => ({}));
    if (health.images !== "waiting" && health.images !== "running") return (Date.now() - started) / 1000;
    await sleep(1000);
  }
  throw new Error("The server did not finish processing the stored images");
}

/**
 * Starts the production build with `node server.js` (what `npm start` imports in-process, so the
 * child's pid is the Node process that serves; no rebuild check). Resolves once healthy, or at
 * once with `ready: false` (as systemd's start of a Type=simple unit does). `probes`: with the
 * bench's probes loaded into the process (bench/probes/register.js).
 */
export async function startServer({ port, database, env = {}, ready = true, probes = false }) {
  const args = probes ? ["--import", "./bench/probes/register.js", "server.js"] : ["server.js"];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // As `npm start` and the systemd unit launch it (see the README's Configuration).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url ?? "",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "bench-admin@example.com",
      ADMIN_PASSWORD: "bench-admin-password",
      ENQUIRY_MIN_FILL_SECONDS: "0",
      ENQUIRY_RATE_LIMIT_PER_MINUTE: "100000",
      ENQUIRY_RATE_LIMIT_PER_HOUR: "1000000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((r) => child.once("exit", r));
  if (ready) await waitForHealth(child, base);
  const imagesSeconds = ready ? await waitForImages(child, base) : 0;
  return {
    imagesSeconds,
    child,
    pid: child.pid,
    base,
    rssMb: () => rssMb(child.pid),
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** Resident set size of a process in MB, from /proc (0 when it is gone). */
export function rssMb(pid) {
  try {
    const kb = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every intervalMs until stop(), which returns { start, peak, samples }. */
export function sampleRss(pid, intervalMs = 20) {
  const start = rssMb(pid);
  let peak = start;
  let samples = 0;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    samples++;
    if (now > peak) peak = now;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const end = rssMb(pid);
      return { start, peak: Math.max(peak, end), end, samples };
    },
  };
}

// ---------------------------------------------------------------- load

export function percentile(sorted, q) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * autocannon against one target. `paths` is a path or a function returning the next path (for
 * cache-busting variants). Latencies are recorded per response so any percentile can be read;
 * X-Cache headers are counted when the server sends them.
 */
export async function load({
  base,
  paths,
  connections = 50,
  seconds = benchSeconds,
  amount,
  timeout = 10,
  headers = {},
}) {
  const latencies = [];
  const cache = { HIT: 0, MISS: 0, other: 0 };
  const next = typeof paths === "function" ? paths : () => paths;
  const instance = autocannon({
    url: base,
    connections,
    // A fixed number of requests (amount) still yields figures when each one takes seconds.
    ...(amount ? { amount } : { duration: seconds }),
    timeout,
    headers: { "accept-encoding": "gzip", ...headers },
    requests: [
      {
        setupRequest: (req) => ({ ...req, path: next() }),
        onResponse: (_status, _body, _context, responseHeaders) => {
          const name = Object.keys(responseHeaders ?? {}).find((key) => key.toLowerCase() === "x-cache");
          const value = String(name ? responseHeaders[name] : "").toUpperCase();
          if (value.startsWith("HIT")) cache.HIT++;
          else if (value.startsWith("MISS")) cache.MISS++;
          else cache.other++;
        },
      },
    ],
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const answered = cache.HIT + cache.MISS;
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    status: {
      "2xx": result["2xx"],
      "3xx": result["3xx"],
      "4xx": result["4xx"],
      "5xx": result["5xx"],
    },
    cacheHitShare: answered ? cache.HIT / (answered + cache.other) : null,
  };
}

/** Whether wrk (Debian's C load generator, apt-get install wrk) is on PATH. */
export function hasWrk() {
  return !spawnSync("wrk", ["--version"], { stdio: "ignore" }).error;
}

/** wrk's duration figures ("12.5ms", "830.00us", "1.02s") in ms. */
function wrkMs(text) {
  const m = /([\d.]+)(us|ms|s)\b/.exec(text ?? "");
  if (!m) return null;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]];
}

/**
 * wrk against one target, two threads, figures shaped like load()'s. `paths` is one path or a
 * list asked for in turn; `bust` appends `&v=<run>.<thread>.<n>` (or `?v=`) so every request has
 * a URL of its own, in this run and any other. Headers go through a Lua script (a temporary file), as wrk has no other way to set
 * them. X-Cache is counted in Lua (measured: no cost beyond the noise next to 40,000 req/s).
 */
export async function wrkLoad({
  base,
  paths,
  connections = 50,
  seconds = benchSeconds,
  timeout = 10,
  headers = { "Accept-Encoding": "gzip" },
  bust = false,
}) {
  const list = Array.isArray(paths) ? paths : [paths];
  const script = path.join(
    os.tmpdir(),
    `tc-bench-wrk-${process.pid}-${crypto.randomBytes(4).toString("hex")}.lua`,
  );
  const lua = [
    `local paths = {${list.map((p) => JSON.stringify(p)).join(", ")}}`,
    ...Object.entries(headers).map(
      ([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`,
    ),
    "local threads = {}",
    "local counter = 1",
    "function setup(thread)",
    "  table.insert(threads, thread)",
    '  thread:set("id", counter)',
    "  counter = counter + 1",
    "end",
    "local i = 0",
    "hits, misses, other = 0, 0, 0",
    "function request()",
    "  i = i + 1",
    "  local p = paths[(i % #paths) + 1]",
    bust
      ? `  p = p .. (string.find(p, "?", 1, true) and "&" or "?") .. "v=${crypto.randomBytes(4).toString("hex")}." .. id .. "." .. i`
      : "",
    '  return wrk.format("GET", p)',
    "end",
    "function response(status, headers, body)",
    '  local x = headers["X-Cache"] or headers["x-cache"] or ""',
    '  if string.sub(x, 1, 3) == "HIT" then hits = hits + 1',
    '  elseif string.sub(x, 1, 4) == "MISS" then misses = misses + 1',
    "  else other = other + 1 end",
    "end",
    "function done(summary, latency, requests)",
    "  local h, m, o = 0, 0, 0",
    "  for _, t in ipairs(threads) do",
    '    h = h + t:get("hits"); m = m + t:get("misses"); o = o + t:get("other")',
    "  end",
    '  io.write(string.format("X-Cache: %d %d %d\\n", h, m, o))',
    "end",
  ];
  fs.writeFileSync(script, `${lua.filter(Boolean).join("\n")}\n`);
  const child = spawn(
    "wrk",
    ["-t2", `-c${connections}`, `-d${seconds}s`, "--timeout", `${timeout}s`, "--latency", "-s", script, base],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  fs.rmSync(script, { force: true });
  if (code !== 0) throw new Error(`wrk exited with code ${code}: ${out}`);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const [hits, misses, other] = (/X-Cache: (\d+) (\d+) (\d+)/.exec(out) ?? [0, 0, 0, 0]).slice(1).map(Number);
  const counted = hits + misses + other;
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    p50: wrkMs(/\n\s+50%\s+(\S+)/.exec(out)?.[1]),
    p99: wrkMs(/\n\s+99%\s+(\S+)/.exec(out)?.[1]),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    cacheHitShare: hits + misses ? hits / counted : null,
  };
}

/** Round-robin over case variants of a word ("pine", "Pine", "pIne" …) plus a counter. */
export function variants(build) {
  let n = 0;
  return () => build(n++);
}

export function caseVariant(word, n) {
  let out = "";
  let bit = 0;
  for (const ch of word) {
    if (/[a-z]/i.test(ch)) {
      out += (n >> bit) & 1 ? ch.toUpperCase() : ch.toLowerCase();
      bit++;
    } else out += ch;
  }
  return out;
}

// ---------------------------------------------------------------- printing

/** Prints a titled table; rows are arrays of cells (numbers right-aligned). */
export function printTable(title, head, rows) {
  const cells = [head, ...rows].map((r) => r.map((c) => (c === undefined || c === null ? "–" : String(c))));
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0)));
  const line = (r) =>
    r
      .map((c, i) => {
        const numeric = i > 0 && /^[-+]?[\d.,]+( ?(%|ms|MB|KB|s|×|x))?( [✓✗])?$/.test(c);
        return numeric ? c.padStart(widths[i]) : c.padEnd(widths[i]);
      })
      .join("  ")
      .trimEnd();
  console.log(`\n== ${title}`);
  console.log(line(cells[0]));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of cells.slice(1)) console.log(line(r));
}

/**
 * A table with a column per engine: each row a label and how to show an engine's figures ("–"
 * when the engine did not run, "error" when it failed), then each failure's first line.
 */
export function printEngineTable(title, byEngine, engines, rows) {
  const cell = (engine, show) => {
    const r = byEngine[engine];
    if (!r) return "–";
    if (r.error) return "error";
    return show(r);
  };
  printTable(
    title,
    ["measure", ...engines],
    rows.map(([label, show]) => [label, ...engines.map((e) => cell(e, show))]),
  );
  for (const e of engines) if (byEngine[e]?.error) console.log(`  ${e}: ${byEngine[e].error.split("\n")[0]}`);
}

/** "412 ✓" style: a figure next to whether it meets its target (never asserted). */
export function mark(ok) {
  return ok === null || ok === undefined ? "" : ok ? "✓" : "✗";
}

export const fmt = {
  n: (v, digits = 0) => (v === null || v === undefined || Number.isNaN(v) ? "–" : Number(v).toFixed(digits)),
  kb: (bytes) => (bytes === null || bytes === undefined ? "–" : `${(bytes / 1024).toFixed(1)} KB`),
  mb: (v) => (v === null || v === undefined ? "–" : `${Number(v).toFixed(1)} MB`),
};

/** Fetches raw (still compressed) bytes of a page, plus its decoded length. */
export async function rawGet(url, headers = {}) {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

// ---------------------------------------------------------------- what to ask for

/**
 * A published product's slug and a search word matching at least three catalogue pages (ten
 * products a page) in the demo seed; read from the database once per engine.
 */
export async function discover(ctx) {
  // The demo seed is deterministic, so what one engine found holds for the other.
  ctx.discovered ??= discovered;
  if (ctx.discovered) return ctx.discovered;
  ctx.discovered = await withDatabase(ctx, async (query) => {
    const [product] = await query(
      "select slug from products where is_published and slug <> '' order by is_featured desc, created_at desc limit 1",
    );
    // Counted as the catalogue search matches: a substring of name, short description or description.
    const words = await query(
      `with w as (
         select distinct lower(regexp_split_to_table(name || ' ' || coalesce(short_description, '') || ' ' || coalesce(description, ''), '[^a-zA-Z0-9]+')) as word
         from products where is_published)
       select * from (select word, (select count(*)::int from products p where p.is_published and
         (p.name || ' ' || coalesce(p.short_description, '') || ' ' || coalesce(p.description, '')) ilike '%' || word || '%') as n
       from w where length(word) >= 2 and word !~ '^[0-9]' and word <> all($1)) c
       order by n >= 21 desc, abs(n - 30), word limit 1`,
      [STOP_WORDS],
    );
    const categories = await query(
      "select name from categories where type = 'products' and is_active order by name",
    );
    return {
      slug: product?.slug ?? null,
      searchWord: words[0]?.word ?? "timber",
      searchMatches: words[0]?.n ?? null,
      categories: categories.map((c) => c.name),
    };
  });
  discovered = ctx.discovered;
  return ctx.discovered;
}

let discovered;
const STOP_WORDS =
  "in,at,or,an,and,re,it,for,to,on,with,the,as,of,be,is,up,out,so,all,our,its,pre,that,with,from,this,your,will,have,into,each,than,they,what,when,more,them,over,also,only,where,which,their,there,before,after,under,most,make,keep,just,been,were,does,every,without".split(
    ",",
  );

// ---------------------------------------------------------------- a large catalogue

// What builders type into the catalogue's search: one word each, from the names below.
export const SEARCH_WORDS = [
  "pine",
  "cedar",
  "steel",
  "screw",
  "bracket",
  "flashing",
  "decking",
  "primer",
  "batten",
  "hinge",
  "copper",
  "sealant",
];

// The words bench products are named from ("Premium Radiata Pine Framing 90x45"); names repeat
// in a large catalogue, slugs do not (each ends in the product's number).
export const ADJECTIVES = [
  "Premium",
  "Heavy Duty",
  "Treated",
  "Galvanised",
  "Stainless",
  "Kiln Dried",
  "Exterior",
  "Interior",
  "Structural",
  "Lightweight",
  "Fire Rated",
  "Acoustic",
  "Coastal",
  "Marine Grade",
  "Pre-primed",
];
export const MATERIALS = [
  "Radiata Pine",
  "Macrocarpa",
  "Cedar",
  "Steel",
  "Zincalume",
  "Aluminium",
  "Fibre Cement",
  "Polyester",
  "Glasswool",
  "Acrylic",
  "Brass",
  "Copper",
  "Plywood",
  "Plasterboard",
  "Concrete",
];
export const NOUNS = [
  "Framing",
  "Decking Board",
  "Weatherboard",
  "Roofing Sheet",
  "Flashing",
  "Screw",
  "Nail",
  "Bolt",
  "Bracket",
  "Hinge",
  "Insulation Batt",
  "Paint",
  "Primer",
  "Sealant",
  "Drill Bit",
  "Saw Blade",
  "Fence Paling",
  "Post",
  "Joist Hanger",
  "Batten",
];
export const SIZE_WORDS = [
  "90x45",
  "140x45",
  "2.4m",
  "3.6m",
  "4.8m",
  "10g x 65mm",
  "M12",
  "1L",
  "4L",
  "10L",
  "R2.6",
  "600mm",
  "1200mm",
  "25 pack",
  "100 pack",
];

const sqlArray = (words) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]`;

/** SQL adding published products numbered from..to (slugs explicit unless BENCH_SLUGS=trigger). */
function insertSql(from, to) {
  const slug = process.env.BENCH_SLUGS === "trigger" ? "''" : "slugify(w.name) || '-b' || g";
  return `
    with c as (select array_agg(id order by name) as a from categories where type = 'products' and is_active),
         b as (select array_agg(id order by name) as a from brands where is_active),
         i as (select array_agg(distinct image_url) as a from products where image_url is not null),
         v as (select ${sqlArray(ADJECTIVES)} as adj, ${sqlArray(MATERIALS)} as mat, ${sqlArray(NOUNS)} as noun, ${sqlArray(SIZE_WORDS)} as size)
    insert into products (name, slug, description, short_description, price, discount_percentage, category_id,
      brand_id, image_url, stock_quantity, stock_status, is_featured, is_published, created_at, updated_at)
    select w.name, ${slug},
      'A ' || lower(w.adj) || ' ' || lower(w.noun) || ' in ' || lower(w.mat) || ', ' || w.size || ', suited to '
        || (array['residential','commercial','renovation','farm','coastal'])[1 + g % 5]
        || ' builds. Stocked at our Auckland yard and delivered to site across the region; ask the trade desk for bulk quantities and lead times.',
      w.adj || ' ' || lower(w.noun) || ', ' || w.size,
      5 + (g % 500), case when g % 5 = 0 then g % 40 else 0 end,
      c.a[1 + g % array_length(c.a, 1)], b.a[1 + (g / 3) % array_length(b.a, 1)],
      i.a[1 + g % greatest(array_length(i.a, 1), 1)],
      g % 200, (array['In Stock','In Stock','Low Stock','Out of Stock'])[1 + g % 4], false, true,
      now() - make_interval(mins => g), now()
    from generate_series(${from}, ${to}) g, c, b, i, v,
      lateral (select v.adj[1 + g % 15] as adj, v.mat[1 + (g / 15) % 15] as mat, v.noun[1 + (g * 7 / 225) % 20] as noun,
        v.size[1 + (g * 11) % 15] as size,
        v.adj[1 + g % 15] || ' ' || v.mat[1 + (g / 15) % 15] || ' ' || v.noun[1 + (g * 7 / 225) % 20] || ' ' || v.size[1 + (g * 11) % 15] as name) w`;
}

/**
 * Tops the catalogue up to `size` published products by one bulk insert (generate_series over the
 * words above, spread over the seeded categories, brands and images, one minute apart in
 * created_at), then vacuums and analyses products. `query` is withDatabase's. Returns
 * { inserted, insertSeconds }; nothing is inserted when the catalogue is already that large.
 */
export async function topUpProducts(query, size) {
  const [{ n: before, maxg }] = await query(
    "select count(*) filter (where is_published)::int as n, count(*)::int as maxg from products",
  );
  const t = performance.now();
  if (size > before) await query(insertSql(maxg + 1, maxg + (size - before)));
  const insertSeconds = (performance.now() - t) / 1000;
  // What PostgreSQL's autovacuum does within a minute of a bulk load, and the server's daily
  // housekeeping does on PGlite: statistics, and the visibility map that index-only scans need.
  await query("vacuum analyze products");
  return { inserted: Math.max(0, size - before), insertSeconds };
}

/** The bench admin's session cookie, from the sign-in form posted as a browser posts it. */
export async function signIn(base) {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "sign-in",
      email: "bench-admin@example.com",
      password: "bench-admin-password",
    }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.includes("session_token"))
    .join("; ");
  if (!cookie) throw new Error(`Signing in as the bench admin failed: HTTP ${response.status}`);
  return cookie;
}

// ---------------------------------------------------------------- uploads and mixed load

/** A PDF of `bytes` bytes that passes a check of its magic bytes (padding inside the file). */
export function pdfOfSize(bytes) {
  const head = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n", "latin1");
  const tail = Buffer.from("\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");
  const body = Buffer.alloc(Math.max(0, bytes - head.length - tail.length), 0x20);
  return Buffer.concat([head, body, tail]);
}

/** A real PNG (sharp encodes it, so a server that decodes or re-encodes uploads accepts it). */
export async function smallPng(size = 64) {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width: size, height: size, channels: 3, background: "#b45309" } })
    .png()
    .toBuffer();
}

/**
 * A multipart/form-data body as a browser sends it: text fields, then at most one file.
 * Returns { body, contentType }.
 */
export function multipartBody(fields, file) {
  const boundary = `----TradeCounterBench${crypto.randomBytes(12).toString("hex")}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * autocannon with a request made afresh for each send and a timeline of what came back, for
 * loads whose mix or faults change over time. `next(context)` returns { method, path, headers,
 * body, label } (context is this request's own object); `onResponse(status, body, context)` sees
 * its answer. Returns { stop(), finished }, where finished resolves to the totals, every response
 * as { end (ms since epoch), ms, status, label } and every error or timeout as { at, message }.
 */
export function startTimedLoad({ base, connections, seconds, timeout = 10, next, onResponse }) {
  const responses = [];
  const errors = [];
  const url = new URL(base);
  // autocannon calls onResponse and then emits "response" for the same answer, in one go.
  let answered;
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout,
    requests: [
      {
        setupRequest: (req, context) => {
          const made = next(context);
          context.label = made.label ?? made.path;
          return {
            ...req,
            method: made.method ?? "GET",
            path: made.path,
            headers: { host: url.host, "accept-encoding": "gzip", ...made.headers },
            body: made.body ?? Buffer.alloc(0),
          };
        },
        onResponse: (status, body, context) => {
          answered = context.label;
          onResponse?.(status, body, context);
        },
      },
    ],
  });
  instance.on("response", (_client, status, _bytes, ms) => {
    responses.push({ end: Date.now(), ms, status, label: answered });
    answered = undefined;
  });
  instance.on("reqError", (error) =>
    errors.push({ at: Date.now(), message: String(error?.message ?? error) }),
  );
  const finished = instance.then((result) => ({
    requests: responses.length,
    errors: result.errors,
    timeouts: result.timeouts,
    responses,
    errorList: errors,
  }));
  return { stop: () => instance.stop(), finished };
}
