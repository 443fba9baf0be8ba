// Scale-out behind a real load balancer: deploy/nginx/tradecounter.conf (TLS, keepalive, passive
// health, proxy_next_upstream) in front of one, then two app instances, each its own process on
// the same fresh PostgreSQL database and the same DATA_DIR.
//   throughput  50 connections on home, catalogue, a catalogue page and a product page, with the
//               page cache off (PAGE_CACHE=false: every request rendered) and on; req/s through
//               nginx for 1 and 2 instances and the ratio 2 ÷ 1; and the ceiling of the load
//               generator with nginx (a hashed asset nginx serves from disk, no app involved).
//   kill        200 connections of mixed public traffic with one request in five an enquiry
//               carrying a 100 KB PDF (multipart, as the contact form posts it); halfway, one
//               instance is killed with SIGKILL. Counted: what the clients saw go wrong during the
//               switch, and afterwards whether every acknowledged enquiry is in the database and
//               every file of a stored enquiry is in storage.
// The load comes from wrk when installed (apt-get install wrk), else autocannon; the kill
// scenario always uses autocannon, which pairs each enquiry with its answer. PostgreSQL only
// (two processes cannot share an embedded database); needs nginx (apt-get install nginx-light).
//   BENCH_SCALE_KILL_SECONDS (default 2 × BENCH_SECONDS, at least 10)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findNginx, freePort, startNginx } from "../nginx.js";
import {
  benchSeconds,
  buildDir,
  createDatabase,
  fmt,
  hasWrk,
  load,
  pdfOfSize,
  postgresBaseUrl,
  printTable,
  sleep,
  startServer,
  startTimedLoad,
  wrkLoad,
} from "../support.js";
import { formTokenOf, inspect, makeMix, readTargets } from "./faults.js";

export const engines = ["postgres"];

const CONNECTIONS = 50;
const KILL_CONNECTIONS = 200;
const KILL_SECONDS = Number(process.env.BENCH_SCALE_KILL_SECONDS ?? Math.max(10, 2 * benchSeconds));
/** After the measured seconds, the home page only, so enquiries on their way get their answer. */
const DRAIN_SECONDS = 5;
/** Errors within this long after the kill count as the switch's. */
const SWITCH_SECONDS = 5;

/** One measurement through a fresh nginx in front of `upstreams`, after a short warm-up. */
async function measure({ upstreams, paths, tool, httpsPort }) {
  const proxy = await startNginx({ upstreams, httpsPort });
  try {
    if (tool === "wrk") {
      await wrkLoad({ base: proxy.base, paths, connections: CONNECTIONS, seconds: 2 });
      return await wrkLoad({ base: proxy.base, paths, connections: CONNECTIONS, seconds: benchSeconds });
    }
    let n = 0;
    const next = () => paths[n++ % paths.length];
    await load({ base: proxy.base, paths: next, connections: CONNECTIONS, seconds: 2 });
    return await load({ base: proxy.base, paths: next, connections: CONNECTIONS, seconds: benchSeconds });
  } finally {
    await proxy.stop();
  }
}

async function startInstances({ ports, database, env }) {
  const servers = [];
  // One after the other: the first migrates (and seeds) the database.
  for (const port of ports) servers.push(await startServer({ port, database, env }));
  return servers;
}

/** Mixed traffic through nginx in front of both; one instance SIGKILLed halfway. */
async function killScenario({ servers, database, httpsPort }) {
  const proxy = await startNginx({ upstreams: servers.map((s) => Number(new URL(s.base).port)), httpsPort });
  try {
    const base = proxy.base;
    const targets = await readTargets(database.url);
    // Signed with the secret both share: a token from either instance is good at the other.
    const formToken = await formTokenOf(servers[1].base);
    const ledger = { sent: new Map(), acked: new Set() };
    let t0 = Number.POSITIVE_INFINITY;
    const next = makeMix({
      until: () => t0 + KILL_SECONDS * 1000,
      base,
      targets,
      formToken,
      files: [{ ext: "pdf", type: "application/pdf", bytes: pdfOfSize(100_000) }],
      enquiries: 4,
      tag: "s",
      ledger,
    });
    t0 = Date.now();
    const run = startTimedLoad({
      base,
      connections: KILL_CONNECTIONS,
      seconds: KILL_SECONDS + DRAIN_SECONDS,
      next,
      onResponse(status, body, context) {
        if (context.token && status >= 200 && status < 400 && body.includes('"success"'))
          ledger.acked.add(context.token);
      },
    });
    await sleep((KILL_SECONDS / 2) * 1000);
    const killedAt = Date.now();
    const victim = servers[0];
    victim.child.kill("SIGKILL");
    const result = await run.finished;
    await sleep(1000);
    const failed = (r) => r.status === undefined || r.status >= 500;
    const inSwitch = (at) => at >= killedAt && at < killedAt + SWITCH_SECONDS * 1000;
    const measured = result.responses.filter((r) => r.end - r.ms < t0 + KILL_SECONDS * 1000);
    const status = {};
    for (const r of measured) status[r.status] = (status[r.status] ?? 0) + 1;
    const enquiryFailures = result.responses.filter((r) => r.label === "enquiry" && failed(r));
    return {
      killedAfterSeconds: (killedAt - t0) / 1000,
      requests: measured.length,
      rps: measured.length / KILL_SECONDS,
      status,
      errorsInSwitch:
        result.responses.filter((r) => failed(r) && inSwitch(r.end)).length +
        result.errorList.filter((e) => inSwitch(e.at)).length,
      errorsOutsideSwitch:
        result.responses.filter((r) => failed(r) && !inSwitch(r.end)).length +
        result.errorList.filter((e) => !inSwitch(e.at)).length,
      enquiryFailures: enquiryFailures.length,
      timeouts: result.timeouts,
      errorMessages: Object.fromEntries(
        [...new Set(result.errorList.map((e) => e.message))].map((m) => [
          m,
          result.errorList.filter((e) => e.message === m).length,
        ]),
      ),
      upstreamRetries: (proxy.accessLog().match(/upstream=[^ ]+, /g) ?? []).length,
      kept: await inspect(database, ledger),
    };
  } finally {
    await proxy.stop();
  }
}

export async function run() {
  const wanted = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",").map((s) => s.trim());
  if (!postgresBaseUrl || !wanted.includes("postgres")) {
    console.log("  Scale: skipped: PostgreSQL only, and no PostgreSQL is configured for this run.");
    return { skipped: "no PostgreSQL" };
  }
  if (!findNginx()) {
    console.log("  Scale: skipped: nginx not installed (apt-get install nginx-light).");
    return { skipped: "nginx not installed" };
  }
  const tool = hasWrk() ? "wrk" : "autocannon";
  if (tool === "autocannon")
    console.log("  wrk is not installed (apt-get install wrk): measuring with autocannon instead.");
  const database = await createDatabase("postgres");
  const ports = [await freePort(), await freePort()];
  const httpsPort = await freePort();
  const baseEnv = {
    TRUST_PROXY: "true",
    PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
    IMAGE_BACKFILL: "false",
    BETTER_AUTH_SECRET: "scale-bench-secret-scale-bench-secret-0000",
  };
  const results = { tool, connections: CONNECTIONS, seconds: benchSeconds, cpus: os.cpus().length };
  let servers = [];
  try {
    servers = await startInstances({ ports, database, env: { ...baseEnv, PAGE_CACHE: "false" } });
    const targets = await readTargets(database.url);
    const paths = ["/", "/catalog", "/catalog?page=2", `/catalog/${targets.slugs[0] ?? ""}`];
    const asset = fs
      .readdirSync(path.join(buildDir, "client/assets"))
      .filter((name) => name.endsWith(".js"))
      .map((name) => ({ name, size: fs.statSync(path.join(buildDir, "client/assets", name)).size }))
      .sort((a, b) => a.size - b.size)[0];
    results.paths = paths;
    for (const cached of [false, true]) {
      const kind = cached ? "cached" : "uncached";
      if (cached) {
        await Promise.all(servers.map((s) => s.stop()));
        servers = await startInstances({ ports, database, env: { ...baseEnv, PAGE_CACHE: "true" } });
      }
      for (const count of [1, 2]) {
        console.log(`  ${kind}, ${count} instance${count > 1 ? "s" : ""}…`);
        results[`${kind}${count}`] = await measure({
          upstreams: ports.slice(0, count),
          paths,
          tool,
          httpsPort,
        });
      }
    }
    console.log("  the load generator's ceiling (nginx serving a hashed asset from disk)…");
    results.ceiling = await measure({
      upstreams: ports,
      paths: [`/assets/${asset.name}`],
      tool,
      httpsPort,
    });
    results.ceiling.bytes = asset.size;
    console.log(
      `  kill: ${KILL_CONNECTIONS} connections, ${KILL_SECONDS} s, one instance SIGKILLed halfway…`,
    );
    results.kill = await killScenario({ servers, database, httpsPort });
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
  print(results);
  return results;
}

function print(r) {
  const cell = (m) =>
    `${fmt.n(m.rps)} (${fmt.n(m.p50, 1)} / ${fmt.n(m.p99, 1)} ms)${m.non2xx || m.errors ? ` ${m.non2xx} non-2xx, ${m.errors} errors` : ""}`;
  const ratio = (one, two) => `${fmt.n(two.rps / one.rps, 2)}×`;
  printTable(
    `Scale through nginx (deploy/nginx/tradecounter.conf, TLS): ${r.connections} connections, ${r.seconds} s, ${r.tool}, ${r.cpus} cores for everything; target: the ratio printed`,
    ["pages", "1 instance req/s (p50 / p99)", "2 instances req/s (p50 / p99)", "2 ÷ 1"],
    [
      ["uncached (PAGE_CACHE=false)", cell(r.uncached1), cell(r.uncached2), ratio(r.uncached1, r.uncached2)],
      ["cached (page cache on)", cell(r.cached1), cell(r.cached2), ratio(r.cached1, r.cached2)],
      [`ceiling: ${r.tool} + nginx, a ${r.ceiling.bytes}-byte asset from disk`, "", cell(r.ceiling), ""],
    ],
  );
  console.log(`  pages, in turn: ${r.paths.join(", ")}`);
  const k = r.kill;
  const lost = k.kept.missing;
  const filesMissing = k.kept.filesMissing + k.kept.withoutFile;
  printTable(
    `One of two instances killed (SIGKILL) after ${fmt.n(k.killedAfterSeconds, 1)} s of ${KILL_CONNECTIONS} connections of mixed traffic with enquiries carrying a PDF; targets: no acknowledged enquiry lost, every file present`,
    [
      "requests",
      "req/s",
      `errors in the ${SWITCH_SECONDS} s after the kill`,
      "errors otherwise",
      "enquiries sent",
      "acknowledged",
      "stored",
      "acknowledged, not stored",
      "files missing",
    ],
    [
      [
        String(k.requests),
        fmt.n(k.rps),
        String(k.errorsInSwitch),
        String(k.errorsOutsideSwitch),
        String(k.kept.sent),
        String(k.kept.acknowledged),
        String(k.kept.stored),
        `${lost} ${lost === 0 ? "✓" : "✗"}`,
        `${filesMissing} ${filesMissing === 0 ? "✓" : "✗"}`,
      ],
    ],
  );
  console.log(
    `  statuses ${Object.entries(k.status)
      .map(([s, n]) => `${n}×${s}`)
      .join(
        " ",
      )}; enquiries answered 5xx or cut: ${k.enquiryFailures} (nginx does not resend a POST that reached the killed instance); ` +
      `${k.kept.storedNotAcknowledged} stored without an answer reaching the client; ` +
      `requests nginx passed on to the other instance: ${k.upstreamRetries}; socket errors/timeouts: ${JSON.stringify(k.errorMessages)}`,
  );
}
