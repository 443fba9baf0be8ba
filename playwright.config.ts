import os from "node:os";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3111);

// One worker per two cores: each journey drives Chromium (several processes of its own) against
// one of the two servers, so on the 2-core machine CI runs on, one worker keeps every journey's
// timing far from its timeout even with another process busy beside it. E2E_WORKERS overrides.
const workers = Number(process.env.E2E_WORKERS) || Math.max(1, Math.floor(os.availableParallelism() / 2));

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["./tests/e2e/timing-reporter.ts"]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // Back-office journeys run against a second server (port + 1) so their edits never change
  // the data the public-site journeys read.
  projects: [
    {
      name: "chromium",
      testIgnore: /admin-.*\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "admin",
      testMatch: /admin-.*\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://localhost:${port + 1}` },
    },
  ],
});
