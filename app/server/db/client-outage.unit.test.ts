// What the PostgreSQL client makes of a database that is not there: a real pool pointed at a
// socket folder with no server in it fails at once, and the failure is known as an outage (the
// root middleware answers 503 for it, the enquiry submission knows nothing was written).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import {
  databaseOutageKind,
  isDatabaseUnavailable,
  observeDatabaseOutage,
  openDatabase,
} from "./client.server";

test("a database that is not there fails fast, as an outage of this request", async () => {
  // An empty socket folder: connecting is refused at once, as with a stopped server.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-no-postgres-"));
  const url = `postgresql:///nowhere?host=${encodeURIComponent(dir)}&user=nobody`;
  const handle = await openDatabase({ kind: "postgres", url });
  try {
    const started = Date.now();
    const {
      value: error,
      failed,
      down,
    } = await observeDatabaseOutage(() =>
      handle.db.execute(sql`select 1`).then(
        () => null,
        (caught: unknown) => caught,
      ),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(databaseOutageKind(error)).toBe("unreachable");
    expect({ failed, down }).toEqual({ failed: true, down: true });

    // A transaction checks out a connection first: the same outage, nothing written.
    const inTransaction = await handle.db.transaction(async () => {}).catch((caught: unknown) => caught);
    expect(databaseOutageKind(inTransaction)).toBe("unreachable");

    expect(await handle.ping(500)).toBe(false);
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("other errors are not outages", async () => {
  expect(isDatabaseUnavailable(new Error("duplicate key value violates unique constraint"))).toBe(false);
  expect(isDatabaseUnavailable(Object.assign(new Error("boom"), { code: "23505" }))).toBe(false);
  expect(
    databaseOutageKind(new Error("wrapped", { cause: new Error("Connection terminated unexpectedly") })),
  ).toBe("interrupted");
  // A request that met no failure of its own is not marked.
  const { failed } = await observeDatabaseOutage(async () => 1);
  expect(failed).toBe(false);
});
