import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit and integration tests run once on embedded PGlite and, when TEST_DATABASE_URL is set,
// once more on PostgreSQL (each test file in a database of its own).
const engines = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

const TEST_FILES = [
  "app/**/*.test.{ts,tsx}",
  "tests/integration/**/*.test.ts",
  "tests/architecture/**/*.test.ts",
  "scripts/**/*.test.ts",
];

/**
 * Files run in a process of their own. The rest share a worker process, each file in a module
 * graph of its own (the vmForks pool): a file no longer starts cold, with V8 compiling the app,
 * its libraries and PGlite's WebAssembly anew, which made three quarters of a file's time. But
 * in a file's VM context Node's own objects are of another realm, so these stay in plain forks:
 */
const OWN_PROCESS = [
  // `instanceof Error` on a refused connection's error, as the outage check does in production.
  "app/server/db/client-outage.unit.test.ts",
  // An error thrown in a worker thread arrives as an Error of the process's own realm.
  "tests/integration/catalog-export-thread.test.ts",
  // Asks V8 for a garbage collection of the process to show a stream is not held in memory.
  "app/server/storage/storage-drivers.unit.test.ts",
];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    // Vitest's default leaves one core free (one worker on a 2-core machine); the files wait on
    // PostgreSQL or on PGlite's own work for much of their time, so one worker per core is faster.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // A worker's VM contexts are not all collected: past this it is replaced by a fresh one.
    vmMemoryLimit: "3GB",
    // Node's own resolver re-parses a package's whole package.json for each .js file it imports
    // (drizzle-orm's is 175 kB): this hook answers a package's relative imports itself.
    execArgv: ["--import", path.resolve(import.meta.dirname, "tests/support/module-format-hook.mjs")],
    projects: engines.flatMap((engine) => {
      const test = {
        include: TEST_FILES,
        environment: "node",
        setupFiles: ["tests/support/setup.ts"],
        // Tests sign with a fixed secret rather than one generated into each file's data folder.
        env: {
          TEST_ENGINE: engine,
          NODE_ENV: "test",
          LOG_LEVEL: "silent",
          BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0000",
        },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      };
      // Unit tests that need no database run once, in the first engine's projects.
      const skipped = engine === "postgres" ? ["**/*.unit.test.{ts,tsx}"] : [];
      return [
        {
          extends: true,
          test: {
            ...test,
            name: engine,
            pool: "vmForks" as const,
            exclude: ["**/node_modules/**", ...skipped, ...OWN_PROCESS],
          },
        },
        {
          extends: true,
          test: {
            ...test,
            // Vitest queues the projects' files by project name (then the largest first), all in
            // one queue: a name that sorts before the engines' puts these first, so the run does not
            // end on the PostgreSQL export-thread file (15 s) with the other worker done.
            name: `own process (${engine})`,
            pool: "forks" as const,
            include: OWN_PROCESS,
            exclude: ["**/node_modules/**", ...skipped],
          },
        },
      ];
    }),
  },
});
