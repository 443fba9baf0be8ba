// Background work (a catalogue import's steps) beside the pages: between the queries of its
// transaction the event loop turns, so a page asked for meanwhile is served then, not after the
// whole step. On PGlite that is the runner's doing (a query there runs in this thread, and a
// transaction's queries follow one another without a turn); on PostgreSQL each query is a round
// trip anyway.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { runInBackground } from "~/server/db/background-work.server";
import { getDb, inTransaction } from "~/server/db/db.server";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const QUERIES = 30;

/** How many turns other work got while `work` ran: a callback that queues itself again each turn. */
async function turnsDuring(work: () => Promise<void>) {
  let turns = 0;
  let running = true;
  const again = () => {
    if (!running) return;
    turns += 1;
    setImmediate(again);
  };
  setImmediate(again);
  await work();
  running = false;
  return turns;
}

async function step() {
  await inTransaction(async () => {
    for (let i = 0; i < QUERIES; i++) await getDb().execute(sql`select ${i}::int as n`);
  });
}

test("background work's transaction lets other work through between its queries", async () => {
  const background = await turnsDuring(() => runInBackground(step));
  expect(background).toBeGreaterThanOrEqual(QUERIES);
  if (database.current.engine === "pglite") {
    // Not background work: PGlite runs the transaction through without a turn in between.
    const foreground = await turnsDuring(step);
    expect(foreground).toBeLessThan(QUERIES / 2);
  }
});
