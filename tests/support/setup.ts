import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, vi } from "vitest";
import { installTestPasswordHashing } from "./password-hashing";

// Every test file gets its own data folder, so storage and secrets never leak between files.
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "tc-test-"));
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
