import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3111);

// Two journeys at a time, one per server: the public-site journeys (project "chromium") run one
// after another against their server and the back-office journeys (project "admin") one after
// another against theirs (each project has one worker), so no journey ever meets another's
// writes half-way, and the two halves overlap. E2E_WORKERS=1 runs them all one after another.
//
// The halves are balanced by giving the back-office server two public-site specs that need
// nothing the back office changes: account.spec.ts (the shared customer's sign-in link and own
// details) and account-signup.spec.ts (an account, a job and a quote list of its own). A
// project's one worker takes its files in name order, so these two, named before every admin-*
// spec, run first on a server as fresh as the public one; and no back-office journey reads the
// customer's details, a new customer's account or a job. Without them the back-office worker
// finished about two and a half minutes before the public one, one core idle meanwhile.
const workers = Number(process.env.E2E_WORKERS) || 2;
const ON_BACK_OFFICE_SERVER = /\/account(-signup)?\.spec\.ts$/;

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
    // A trace is recorded only when a failed journey is run again (CI retries once), the run that
    // shows a flake or a real failure a second time. Recording one for every journey, to keep
    // only the failed ones', cost a fifth of the journeys' time: its snapshots and screencast
    // (measured on the catalogue and pages specs, one worker: 150 s against 128 s). Locally,
    // `npm run test:e2e -- --trace on` records them all.
    trace: "on-first-retry",
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
      workers: 1,
      testIgnore: [/admin-.*\.spec\.ts/, ON_BACK_OFFICE_SERVER],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "admin",
      workers: 1,
      testMatch: [ON_BACK_OFFICE_SERVER, /admin-.*\.spec\.ts/],
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://localhost:${port + 1}` },
    },
  ],
});
