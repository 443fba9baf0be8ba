// Every PostgreSQL advisory lock is taken through app/server/db/advisory-locks.server.ts, whose
// keys all come from advisoryKey(name): two pieces of work cannot pick the same key by accident,
// and any lock seen in pg_locks can be named.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LOCK_MODULE = "app/server/db/advisory-locks.server.ts";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(relative);
    return /\.(tsx?|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

test("only the advisory-lock module calls PostgreSQL's advisory lock functions", () => {
  const files = ["app", "server", "scripts"].flatMap(sourceFiles);
  expect(files).toContain(LOCK_MODULE);
  const callers = files.filter(
    (file) =>
      file !== LOCK_MODULE && /pg_(try_)?advisory_/.test(fs.readFileSync(path.join(ROOT, file), "utf8")),
  );
  expect(callers).toEqual([]);
});
