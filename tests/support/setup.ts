import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, vi } from "vitest";
import { installTestPasswordHashing } from "./password-hashing";

// The files a worker runs share its process (each in a module graph of its own: see the pool in
// vitest.config.ts), so each starts from the environment the process started with, whatever an
// earlier file set, and gets its own data folder, so storage and secrets never leak between files.
const shared = process as typeof process & { startEnvironment?: Record<string, string | undefined> };
shared.startEnvironment ??= { ...process.env };
for (const name of Object.keys(process.env)) {
  if (!(name in shared.startEnvironment)) delete process.env[name];
}
Object.assign(process.env, shared.startEnvironment);
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "tc-test-"));
process.env.LOG_LEVEL = "silent";
installTestPasswordHashing();

// A console.error during a test is a failure.
const original = console.error;
console.error = (...args: unknown[]) => {
  original(...args);
  throw new Error(`console.error during a test: ${args.map(String).join(" ")}`);
};

afterEach(() => {
  vi.restoreAllMocks();
});
