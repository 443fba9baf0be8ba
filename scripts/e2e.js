// `npm run test:e2e`: build the app, then run the Playwright journeys against it in Debian's
// Chromium (tests/e2e/global-setup.ts starts the server on a fresh data folder).
import { spawnSync } from "node:child_process";
import { requireChromium } from "./chromium.js";

process.env.CHROME_PATH = await requireChromium();

const build = spawnSync("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
if (build.status !== 0) process.exit(build.status ?? 1);

const result = spawnSync("playwright", ["test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
