// The catalogue export at scale: the catalogue topped up to 100,000 products by one bulk insert
// (topUpProducts), an admin signed in over HTTP as a browser does, then Catalog Management's
// "Export CSV" and "Export XLSX" downloaded whole, one after the other: the time to the last byte
// and how far the server process's RSS rose above where it stood before the download (sampled
// every 20 ms). The files are read back afterwards (not timed) to count their rows.
// Targets: each download ≤ 20 s, RSS growth ≤ 100 MB.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse";
import ExcelJS from "exceljs";
import { fmt, mark, printTable, sampleRss, signIn, topUpProducts, withDatabase } from "../support.js";

const SIZE = Number(process.env.BENCH_EXPORT_PRODUCTS ?? 100_000);
const TARGET_SECONDS = 20;
const TARGET_RSS_MB = 100;
const FORMATS = ["csv", "xlsx"];

async function countRows(file, format) {
  let rows = 0;
  if (format === "csv") {
    for await (const _ of fs.createReadStream(file).pipe(parse({ bom: true, relax_column_count: true })))
      rows++;
  } else {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: "cache", styles: "ignore" });
    for await (const sheet of reader) for await (const _ of sheet) rows++;
  }
  return rows - 1;
}

async function download(base, cookie, format, pid) {
  const file = path.join(os.tmpdir(), `tc-bench-export-${process.pid}.${format}`);
  const sampler = sampleRss(pid, 20);
  const started = performance.now();
  const response = await fetch(`${base}/admin/catalog/export?format=${format}`, { headers: { cookie } });
  if (!response.ok || !response.body)
    throw new Error(`The ${format} export answered HTTP ${response.status}`);
  await pipeline(Readable.fromWeb(response.body), fs.createWriteStream(file));
  const seconds = (performance.now() - started) / 1000;
  const rss = sampler.stop();
  const bytes = fs.statSync(file).size;
  const rows = await countRows(file, format);
  fs.rmSync(file, { force: true });
  return {
    seconds,
    bytes,
    rows,
    rssStartMb: rss.start,
    rssPeakMb: rss.peak,
    rssGrowthMb: rss.peak - rss.start,
  };
}

export async function run(ctx) {
  const seeded = await withDatabase(ctx, (query) => topUpProducts(query, SIZE));
  const base = ctx.server.base;
  const cookie = await signIn(base);
  const figures = {};
  for (const format of FORMATS) figures[format] = await download(base, cookie, format, ctx.server.pid);
  console.log(
    `  ${SIZE.toLocaleString("en-NZ")} products (inserted ${seeded.inserted} in ${seeded.insertSeconds.toFixed(1)} s)`,
  );
  return { size: SIZE, ...seeded, formats: figures };
}

export function print(byEngine, engines) {
  const ran = engines.filter((e) => byEngine[e]);
  if (!ran.length) return;
  const cell = (engine, format, what) => {
    const r = byEngine[engine];
    if (!r) return "–";
    if (r.error) return "error";
    const f = r.formats?.[format];
    if (!f) return "–";
    if (what === "time") return `${fmt.n(f.seconds, 1)} s ${mark(f.seconds <= TARGET_SECONDS)}`;
    if (what === "rss") return `${fmt.mb(f.rssGrowthMb)} ${mark(f.rssGrowthMb <= TARGET_RSS_MB)}`;
    return `${fmt.mb(f.bytes / 1024 / 1024)}, ${f.rows.toLocaleString("en-NZ")} rows`;
  };
  const first = byEngine[ran[0]];
  printTable(
    `Catalogue export of ${(first.size ?? SIZE).toLocaleString("en-NZ")} products, whole: time to the last byte (target ≤ ${TARGET_SECONDS} s) and the server's RSS growth over its level before the download (target ≤ ${TARGET_RSS_MB} MB)`,
    ["", ...ran],
    FORMATS.flatMap((format) => [
      [`${format.toUpperCase()} time`, ...ran.map((e) => cell(e, format, "time"))],
      [`${format.toUpperCase()} RSS growth`, ...ran.map((e) => cell(e, format, "rss"))],
      [`${format.toUpperCase()} file`, ...ran.map((e) => cell(e, format, "file"))],
    ]),
  );
  for (const e of ran) if (byEngine[e].error) console.log(`  ${e}: ${byEngine[e].error.split("\n")[0]}`);
}
