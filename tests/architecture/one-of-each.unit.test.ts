// One way for each job, held by a scan of the source:
// - Every PostgreSQL advisory lock is taken through app/server/db/advisory-locks.server.ts, whose
//   keys all come from advisoryKey(name): two pieces of work cannot pick the same key by accident,
//   and any lock seen in pg_locks can be named.
// - Every date is worked out and written for people by app/lib/nz-date.ts: New Zealand's zone and
//   the way a date reads are decided there once.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(relative);
    return /\.(tsx?|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The files of the app, its server and its scripts, other than `owner`, whose text matches `pattern`. */
function filesUsing(pattern: RegExp, owner: string) {
  const files = ["app", "server", "scripts"].flatMap(sourceFiles);
  expect(files).toContain(owner);
  return files.filter(
    (file) => file !== owner && pattern.test(fs.readFileSync(path.join(ROOT, file), "utf8")),
  );
}

test("only the advisory-lock module calls PostgreSQL's advisory lock functions", () => {
  expect(filesUsing(/pg_(try_)?advisory_/, "app/server/db/advisory-locks.server.ts")).toEqual([]);
});

test("only the date module names New Zealand's time zone or formats a date", () => {
  const dateFormatting =
    /Pacific\/Auckland|Intl\.DateTimeFormat|toLocale(Date|Time)String|toLocaleString\([^)]*(timeZone|month|weekday|hour)/;
  expect(filesUsing(dateFormatting, "app/lib/nz-date.ts")).toEqual([]);
});
