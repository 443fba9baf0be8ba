// Work done once across processes sharing a database: a periodic task's run is skipped while
// another connection (another process) runs it or has run it within the period, migrations
// queue behind each other. On PGlite
// (one process) every run just runs.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import {
  advisoryKey,
  MIGRATIONS_LOCK,
  SEED_LOCK,
  transactionLockStatement,
} from "~/server/db/advisory-locks.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/client.server";
import { claimPeriod, runExclusive, runInTurn, runOncePerPeriod } from "~/server/db/exclusive-runs.server";
import { periodic } from "~/server/runtime/housekeeping.server";
import { useTestDatabase } from "../support/database";
import { createPostgresDatabase } from "../support/instances";

const database = useTestDatabase();
const onPostgres = process.env.TEST_ENGINE === "postgres";

/** A second process's connection to this file's database (PostgreSQL only). */
let other: DatabaseHandle | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  const rows = await database.current.db.execute(sql`select current_database() as name`);
  const name = (rows as unknown as { rows: { name: string }[] }).rows[0]?.name;
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  other = await openDatabase({ kind: "postgres", url: url.toString(), poolMax: 2 });
});

afterAll(async () => {
  await other?.close();
});

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

test("keys are fixed per name, and different names get different keys", () => {
  expect(advisoryKey("quote-sweep")).toEqual(advisoryKey("quote-sweep"));
  expect(advisoryKey("quote-sweep")).not.toEqual(advisoryKey("certificate-reminders"));
  expect(advisoryKey("quote-sweep")[0]).toBe(0x5443_0022);
});

test("a task runs once while another process runs it; the next period runs again", async () => {
  const running = gate();
  const finish = gate();
  let runs = 0;
  const first = runExclusive("test-task", async () => {
    runs += 1;
    running.open();
    await finish.opened;
    return "first";
  });
  await running.opened;
  if (onPostgres && other) {
    // The other process's run of the same task, meanwhile: skipped.
    const skipped = await other.withAdvisoryLock(advisoryKey("test-task"), { wait: false }, async () => {
      runs += 1;
    });
    expect(skipped).toEqual({ ran: false });
    // A different task is not held up.
    expect(await other.withAdvisoryLock(advisoryKey("another-task"), { wait: false }, async () => 1)).toEqual(
      {
        ran: true,
        value: 1,
      },
    );
  }
  finish.open();
  expect(await first).toEqual({ ran: true, value: "first" });
  expect(runs).toBe(1);
  // Released: the next period's run, from either process, runs.
  expect(await runExclusive("test-task", async () => "again")).toEqual({ ran: true, value: "again" });
  if (other) {
    expect(await other.withAdvisoryLock(advisoryKey("test-task"), { wait: false }, async () => 2)).toEqual({
      ran: true,
      value: 2,
    });
  }
});

test("a task's failure releases its lock", async () => {
  await expect(
    runExclusive("failing-task", async () => {
      throw new Error("boom");
    }),
  ).rejects.toThrow("boom");
  expect(await runExclusive("failing-task", async () => "ok")).toEqual({ ran: true, value: "ok" });
});

test.skipIf(!onPostgres)(
  "two processes' periodic timers run the task once per period between them",
  async () => {
    let runs = 0;
    const release = gate();
    async function task() {
      runs += 1;
      await release.opened;
    }
    // Two timers on the same task name, one per connection: the same as two processes' timers.
    const stopHere = periodic(task, {
      name: "test-periodic",
      everyMs: 60_000,
      firstMs: 0,
      failure: "failed",
    });
    await expect.poll(() => runs, { timeout: 3000, interval: 10 }).toBe(1);
    const there = await other?.withAdvisoryLock(advisoryKey("test-periodic"), { wait: false }, task);
    expect(there).toEqual({ ran: false });
    release.open();
    await stopHere();
    expect(runs).toBe(1);
  },
);

test("a period is claimed once: a second process whose timer fires later in the same period skips it, the next period runs", async () => {
  const period = 60 * 60 * 1000;
  const start = new Date("2026-11-25T10:00:00Z");
  const second = other?.db ?? database.current.db;
  expect(await claimPeriod("hourly-task", period, database.current.db, start)).toBe(true);
  // The other process's timer, twenty minutes later: the run it would make is already done.
  expect(await claimPeriod("hourly-task", period, second, new Date(start.getTime() + 20 * 60_000))).toBe(
    false,
  );
  // Two processes claiming the next period at the same moment: one of them gets it.
  const next = new Date(start.getTime() + period);
  const both = await Promise.all([
    claimPeriod("hourly-task", period, database.current.db, next),
    claimPeriod("hourly-task", period, second, next),
  ]);
  expect(both.filter(Boolean)).toHaveLength(1);
  // Another task's period is its own.
  expect(await claimPeriod("daily-task", period, second, next)).toBe(true);
});

test("runOncePerPeriod runs a task once per period, one run after the other included", async () => {
  let runs = 0;
  const task = async () => {
    runs += 1;
    return runs;
  };
  expect(await runOncePerPeriod("once-task", 60_000, task)).toEqual({ ran: true, value: 1 });
  // The run above has finished: a lock alone would let this one run again.
  expect(await runOncePerPeriod("once-task", 60_000, task)).toEqual({ ran: false });
  expect(runs).toBe(1);
});

test("runInTurn waits for the lock rather than skipping", async () => {
  const order: string[] = [];
  const held = gate();
  const done = gate();
  const first = runInTurn("test-turn", async () => {
    order.push("first in");
    held.open();
    await done.opened;
    order.push("first out");
  });
  await held.opened;
  const second = onPostgres
    ? other?.withAdvisoryLock(advisoryKey("test-turn"), { wait: true }, async () => {
        order.push("second");
      })
    : runInTurn("test-turn", async () => {
        order.push("second");
      });
  await new Promise((r) => setTimeout(r, 100));
  done.open();
  await Promise.all([first, second]);
  expect(order).toEqual(
    onPostgres ? ["first in", "first out", "second"] : ["first in", "second", "first out"],
  );
});

test.skipIf(!onPostgres)(
  "two processes migrating a new database at once: one migrates, the other waits",
  async () => {
    const fresh = await createPostgresDatabase();
    const handles = await Promise.all(
      [1, 2].map(() => openDatabase({ kind: "postgres", url: fresh.url, poolMax: 1 })),
    );
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
      const result = await handles[0]?.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const applied = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      expect(applied).toBeGreaterThan(0);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await fresh.drop();
    }
  },
);

/**
 * Runs `work` while another process holds the lock `name`, and says whether `work` waited for it:
 * it must be seen queued on that very key in pg_locks, and still unfinished, until the lock goes.
 */
async function waitsForLock(name: string, work: () => Promise<unknown>) {
  const [namespace, key] = advisoryKey(name);
  const holding = gate();
  const release = gate();
  const held = other?.withAdvisoryLock(advisoryKey(name), { wait: true }, async () => {
    holding.open();
    await release.opened;
  });
  await holding.opened;
  let finished = false;
  const running = work().then(() => {
    finished = true;
  });
  await vi.waitFor(
    async () => {
      const result = await other?.db.execute(sql`
        select count(*)::int as n from pg_locks
        where locktype = 'advisory' and not granted
          and classid::bigint = ${namespace >>> 0} and objid::bigint = ${key >>> 0}`);
      expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    },
    { timeout: 10_000, interval: 50 },
  );
  const waited = !finished;
  release.open();
  await Promise.all([held, running]);
  return waited;
}

test.skipIf(!onPostgres)(
  "migrations and the demo seed take their locks by name, as every task does",
  async () => {
    expect(await waitsForLock(MIGRATIONS_LOCK, () => database.current.migrate())).toBe(true);
    expect(
      await waitsForLock(SEED_LOCK, () =>
        database.current.db.transaction(async (tx) => {
          await tx.execute(transactionLockStatement(SEED_LOCK));
        }),
      ),
    ).toBe(true);
  },
);
