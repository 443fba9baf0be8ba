// `npm run bench`: starts the production build on a fresh embedded database (or on
// DATABASE_URL when set), then measures requests per second and latency for a few pages
// with a fixed number of concurrent connections. Prints figures; asserts nothing.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitForHealth } from "./support.js";

const port = Number(process.env.BENCH_PORT ?? 3900);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const base = `http://127.0.0.1:${port}`;
const targets = ["/healthz", "/", "/catalog", "/catalog?q=pine&page=1", "/case-study", "/contact"];

async function measure(url) {
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  const end = Date.now() + seconds * 1000;
  async function worker() {
    while (Date.now() < end) {
      const started = performance.now();
      try {
        const res = await fetch(url, { headers: { "accept-encoding": "gzip" } });
        const body = await res.arrayBuffer();
        bytes = body.byteLength;
        if (res.status >= 500) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: pick(0.5),
    p99: pick(0.99),
    errors,
    bytes,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-bench-"));
const server = spawn("node", ["scripts/start.js"], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  await waitForHealth(server, base);
  const rssOf = () => {
    try {
      return (
        Number(fs.readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
      );
    } catch {
      return 0;
    }
  };
  const results = [];
  console.log(
    `Trade Counter bench: ${connections} connections, ${seconds} s per page, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );
  console.log(`idle RSS ${rssOf().toFixed(0)} MB (starter process)`);
  console.log("page                          req/s    p50 ms   p99 ms   5xx   bytes");
  for (const target of targets) {
    await measure(base + target); // warm-up pass is discarded below
    const r = await measure(base + target);
    results.push({ target, ...r });
    console.log(
      `${target.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(5)} ${String(r.bytes).padStart(7)}`,
    );
  }
  console.log(`RSS after load ${rssOf().toFixed(0)} MB`);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(
    `bench/results/run-${Date.now()}.json`,
    JSON.stringify({ connections, seconds, results }, null, 2),
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
