// The embedded database in a thread of its own, as a serving process opens it: Drizzle's reads
// and writes through the server thread's connection, transactions and savepoints, PostgreSQL's
// errors as they are, a second thread's connection waiting for a transaction to end, a
// connection that goes away with its transaction open, and the server's event loop turning while
// a long statement runs.
import { Worker } from "node:worker_threads";
import { eq, sql } from "drizzle-orm";
import { integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase, openDatabaseInThread } from "~/server/db/client.server";

const notes = pgTable("notes", {
  id: serial().primaryKey(),
  title: text().notNull().unique("notes_title_key"),
  count: integer().notNull().default(0),
  details: jsonb().$type<{ tags: string[] }>(),
  writtenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite-memory", thread: true });
  await handle.db.execute(sql`
    create table notes (
      id serial primary key,
      title text not null constraint notes_title_key unique,
      count integer not null default 0,
      details jsonb,
      written_at timestamptz not null default now()
    )`);
});

afterAll(async () => {
  await handle?.close();
});

function db() {
  return handle.db as unknown as ReturnType<typeof drizzle<{ notes: typeof notes }>>;
}

/** The rows of a statement on a handle. */
async function rowsOf(on: DatabaseHandle, statement: ReturnType<typeof sql>) {
  return ((await on.db.execute(statement)) as unknown as { rows: unknown[] }).rows;
}

/** The SQLSTATE of a database error, Drizzle's wrapping or not. */
function sqlState(error: unknown): unknown {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  while (current && current.code === undefined) current = current.cause as typeof current;
  return current?.code;
}

test("Drizzle reads and writes through the server thread's connection, with each type as in this thread", async () => {
  const at = new Date("2026-03-04T05:06:07.000Z");
  await db()
    .insert(notes)
    .values({ title: "Decking", count: 3, details: { tags: ["pine", "H3.2"] }, writtenAt: at });
  const [row] = await db().select().from(notes).where(eq(notes.title, "Decking"));
  expect(row).toMatchObject({ title: "Decking", count: 3, details: { tags: ["pine", "H3.2"] } });
  expect(row?.writtenAt).toEqual(at);
  expect(await rowsOf(handle, sql`select count(*)::int as n, ${"ā"}::text as macron`)).toEqual([
    { n: 1, macron: "ā" },
  ]);
  expect(await handle.ping()).toBe(true);
});

test("a transaction commits what it wrote, a thrown one rolls back, and a savepoint rolls back alone", async () => {
  await db().transaction(async (tx) => {
    await tx.insert(notes).values({ title: "Committed" });
    await tx
      .transaction(async (inner) => {
        await inner.insert(notes).values({ title: "Inner, rolled back" });
        throw new Error("undo the inner part");
      })
      .catch(() => {});
  });
  await expect(
    db().transaction(async (tx) => {
      await tx.insert(notes).values({ title: "Rolled back" });
      throw new Error("undo it all");
    }),
  ).rejects.toThrow("undo it all");
  const titles = (await db().select({ title: notes.title }).from(notes)).map((row) => row.title);
  expect(titles).toContain("Committed");
  expect(titles).not.toContain("Inner, rolled back");
  expect(titles).not.toContain("Rolled back");
});

test("PostgreSQL's errors come through with their code and constraint, and the connection goes on", async () => {
  await db().insert(notes).values({ title: "Unique" });
  const error = await db()
    .insert(notes)
    .values({ title: "Unique" })
    .catch((caught: unknown) => caught);
  expect(sqlState(error)).toBe("23505");
  expect(String((error as Error).cause ?? error)).toContain("notes_title_key");
  // A failed statement inside a transaction rolls the transaction back, not the connection.
  await expect(
    db().transaction(async (tx) => {
      await tx.insert(notes).values({ title: "Unique" });
    }),
  ).rejects.toThrow();
  expect(await db().$count(notes, eq(notes.title, "Unique"))).toBe(1);
});

test("another thread's connection waits for an open transaction to end, then sees what it committed", async () => {
  const other = await openDatabaseInThread(
    { connection: handle.connect?.() },
    { applicationName: "a second thread", poolMax: 1 },
  );
  try {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside = () => {};
    const written = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const writing = db().transaction(async (tx) => {
      await tx.insert(notes).values({ title: "Written while the other waits" });
      inside();
      await held;
    });
    try {
      // Asked once the transaction has written: answered only after its commit, so it sees the row.
      await written;
      const reading = rowsOf(
        other,
        sql`select count(*)::int as n from notes where title = 'Written while the other waits'`,
      );
      let answered = false;
      void reading.then(() => {
        answered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
      release();
      await writing;
      expect(await reading).toEqual([{ n: 1 }]);
    } finally {
      release();
      await writing;
    }
  } finally {
    await other.close();
  }
});

test("a connection that goes away with its transaction open has it rolled back, and the others go on", async () => {
  const port = handle.connect?.();
  if (!port) throw new Error("no connection");
  // A thread that begins a transaction, writes, and ends without committing.
  const thread = new Worker(
    `
    const { workerData, parentPort } = require("node:worker_threads");
    const port = workerData.port;
    let id = 0;
    const ask = (request) => new Promise((resolve) => {
      const mine = ++id;
      port.on("message", function answer(reply) {
        if (reply.id !== mine) return;
        port.off("message", answer);
        resolve(reply);
      });
      port.postMessage({ ...request, id: mine });
    });
    (async () => {
      const begun = await ask({ type: "begin" });
      await ask({ type: "query", sql: "insert into notes (title) values ('Never committed')", session: begun.value });
      parentPort.postMessage("written");
      process.exit(0);
    })();
    `,
    { eval: true, workerData: { port }, transferList: [port] },
  );
  // Both listeners from the start: a thread that exits before its message was read has the message
  // and then its exit emitted in one go, with no turn between them to add a listener.
  const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    thread.once("message", () => resolve());
    thread.once("error", reject);
  });
  await exited;
  // This connection's statement waits for that transaction, which is rolled back as its connection closes.
  expect(await db().$count(notes, eq(notes.title, "Never committed"))).toBe(0);
  await db().insert(notes).values({ title: "After the thread" });
  expect(await db().$count(notes, eq(notes.title, "After the thread"))).toBe(1);
});

test("the server's event loop turns while a long statement runs in the database's thread", async () => {
  let turns = 0;
  let done = false;
  const statement = rowsOf(handle, sql`select count(*)::int as n from generate_series(1, 1000000)`).finally(
    () => {
      done = true;
    },
  );
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!done) turns++;
  }
  expect(await statement).toEqual([{ n: 1_000_000 }]);
  expect(turns).toBeGreaterThan(0);
});
