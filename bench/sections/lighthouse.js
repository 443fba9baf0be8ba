// Lighthouse (mobile preset: the default config, simulated slow 4G and a 4× slower CPU) in
// Debian's Chromium (CHROME_PATH, else /usr/bin/chromium) on every public page type, on the
// PostgreSQL server only. Each page is loaded once first so the page cache is warm, as a visitor
// after the first would find it, then measured BENCH_LIGHTHOUSE_RUNS times (default 3); the table
// shows each figure's median over the runs. Targets: Performance ≥ 98, Accessibility, Best
// Practices and SEO 100, CLS 0, TBT ≤ 50 ms. The JSON keeps every run, the failed audits with
// what they found, and, for a page under its Performance target, what the median run says costs
// the points (the metrics' own scores, the LCP element and its phases, render-blocking requests,
// unused JavaScript, the opportunities with their estimated savings), printed below the table.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicPages } from "../public-pages.js";
import { fmt, mark, postgresBaseUrl, printTable } from "../support.js";

export const engines = [postgresBaseUrl ? "postgres" : "pglite"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
export const TARGETS = {
  performance: 98,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  tbtMs: 50,
  cls: 0,
};
const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  siMs: "speed-index",
  ttiMs: "interactive",
};

function median(values) {
  const sorted = values.filter((v) => typeof v === "number").sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const short = (text, n = 160) => {
  const s = String(text ?? "").replace(/\s+/g, " ");
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
};
const pathOf = (url) => {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return String(url);
  }
};

/** What an audit's table found, first few rows, each cut to what names the culprit. */
function itemsOf(audit, limit = 5) {
  const details = audit.details ?? {};
  // A checklist (LCP discovery, document latency): the checks that failed.
  if (details.type === "checklist") {
    return Object.values(details.items ?? {})
      .filter((check) => !check.value)
      .map((check) => ({ label: check.label }));
  }
  // The network dependency tree: its longest chain of requests.
  if (audit.id === "network-dependency-tree-insight") return [{ label: longestChain(details) }];
  const items = Array.isArray(details.items) ? details.items : [];
  return items
    .filter((item) => item.type !== "list-section" && item.type !== "checklist")
    .slice(0, limit)
    .map((item) => {
      const row = {};
      for (const key of [
        "url",
        "source",
        "label",
        "groupLabel",
        "duration",
        "wastedBytes",
        "totalBytes",
        "wastedMs",
      ]) {
        if (item[key] === undefined || item[key] === null) continue;
        row[key] = typeof item[key] === "object" ? short(JSON.stringify(item[key]), 200) : item[key];
      }
      const node = item.node ?? (item.type === "node" ? item : undefined);
      if (node) {
        row.selector = node.selector;
        row.snippet = short(node.snippet, 200);
        if (node.explanation) row.explanation = short(node.explanation, 300);
      }
      if (!Object.keys(row).length) row.item = short(JSON.stringify(item), 300);
      return row;
    });
}

/** "/ (93 ms) → /assets/app.css (179 ms)": the longest chain of the network dependency tree. */
function longestChain(details) {
  const section = details.items?.find((i) => i.value?.type === "network-tree")?.value;
  let level = section?.chains;
  const steps = [];
  while (level && Object.keys(level).length) {
    const next = Object.values(level).find((n) => n.isLongest) ?? Object.values(level)[0];
    steps.push(`${pathOf(next.url)} (${Math.round(next.navStartToEndTime)} ms)`);
    level = next.children;
  }
  return steps.join(" → ");
}

/** Audits of the four categories that scored below 1 (informative and not-applicable ones aside). */
function failedAudits(lhr) {
  const failed = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (["informative", "notApplicable", "manual"].includes(audit.scoreDisplayMode)) continue;
      // Performance's metrics and opportunities are in the findings below.
      if (category === "performance") continue;
      failed.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue ?? null,
        items: itemsOf(audit),
      });
    }
  }
  return failed;
}

/** Where a run's Performance points go, and the causes Lighthouse names. */
function performanceFindings(lhr) {
  const perf = lhr.categories.performance;
  const metrics = (perf?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      return {
        id: ref.id,
        weight: ref.weight,
        score: audit?.score ?? null,
        value: audit?.displayValue ?? null,
      };
    });
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const lcp = lhr.audits["lcp-breakdown-insight"];
  const lcpNode = lcp?.details?.items?.find((i) => i.type === "node");
  const phases = lcp?.details?.items
    ?.find((i) => i.type === "table")
    ?.items?.map((p) => `${p.label} ${Math.round(p.duration)} ms`);
  const discovery = lhr.audits["lcp-discovery-insight"]?.details?.items?.find((i) => i.type === "checklist");
  const opportunities = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        a.metricSavings &&
        !Object.values(METRICS).includes(a.id) &&
        a.scoreDisplayMode !== "informative",
    )
    .map((a) => ({
      id: a.id,
      title: a.title,
      displayValue: a.displayValue ?? null,
      savings: a.metricSavings,
      items: itemsOf(a, 4),
    }))
    .sort((a, b) => maxSaving(b.savings) - maxSaving(a.savings));
  return {
    metrics,
    // Unthrottled, as observed on this machine; the scores use the simulated figures.
    observed: {
      fcpMs: observed.observedFirstContentfulPaint ?? null,
      lcpMs: observed.observedLargestContentfulPaint ?? null,
      loadMs: observed.observedLoad ?? null,
    },
    lcpElement: lcpNode ? { selector: lcpNode.selector, snippet: short(lcpNode.snippet, 240) } : null,
    lcpPhases: phases ?? null,
    lcpDiscovery: discovery
      ? Object.values(discovery.items)
          .filter((c) => !c.value)
          .map((c) => c.label)
      : null,
    // Requests Lantern counts before first paint: the simulated FCP waits for every one of them.
    beforeFirstPaint: requestsBeforePaint(lhr, observed.observedFirstContentfulPaint),
    opportunities,
  };
}

function maxSaving(savings) {
  return Math.max(0, ...Object.values(savings ?? {}).filter((v) => typeof v === "number"));
}

/**
 * Requests that ended before the observed first paint with a priority Lighthouse's simulation
 * treats as render-blocking (VeryHigh, or High for scripts): its FCP and LCP wait for all of them
 * on the simulated slow connection, whether or not the page needs them to paint.
 */
function requestsBeforePaint(lhr, fcp) {
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  if (typeof fcp !== "number") return null;
  const blocking = requests.filter(
    (r) =>
      r.networkEndTime <= fcp &&
      (r.priority === "VeryHigh" || (r.priority === "High" && r.resourceType === "Script")),
  );
  return {
    count: blocking.length,
    scripts: blocking.filter((r) => r.resourceType === "Script").length,
    transferBytes: blocking.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    requests: blocking.map(
      (r) => `${r.priority} ${r.resourceType} ${pathOf(r.url)} ${r.transferSize ?? 0} B`,
    ),
  };
}

function summarise(lhr) {
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [
        c,
        lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100),
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? null]),
    ),
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings ?? [],
    failed: failedAudits(lhr),
    findings: performanceFindings(lhr),
  };
}

export async function run(ctx) {
  const pages = await publicPages(ctx);
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"],
  });
  const results = [];
  try {
    for (const page of pages) {
      const url = ctx.server.base + page.path;
      const status = (await fetch(url)).status;
      const all = [];
      const errors = [];
      // A run whose trace broke (NO_NAVSTART and the like, on a busy machine) has no scores: it
      // is tried again, up to as many times again as runs were asked for.
      for (let tries = 0; all.length < runs && tries < runs * 2; tries++) {
        const runner = await lighthouse(url, { port: chrome.port, logLevel: "error", output: "json" });
        const lhr = runner?.lhr;
        if (lhr && !lhr.runtimeError && lhr.categories.performance?.score != null) all.push(summarise(lhr));
        else errors.push(lhr?.runtimeError?.message ?? "no report");
      }
      if (!all.length) {
        results.push({ ...page, status, error: errors[0] ?? "no report" });
        continue;
      }
      const med = (pick) => median(all.map(pick));
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, med((r) => r.scores[c])]));
      // The run whose Performance is the median's stands for the page in the findings.
      const byPerf = [...all].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const representative = byPerf[Math.floor((byPerf.length - 1) / 2)];
      // Failed audits over all runs, with how many runs failed each.
      const failed = new Map();
      for (const r of all) {
        for (const f of r.failed) {
          const seen = failed.get(f.id);
          if (seen) seen.runs++;
          else failed.set(f.id, { ...f, runs: 1 });
        }
      }
      results.push({
        ...page,
        status,
        runs: all.length,
        scores,
        performanceRange: [byPerf[0].scores.performance, byPerf.at(-1).scores.performance],
        ...Object.fromEntries(Object.keys(METRICS).map((key) => [key, med((r) => r[key])])),
        failedAudits: [...failed.values()],
        findings: representative.findings,
        runtimeErrors: [...new Set(errors)],
        allRuns: all.map(({ findings: _findings, failed: runFailed, ...rest }) => ({
          ...rest,
          failed: runFailed.map((f) => f.id),
        })),
      });
    }
  } finally {
    await chrome.kill();
  }
  return { runs, pages: results };
}

export function print(byEngine) {
  const [engine, r] = Object.entries(byEngine)[0] ?? [];
  if (!r) return;
  if (r.error) {
    console.log(`\n== Lighthouse: failed — ${r.error.split("\n")[0]}`);
    return;
  }
  const score = (v, target) =>
    v === null || v === undefined ? "–" : `${Math.round(v)} ${mark(v >= target)}`;
  printTable(
    `Lighthouse mobile, median of ${r.runs} run${r.runs === 1 ? "" : "s"} (${engine}; targets: Performance ≥ 98, the others 100, TBT ≤ 50 ms, CLS 0; timings depend on how busy the machine is)`,
    ["page", "status", "Perf.", "range", "A11y", "Best pr.", "SEO", "FCP", "LCP", "TBT", "CLS"],
    r.pages.map((p) => [
      p.path.length > 40 ? `${p.path.slice(0, 39)}…` : p.path,
      p.status,
      score(p.scores?.performance, TARGETS.performance),
      p.performanceRange ? `${p.performanceRange[0]}–${p.performanceRange[1]}` : "–",
      score(p.scores?.accessibility, TARGETS.accessibility),
      score(p.scores?.["best-practices"], TARGETS["best-practices"]),
      score(p.scores?.seo, TARGETS.seo),
      p.fcpMs == null ? "–" : `${fmt.n(p.fcpMs)} ms`,
      p.lcpMs == null ? "–" : `${fmt.n(p.lcpMs)} ms`,
      p.tbtMs == null ? "–" : `${fmt.n(p.tbtMs)} ms ${mark(p.tbtMs <= TARGETS.tbtMs)}`,
      p.cls == null ? "–" : `${fmt.n(p.cls, 2)} ${mark(Number(p.cls.toFixed(2)) === TARGETS.cls)}`,
    ]),
  );
  for (const p of r.pages) {
    if (p.error) console.log(`  ${p.path}: ${p.error}`);
    for (const e of p.runtimeErrors ?? []) console.log(`  ${p.path}: a run was repeated after: ${e}`);
    for (const f of p.failedAudits ?? []) {
      console.log(`  ${p.path} failed ${f.category}/${f.id} (${f.runs} of ${p.runs} runs): ${f.title}`);
      for (const item of f.items.slice(0, 3)) console.log(`      ${short(JSON.stringify(item), 220)}`);
    }
  }
  for (const p of r.pages) {
    if (!p.findings || (p.scores?.performance ?? 0) >= TARGETS.performance) continue;
    const f = p.findings;
    console.log(`\n  ${p.path}: Performance ${p.scores.performance} — why, from the median run:`);
    console.log(
      `    metric scores (weight): ${f.metrics.map((m) => `${m.id.replace(/-/g, " ")} ${m.value ?? "–"} = ${m.score ?? "–"} (${m.weight})`).join("; ")}`,
    );
    console.log(
      `    observed unthrottled: FCP ${fmt.n(f.observed.fcpMs)} ms, LCP ${fmt.n(f.observed.lcpMs)} ms, load ${fmt.n(f.observed.loadMs)} ms`,
    );
    if (f.beforeFirstPaint)
      console.log(
        `    counted before first paint by the simulation: ${f.beforeFirstPaint.count} requests (${f.beforeFirstPaint.scripts} scripts), ${fmt.kb(f.beforeFirstPaint.transferBytes)} transferred`,
      );
    if (f.lcpElement) console.log(`    LCP element: ${f.lcpElement.snippet}`);
    if (f.lcpPhases) console.log(`    LCP phases (observed): ${f.lcpPhases.join(", ")}`);
    if (f.lcpDiscovery?.length) console.log(`    LCP discovery fails: ${f.lcpDiscovery.join("; ")}`);
    for (const o of f.opportunities.slice(0, 5)) {
      const savings = Object.entries(o.savings ?? {})
        .filter(([, v]) => v)
        .map(([k, v]) => `${k} ${typeof v === "number" ? v.toFixed(k === "CLS" ? 2 : 0) : v}`)
        .join(", ");
      console.log(
        `    ${o.id}${o.displayValue ? ` (${o.displayValue})` : ""}${savings ? ` — saves ${savings}` : ""}`,
      );
      for (const item of o.items.slice(0, 3)) {
        const what = item.url
          ? pathOf(item.url)
          : item.groupLabel
            ? `${item.groupLabel} ${fmt.n(item.duration)} ms`
            : (item.snippet ?? item.label ?? item.item ?? "");
        const size = item.wastedBytes
          ? ` ${fmt.kb(item.wastedBytes)} unused of ${fmt.kb(item.totalBytes)}`
          : "";
        const ms = item.wastedMs ? ` ${fmt.n(item.wastedMs)} ms` : "";
        console.log(`      ${short(what, 120)}${size}${ms}`);
      }
    }
  }
}
