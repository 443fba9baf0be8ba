// The README's upgrade loop (Deploying, step 4), run as written under traffic: two instances on
// one fresh PostgreSQL database behind deploy/nginx/tradecounter.conf, mixed public traffic with
// one request in ten an enquiry carrying a PDF, and meanwhile the loop's own shell text, taken
// from README.md, with `systemctl` standing in for systemd (bench/systemctl-shim.js: restart =
// SIGTERM, wait for the exit, start again) and the instances' ports put for 3001 and 3002.
// Counted: what the visitors saw go wrong (5xx answers, cut connections, no answer within nginx's
// own 60 s) over the whole run; target 0. Then whether every acknowledged enquiry is stored. The
// traffic runs 10 s before the loop starts, so that nginx's connections are those of a site in
// use, not a cold start's. PostgreSQL only; needs nginx (apt-get install nginx-light) and curl.
//   BENCH_ROLLING_CONNECTIONS (default 8)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { findNginx, freePort, startNginx } from "../nginx.js";
import {
  createDatabase,
  pdfOfSize,
  percentile,
  postgresBaseUrl,
  printTable,
  root,
  sleep,
  startServer,
  startTimedLoad,
} from "../support.js";
import { startSystemctlShim } from "../systemctl-shim.js";
import { formTokenOf, inspect, makeMix, readTargets } from "./faults.js";

export const engines = ["postgres"];

const CONNECTIONS = Number(process.env.BENCH_ROLLING_CONNECTIONS ?? 8);
/** Traffic before the loop starts and after it ends, in seconds. */
const LEAD_SECONDS = 10;
/** A visitor's request that nginx would still answer is not an error: its proxy_read_timeout. */
const CLIENT_TIMEOUT_SECONDS = 60;
const TAIL_SECONDS = 3;

/**
 * The upgrade loop of README.md's Deploying section, from `for port in` to `done`, with the
 * given ports for 3001 and 3002. Fails when the README no longer has it (the bench would lie).
 */
export function readmeUpgradeLoop(ports) {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  const deploying = readme.slice(
    readme.indexOf("## Deploying"),
    readme.indexOf("\n## ", readme.indexOf("## Deploying") + 1),
  );
  const match = /^for port in 3001 3002; do\n[\s\S]*?^done$/m.exec(deploying);
  if (!match?.[0].includes("systemctl restart tradecounter@$port"))
    throw new Error("README.md's Deploying section no longer has the upgrade loop over 3001 and 3002");
  return match[0].replace("for port in 3001 3002;", `for port in ${ports.join(" ")};`);
}

function runShell(script, env) {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn("sh", ["-c", script], { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

export async function run() {
  const wanted = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",").map((s) => s.trim());
  if (!postgresBaseUrl || !wanted.includes("postgres")) {
    console.log("  Rolling upgrade: skipped: PostgreSQL only, and no PostgreSQL is configured for this run.");
    return { skipped: "no PostgreSQL" };
  }
  if (!findNginx()) {
    console.log("  Rolling upgrade: skipped: nginx is not installed (apt-get install nginx-light).");
    return { skipped: "nginx not installed" };
  }
  const database = await createDatabase("postgres");
  const ports = [await freePort(), await freePort()];
  const httpsPort = await freePort();
  const env = {
    TRUST_PROXY: "true",
    PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
    IMAGE_BACKFILL: "false",
    BETTER_AUTH_SECRET: "rolling-bench-secret-rolling-bench-secret-00",
  };
  const loop = readmeUpgradeLoop(ports);
  const servers = new Map();
  /** How long each SIGTERM took to end its instance, and the exit code (1: drain limit hit). */
  const stops = [];
  let proxy;
  let shim;
  try {
    // One after the other: the first migrates and seeds the database.
    for (const port of ports) servers.set(port, await startServer({ port, database, env }));
    proxy = await startNginx({ upstreams: ports, httpsPort });
    shim = await startSystemctlShim(async (verb, unit) => {
      const port = Number(/^tradecounter@(\d+)$/.exec(unit)?.[1]);
      if (verb !== "restart" || !servers.has(port)) throw new Error(`not handled: systemctl ${verb} ${unit}`);
      const old = servers.get(port);
      const t = Date.now();
      await old.stop();
      stops.push({ port, seconds: (Date.now() - t) / 1000, exitCode: old.child.exitCode });
      servers.set(port, await startServer({ port, database, env, ready: false }));
    });

    const targets = await readTargets(database.url);
    const formToken = await formTokenOf(servers.get(ports[1]).base);
    const ledger = { sent: new Map(), acked: new Set() };
    let loopEnded = Number.POSITIVE_INFINITY;
    const next = makeMix({
      until: () => loopEnded + TAIL_SECONDS * 1000,
      base: proxy.base,
      targets,
      formToken,
      files: [{ ext: "pdf", type: "application/pdf", bytes: pdfOfSize(100_000) }],
      enquiries: 2,
      tag: "r",
      ledger,
    });
    console.log(
      `  ${CONNECTIONS} connections through nginx; the README's loop:\n${loop.replace(/^/gm, "    ")}`,
    );
    const load = startTimedLoad({
      base: proxy.base,
      connections: CONNECTIONS,
      // Stopped once the loop has ended; this is only the ceiling.
      seconds: 900,
      timeout: CLIENT_TIMEOUT_SECONDS,
      next,
      onResponse(status, body, context) {
        if (context.token && status >= 200 && status < 400 && body.includes('"success"'))
          ledger.acked.add(context.token);
      },
    });
    await sleep(LEAD_SECONDS * 1000);
    const loopStarted = Date.now();
    const shell = await runShell(loop, { ...process.env, PATH: `${shim.dir}:${process.env.PATH}` });
    loopEnded = Date.now();
    await sleep((TAIL_SECONDS + 2) * 1000);
    load.stop();
    const result = await load.finished;
    await sleep(1000);

    const failed = (r) => r.status === undefined || r.status >= 500;
    const status = {};
    for (const r of result.responses) status[r.status] = (status[r.status] ?? 0) + 1;
    const inLoop = (at) => at >= loopStarted && at <= loopEnded + TAIL_SECONDS * 1000;
    // errorList holds every connection that failed or timed out (autocannon's timeouts among them).
    const errors = result.responses.filter((r) => failed(r)).length + result.errorList.length;
    const latencies = result.responses.map((r) => r.ms).sort((a, b) => a - b);
    const figures = {
      latencyMs: {
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        max: latencies.at(-1) ?? 0,
      },
      connections: CONNECTIONS,
      loopExitCode: shell.code,
      loopOutput: shell.output.trim(),
      loopSeconds: (loopEnded - loopStarted) / 1000,
      systemctl: shim.calls,
      stops,
      requests: result.responses.length,
      requestsDuringLoop: result.responses.filter((r) => inLoop(r.end)).length,
      status,
      errors,
      errorsDuringLoop:
        result.responses.filter((r) => failed(r) && inLoop(r.end)).length +
        result.errorList.filter((e) => inLoop(e.at)).length,
      socketErrors: Object.fromEntries(
        [...new Set(result.errorList.map((e) => e.message))].map((m) => [
          m,
          result.errorList.filter((e) => e.message === m).length,
        ]),
      ),
      upstreamRetries: (proxy.accessLog().match(/upstream=[^ ]+, /g) ?? []).length,
      slowLines: proxy
        .accessLog()
        .split("\n")
        .filter((line) => Number(/ rt=([\d.]+)/.exec(line)?.[1] ?? 0) >= 8),
      failedLines: proxy
        .accessLog()
        .split("\n")
        .filter((line) => / 5\d\d \d+ upstream=/.test(line)),
      // What nginx itself reported (refused connections it passed on, answers it gave up on).
      nginxErrors: fs
        .readFileSync(path.join(proxy.prefix, "logs/tradecounter.error.log"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => line.replace(/^\S+ \S+ /, "")),
      kept: await inspect(database, ledger),
    };
    print(figures);
    return figures;
  } finally {
    await shim?.close();
    await proxy?.stop();
    await Promise.all([...servers.values()].map((s) => s.stop()));
    await database.drop();
  }
}

function print(f) {
  const lost = f.kept.missing;
  printTable(
    `The README's upgrade loop under traffic (${f.connections} connections through deploy/nginx/tradecounter.conf, two instances); target: 0 errors`,
    [
      "loop",
      "requests (during the loop)",
      "p50 / p99 / max ms",
      "errors: 5xx, cut, timed out",
      "enquiries sent",
      "acknowledged",
      "acknowledged, not stored",
    ],
    [
      [
        `exit ${f.loopExitCode}, ${f.loopSeconds.toFixed(1)} s`,
        `${f.requests} (${f.requestsDuringLoop})`,
        `${Math.round(f.latencyMs.p50)} / ${Math.round(f.latencyMs.p99)} / ${Math.round(f.latencyMs.max)}`,
        `${f.errors} ${f.errors === 0 ? "✓" : "✗"}`,
        String(f.kept.sent),
        String(f.kept.acknowledged),
        `${lost} ${lost === 0 ? "✓" : "✗"}`,
      ],
    ],
  );
  console.log(
    `  statuses ${Object.entries(f.status)
      .map(([s, n]) => `${n}×${s}`)
      .join(
        " ",
      )}; socket errors ${JSON.stringify(f.socketErrors)}; requests nginx passed on to the other instance: ${f.upstreamRetries}; systemctl calls: ${f.systemctl.join(", ")}; ` +
      `each stop (SIGTERM to exit): ${f.stops.map((s) => `${s.seconds.toFixed(1)} s, exit ${s.exitCode}`).join("; ")}`,
  );
  if (f.loopExitCode !== 0) console.log(`  the loop failed:\n${f.loopOutput}`);
}
