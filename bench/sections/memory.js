// Memory: the server's RSS idle and under load, per engine, against the targets (idle <= 250 MB
// on PostgreSQL, <= 450 MB on PGlite; the peak under load <= 1.5x idle).
//
// Idle is read once start-up has finished (migrations, the demo seed and the background making
// of the demo pictures' variants: startServer waits for /healthz to say so), after a warm-up of
// every public page type, and once the RSS has settled: V8's memory reducer hands back the heap
// a burst grew only after the process has been quiet for 8 s (gc-memory-reducer-start-delay-ms;
// measured: the drop comes 8 to 16 s after a warm-up), so the figure is read when the RSS has
// held within 1 MB for 5 s, no sooner than 25 s after the warm-up (at most 60 s; the series is
// kept in the results). global.gc is not used: the server runs without --expose-gc, as in
// production.
//
// What is measured: the process `node server.js` (the one that serves) and, when WEB_CONCURRENCY
// makes it a primary with workers, the sum over it and its children (each counts the Node
// binary's pages it has mapped; the table says how many processes were summed).
import fs from "node:fs";
import {
  benchSeconds,
  caseVariant,
  fmt,
  load,
  mark,
  printTable,
  rssMb,
  sleep,
  variants,
} from "../support.js";

const TARGET_IDLE_MB = { postgres: 250, pglite: 450 };
const TARGET_LOAD_RATIO = 1.5;

const WARM_UP = [
  "/",
  "/catalog",
  "/catalog?q=timber",
  "/case-study",
  "/certifications",
  "/contact",
  "/terms-conditions",
  "/privacy",
  "/healthz",
];
const SETTLE = { minMs: 25_000, steadyMs: 5_000, maxMs: 60_000, toleranceMb: 1 };

/** The pid and its descendants (node:cluster workers), from /proc. */
function processTree(pid) {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    try {
      for (const task of fs.readdirSync(`/proc/${found[i]}/task`)) {
        const children = fs.readFileSync(`/proc/${found[i]}/task/${task}/children`, "utf8");
        for (const child of children.split(" ").filter(Boolean)) found.push(Number(child));
      }
    } catch {}
  }
  return found;
}

function treeRssMb(pid) {
  return processTree(pid).reduce((sum, p) => sum + rssMb(p), 0);
}

/** RSS once it has held steady (see above); returns the figure, the wait and the series. */
async function settledRss(pid) {
  const started = Date.now();
  const series = [];
  let steadySince = Date.now();
  let last = treeRssMb(pid);
  while (Date.now() - started < SETTLE.maxMs) {
    await sleep(1000);
    const now = treeRssMb(pid);
    if (now === 0) throw new Error(`The server (pid ${pid}) is gone; RSS series so far: ${series.join(" ")}`);
    series.push(Math.round(now));
    if (Math.abs(now - last) > SETTLE.toleranceMb) steadySince = Date.now();
    last = now;
    if (Date.now() - started >= SETTLE.minMs && Date.now() - steadySince >= SETTLE.steadyMs) break;
  }
  return { mb: last, seconds: (Date.now() - started) / 1000, series };
}

export async function run(ctx) {
  const { base, pid } = ctx.server;
  for (let i = 0; i < 5; i++) for (const p of WARM_UP) await (await fetch(base + p)).arrayBuffer();
  const idle = await settledRss(pid);

  // 50 connections over a mix of pages, one in five an uncached search (a new query each time).
  let peak = treeRssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMb(pid));
  }, 20);
  const mix = ["/", "/catalog", "/case-study", "/contact"];
  const next = variants((n) => (n % 5 === 4 ? `/catalog?q=${caseVariant("timber", n)}&v=${n}` : mix[n % 5]));
  const loaded = await load({ base, paths: next, seconds: Math.min(benchSeconds, 10) });
  clearInterval(timer);
  const end = treeRssMb(pid);
  if (end === 0) throw new Error(`The server (pid ${pid}) is gone after the load`);
  peak = Math.max(peak, end);
  const after = await settledRss(pid);
  return {
    processes: processTree(pid).length,
    idleMb: idle.mb,
    idleSettleSeconds: idle.seconds,
    idleSeries: idle.series,
    peakUnderLoadMb: peak,
    endOfLoadMb: end,
    settledAfterLoadMb: after.mb,
    afterLoadSeries: after.series,
    loadRatio: idle.mb ? peak / idle.mb : null,
    loadSeconds: Math.min(benchSeconds, 10),
    loadRps: loaded.rps,
    loadErrors: loaded.errors + loaded.non2xx,
  };
}

export function print(byEngine, engines) {
  const cell = (engine, f) => {
    const r = byEngine[engine];
    if (!r) return "–";
    if (r.error) return "error";
    return f(r, engine);
  };
  const row = (label, f) => [label, ...engines.map((e) => cell(e, f))];
  printTable(
    "Memory: server RSS (idle: settled after start-up, seed, warm-up; load: 50 connections, mixed pages)",
    ["", ...engines],
    [
      row("processes measured", (r) => String(r.processes)),
      row("idle (target: PostgreSQL <= 250 MB, PGlite <= 450 MB)", (r, e) =>
        `${fmt.mb(r.idleMb)} ${mark(r.idleMb <= TARGET_IDLE_MB[e])}`.trim(),
      ),
      row("  idle read after (s)", (r) => fmt.n(r.idleSettleSeconds)),
      row("peak under load", (r) => fmt.mb(r.peakUnderLoadMb)),
      row(`peak under load / idle (target <= ${TARGET_LOAD_RATIO}x)`, (r) =>
        `${fmt.n(r.loadRatio, 2)}x ${mark(r.loadRatio === null ? null : r.loadRatio <= TARGET_LOAD_RATIO)}`.trim(),
      ),
      row("settled after the load", (r) => fmt.mb(r.settledAfterLoadMb)),
      row("req/s of the mixed load", (r) => fmt.n(r.loadRps)),
    ],
  );
}
