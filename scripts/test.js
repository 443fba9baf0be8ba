// `npm test`: typecheck, lint and the production build side by side (the build is used by the
// integration tests that start the server and by the end-to-end tests, so it is made once here),
// then unit and integration tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then
// the end-to-end tests in headless Chromium. Each stage starts only when the one before passed.
import { spawn } from "node:child_process";
import { requireChromium } from "./chromium.js";

process.env.CHROME_PATH = await requireChromium();

/** Steps of a stage run at the same time: tsc is single-threaded, the build and biome are not. */
const stages = [
  [
    ["typecheck", "npm", ["run", "--silent", "typecheck"]],
    ["lint", "npm", ["run", "--silent", "lint"]],
    ["production build", "node", ["scripts/build.js"]],
  ],
  [["unit and integration tests", "npm", ["run", "--silent", "test:unit"]]],
  [["end-to-end tests", "npm", ["run", "--silent", "test:e2e"]]],
];

function run([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.once("exit", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`✔ ${name} (${seconds} s)`);
      else console.error(`\n✖ ${name} failed (${signal ?? `exit ${code}`}, ${seconds} s)`);
      resolve(code ?? 1);
    });
  });
}

for (const stage of stages) {
  console.log(`\n▶ ${stage.map(([name]) => name).join(", ")}`);
  const codes = await Promise.all(stage.map(run));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
