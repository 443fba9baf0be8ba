// `npm run test:e2e`: build the app (unless build/ is newer than every source, as after the
// integration tests that start the server built it), then run the Playwright journeys against it
// in Debian's Chromium (tests/e2e/global-setup.ts starts the servers on fresh data folders).
import { spawnSync } from "node:child_process";
import { buildIsCurrent } from "./build.js";
import { requireChromium } from "./chromium.js";

process.env.CHROME_PATH = await requireChromium();

if (!buildIsCurrent()) {
  const build = spawnSync("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const result = spawnSync("playwright", ["test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
