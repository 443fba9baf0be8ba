// `npm run bench`: the benchmark suite. Runs the production build (built first when missing) on a
// fresh PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else DATABASE_URL) and
// on a fresh PGlite folder, section by section, prints a table per section with the issue's
// targets marked ✓/✗ (never asserted), and writes everything to bench/results/<timestamp>.json.
//   BENCH_ONLY=throughput,lighthouse   run only these sections
//   BENCH_ONLY=export                   the catalogue export of 100,000 products (CSV and XLSX)
//   BENCH_ONLY=import                   the catalogue import over HTTP: 10,000 and 100,000 rows, the
//                                       same file again, the public catalogue's p95 meanwhile
//                                       (BENCH_IMPORT_ROWS, BENCH_IMPORT_LARGE_ROWS)
//   BENCH_ONLY=search                   the catalogue search at 100,000 products: relevance, latency
//                                       one at a time, searches a second at 50 connections
//                                       (BENCH_SEARCH_PRODUCTS)
//   BENCH_ONLY=pack                     the consent pack over HTTP: 20 products with 15 certificates
//                                       of 1–3 MB (first, then served again), 200 products, four at once
//   BENCH_ONLY=scale                    nginx in front of 1 and 2 instances, one killed (PostgreSQL)
//   BENCH_ONLY=faults                   load and faults (stops PostgreSQL; only when named)
//   BENCH_ONLY=rolling                  the README's upgrade loop under traffic through nginx
//   BENCH_SECONDS=3                     shorter load per measurement (default 10)
//   BENCH_ENGINES=postgres              only one engine
import fs from "node:fs";
import path from "node:path";
import { benchEngines, createDatabase, ensureBuild, postgresBaseUrl, root, startServer } from "./support.js";

const SECTIONS = [
  "memory",
  "throughput",
  "uploads",
  "weight",
  "lighthouse",
  "scaling",
  "admin",
  "export",
  "import",
  "enquiries",
  "search",
  "pack",
  "scale",
  "rolling",
  "faults",
];
// Sections that run their own servers (the rest share one server per engine; a section may
// export `engines` to run on one engine only).
const STANDALONE = new Set(["enquiries", "search", "pack", "scale", "rolling", "faults"]);
// Sections run only when BENCH_ONLY names them: faults stops the machine's PostgreSQL.
const OPT_IN = new Set(["faults"]);

const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = only.filter((s) => !SECTIONS.includes(s));
if (unknown.length) {
  console.error(`Unknown section(s) in BENCH_ONLY: ${unknown.join(", ")}. Known: ${SECTIONS.join(", ")}`);
  process.exit(2);
}
const selected = SECTIONS.filter((s) => (only.length ? only.includes(s) : !OPT_IN.has(s)));
const engines = benchEngines();
if (!postgresBaseUrl)
  console.log("No BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL: PostgreSQL columns are skipped.");

const started = Date.now();
const basePort = Number(process.env.BENCH_PORT ?? 3900);
const results = {
  startedAt: new Date(started).toISOString(),
  machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  engines,
  sections: {},
};

ensureBuild();
const modules = {};
for (const name of selected) modules[name] = await import(`./sections/${name}.js`);

// Per-engine sections share one server (fresh database, demo seed) per engine; scaling, admin,
// export and import go last because they add products. Each section returns { [engine]: figures } and prints its own table.
const perEngine = selected.filter((s) => !STANDALONE.has(s));
const collected = Object.fromEntries(perEngine.map((s) => [s, {}]));
for (const [index, engine] of engines.entries()) {
  if (!perEngine.length) break;
  const database = await createDatabase(engine);
  const serverOptions = { port: basePort + index * 10, database };
  const ctx = { engine, database, serverOptions, server: null, basePort: basePort + index * 10 };
  try {
    console.log(`\n# ${engine}: starting the production server on a fresh database…`);
    ctx.server = await startServer(serverOptions);
    results.imageBackfillSeconds = { ...results.imageBackfillSeconds, [engine]: ctx.server.imagesSeconds };
    console.log(
      `  demo pictures' variants made in the background in ${ctx.server.imagesSeconds.toFixed(0)} s`,
    );
    for (const name of perEngine) {
      if (modules[name].engines && !modules[name].engines.includes(engine)) continue;
      const t = Date.now();
      console.log(`\n# ${engine}: ${name}…`);
      try {
        collected[name][engine] = await modules[name].run(ctx);
      } catch (error) {
        console.error(`Section ${name} failed on ${engine}:`, error);
        collected[name][engine] = { error: String(error?.stack ?? error) };
      }
      console.log(`  (${((Date.now() - t) / 1000).toFixed(0)} s)`);
    }
  } finally {
    await ctx.server?.stop();
    await database.drop();
  }
}

// Tables side by side, one column per engine.
for (const name of SECTIONS) {
  if (!selected.includes(name)) continue;
  if (STANDALONE.has(name)) {
    const t = Date.now();
    console.log(`\n# ${name}…`);
    try {
      results.sections[name] = await modules[name].run({ basePort: basePort + 50 });
    } catch (error) {
      console.error(`Section ${name} failed:`, error);
      results.sections[name] = { error: String(error?.stack ?? error) };
    }
    console.log(`  (${((Date.now() - t) / 1000).toFixed(0)} s)`);
  } else {
    modules[name].print?.(collected[name], engines);
    results.sections[name] = collected[name];
  }
}

results.durationSeconds = Math.round((Date.now() - started) / 1000);
const stamp = new Date(started).toISOString().replace(/[:.]/g, "-");
const file = path.join(root, "bench/results", `${stamp}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify(results, null, 2));
console.log(
  `\nDone in ${(results.durationSeconds / 60).toFixed(1)} min. Figures: ${path.relative(root, file)}`,
);
