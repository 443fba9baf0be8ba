// Lighthouse (mobile preset: the default config) in Debian's Chromium (CHROME_PATH, else
// /usr/bin/chromium) for the public pages and a product page, on the PostgreSQL server only:
// the four category scores, LCP, TBT and CLS. Each page is loaded once first so a page cache
// is warm, as a visitor after the first would find it.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { discover, fmt, mark, postgresBaseUrl, printTable } from "../support.js";

export const engines = [postgresBaseUrl ? "postgres" : "pglite"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

export async function run(ctx) {
  const { slug } = await discover(ctx);
  const pages = [
    "/",
    "/catalog",
    "/contact",
    "/case-study",
    "/certifications",
    slug ? `/catalog/${slug}` : null,
  ].filter(Boolean);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"],
  });
  const results = [];
  try {
    for (const page of pages) {
      const url = ctx.server.base + page;
      const status = (await fetch(url)).status;
      const runner = await lighthouse(url, { port: chrome.port, logLevel: "error", output: "json" });
      const lhr = runner?.lhr;
      if (!lhr) {
        results.push({ page, status, error: "no report" });
        continue;
      }
      results.push({
        page,
        status,
        scores: Object.fromEntries(
          CATEGORIES.map((c) => [
            c,
            lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100),
          ]),
        ),
        lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? null,
        tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? null,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? null,
        runtimeError: lhr.runtimeError?.message ?? null,
        failedAudits: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
          .map((a) => a.id),
        // What each failed audit found (its first items), to act on without rerunning.
        failedDetails: Object.fromEntries(
          Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
            .map((a) => [a.id, JSON.stringify(a.details?.items?.slice(0, 3) ?? null).slice(0, 600)]),
        ),
      });
    }
  } finally {
    await chrome.kill();
  }
  return { pages: results };
}

export function print(byEngine) {
  const [engine, r] = Object.entries(byEngine)[0] ?? [];
  if (!r) return;
  if (r.error) {
    console.log(`\n== Lighthouse: failed — ${r.error.split("\n")[0]}`);
    return;
  }
  const score = (v, target) => (v === null || v === undefined ? "–" : `${v} ${mark(v >= target)}`);
  printTable(
    `Lighthouse mobile (${engine}; targets: Performance ≥ 98, the others 100, CLS 0.00)`,
    ["page", "status", "Perf.", "A11y", "Best pr.", "SEO", "LCP", "TBT", "CLS"],
    r.pages.map((p) => [
      p.page,
      p.status,
      score(p.scores?.performance, 98),
      score(p.scores?.accessibility, 100),
      score(p.scores?.["best-practices"], 100),
      score(p.scores?.seo, 100),
      p.lcpMs == null ? "–" : `${fmt.n(p.lcpMs)} ms`,
      p.tbtMs == null ? "–" : `${fmt.n(p.tbtMs)} ms`,
      p.cls == null ? "–" : `${fmt.n(p.cls, 2)} ${mark(Number(p.cls.toFixed(2)) === 0)}`,
    ]),
  );
  for (const p of r.pages) {
    if (p.failedAudits?.length) console.log(`  ${p.page} failed audits: ${p.failedAudits.join(", ")}`);
    for (const [id, detail] of Object.entries(p.failedDetails ?? {})) console.log(`    ${id}: ${detail}`);
    if (p.runtimeError) console.log(`  ${p.page}: ${p.runtimeError}`);
  }
}
