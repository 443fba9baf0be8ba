// Memory: the server's RSS idle (after start and a warm-up of every public page) and its peak
// under load (50 connections over a mix of pages, uncached searches included).
import { benchSeconds, caseVariant, fmt, load, printTable, sampleRss, sleep, variants } from "../support.js";

const WARM_UP = [
  "/",
  "/catalog",
  "/catalog?q=timber",
  "/case-study",
  "/certifications",
  "/contact",
  "/healthz",
];

export async function run(ctx) {
  const { base, pid } = ctx.server;
  for (let i = 0; i < 5; i++) for (const p of WARM_UP) await (await fetch(base + p)).arrayBuffer();
  await sleep(2000);
  const idle = ctx.server.rssMb();
  const sampler = sampleRss(pid);
  const mix = ["/", "/catalog", "/case-study", "/contact"];
  const next = variants((n) => (n % 5 === 4 ? `/catalog?q=${caseVariant("timber", n)}&v=${n}` : mix[n % 5]));
  const loaded = await load({ base, paths: next, seconds: Math.min(benchSeconds, 5) });
  const rss = sampler.stop();
  return {
    idleMb: idle,
    peakUnderLoadMb: rss.peak,
    afterLoadMb: rss.end,
    loadRps: loaded.rps,
    samples: rss.samples,
  };
}

export function print(byEngine, engines) {
  const row = (label, key, f = fmt.mb) => [
    label,
    ...engines.map((e) => (byEngine[e]?.error ? "error" : f(byEngine[e]?.[key]))),
  ];
  printTable(
    "Memory: server RSS (one Node process)",
    ["", ...engines],
    [
      row("idle after warm-up", "idleMb"),
      row("peak under load (50 conn.)", "peakUnderLoadMb"),
      row("after load", "afterLoadMb"),
      row("req/s of the mixed load", "loadRps", (v) => fmt.n(v)),
    ],
  );
}
