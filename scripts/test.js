// `npm test`: typecheck, lint and the production build side by side (the build is used by the
// integration tests that start the server and by the end-to-end tests, so it is made once here),
// then unit and integration tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then
// the end-to-end tests in headless Chromium. Each stage starts only when the one before passed,
// but for the typecheck: tsc is single-threaded and takes twice as long as the build, so the
// tests start once lint and the build have passed while tsc goes on beside them, on the core it
// would otherwise leave idle; a type error stops whatever is running and fails the run.
import { spawn } from "node:child_process";
import { requireChromium } from "./chromium.js";

process.env.CHROME_PATH = await requireChromium();

const typecheck = ["typecheck", "npm", ["run", "--silent", "typecheck"]];
const stages = [
  [
    ["lint", "npm", ["run", "--silent", "lint"]],
    ["production build", "node", ["scripts/build.js"]],
  ],
  [["unit and integration tests", "npm", ["run", "--silent", "test:unit"]]],
  [["end-to-end tests", "npm", ["run", "--silent", "test:e2e"]]],
];

/** Each step runs in a process group of its own, so that stopping it stops what it started. */
const running = new Set();

function stopAll(signal) {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {}
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopAll(signal);
    process.exit(1);
  });
}

function run([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", detached: true });
    running.add(child);
    child.once("exit", (code, signal) => {
      running.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`✔ ${name} (${seconds} s)`);
      else console.error(`\n✖ ${name} failed (${signal ?? `exit ${code}`}, ${seconds} s)`);
      resolve(code ?? 1);
    });
  });
}

console.log(`\n▶ ${typecheck[0]}`);
const typechecked = run(typecheck).then((code) => {
  if (code !== 0) {
    stopAll("SIGTERM");
    process.exit(code);
  }
});

for (const [index, stage] of stages.entries()) {
  // The end-to-end tests start only once the typecheck has passed too.
  if (index === stages.length - 1) await typechecked;
  console.log(`\n▶ ${stage.map(([name]) => name).join(", ")}`);
  const codes = await Promise.all(stage.map(run));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    stopAll("SIGTERM");
    process.exit(failed);
  }
}
