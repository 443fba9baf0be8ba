// The enquiry benchmark (bench/enquiries.js, also `npm run bench:enquiries`) as a section: it
// runs its own servers and in-process SMTP server, prints its own table and writes its own JSON,
// which is folded into the suite's results here.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root } from "../support.js";

export async function run({ basePort }) {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(root, "bench/enquiries.js")], {
    cwd: root,
    env: { ...process.env, BENCH_PORT: String(basePort) },
    stdio: "inherit",
  });
  const code = await new Promise((r) => child.once("exit", r));
  if (code !== 0) throw new Error(`bench/enquiries.js exited with ${code}`);
  const dir = path.join(root, "bench/results");
  const newest = fs
    .readdirSync(dir)
    .filter((f) => /^enquiries-\d+\.json$/.test(f))
    .map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtimeMs }))
    .filter((x) => x.t >= started)
    .sort((a, b) => b.t - a.t)[0];
  return newest
    ? JSON.parse(fs.readFileSync(path.join(dir, newest.f), "utf8"))
    : { error: "no results file" };
}
