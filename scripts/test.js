// `npm test`: typecheck, lint, the production build (once: the integration tests that start the
// server and the end-to-end tests both use it), unit and integration tests (PGlite, plus
// PostgreSQL when TEST_DATABASE_URL is set), then the end-to-end tests in headless Chromium.
import { spawnSync } from "node:child_process";
import { requireChromium } from "./chromium.js";

process.env.CHROME_PATH = await requireChromium();

const steps = [
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "npm", ["run", "--silent", "lint"]],
  ["production build", "node", ["scripts/build.js"]],
  ["unit and integration tests", "npm", ["run", "--silent", "test:unit"]],
  ["end-to-end tests", "npm", ["run", "--silent", "test:e2e"]],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
