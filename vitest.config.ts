import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit and integration tests run once on embedded PGlite and, when TEST_DATABASE_URL is set,
// once more on PostgreSQL (each test file in a database of its own).
const engines = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    // Vitest's default leaves one core free (one worker on a 2-core machine); the files wait on
    // PostgreSQL or on PGlite's own work for much of their time, so one worker per core is faster.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Node's own resolver re-parses a package's whole package.json for each .js file it imports
    // (drizzle-orm's is 175 kB): this hook answers a package's relative imports itself.
    execArgv: ["--import", path.resolve(import.meta.dirname, "tests/support/module-format-hook.mjs")],
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: engine,
        include: [
          "app/**/*.test.{ts,tsx}",
          "tests/integration/**/*.test.ts",
          "tests/architecture/**/*.test.ts",
          "scripts/**/*.test.ts",
        ],
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
        // Unit tests that need no database run once, in the first project.
        ...(engine === "postgres" ? { exclude: ["**/*.unit.test.{ts,tsx}", "**/node_modules/**"] } : {}),
      },
    })),
  },
});
