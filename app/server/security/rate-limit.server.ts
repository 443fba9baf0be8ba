// Window counters in the database, so every server process shares one count per key. A hit is
// judged on its fixed window (the enquiry limits: "5 a minute" starts over each minute) or, with
// `sliding`, on an estimate that adds the previous window's count weighted by how much of it a
// sliding window still covers (the sign-in limits: a fixed window would let a burst straddling a
// boundary through twice, five guesses at 10:09:59 and five more at 10:10:00).
// One upsert per window per hit; windows whose successor has ended are swept by
// pruneRateLimitCounters. Each row's key ends in its window's length in seconds, which is how
// the sweep knows its end.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { rateLimitCounters } from "~/server/db/schema";

/** `sliding`: judged on the sliding estimate described above rather than the fixed window. */
export type RateWindow = { seconds: number; max: number; sliding?: boolean };

export type RateLimitResult = {
  limited: boolean;
  /**
   * Hits in each window including this one (with `sliding`, the estimate rounded up), in the
   * order the windows were given.
   */
  counts: number[];
  /** Seconds until the fullest window that refused this hit starts over (0 when not limited). */
  retryAfterSeconds: number;
};

function windowStart(now: Date, seconds: number) {
  const size = seconds * 1000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

async function countHit(db: DbOrTx, key: string, start: Date) {
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  return row?.count ?? 1;
}

/**
 * Counts one hit against `key` in every window and says whether any window is over its max.
 * `db`: a transaction, when the count must stand or fall with what the hit was for.
 */
export async function hitRateLimit(
  key: string,
  windows: readonly RateWindow[],
  now: Date = new Date(),
  db: DbOrTx = getDb(),
): Promise<RateLimitResult> {
  const counts: number[] = [];
  let retryAfterSeconds = 0;
  for (const window of windows) {
    const start = windowStart(now, window.seconds);
    const size = window.seconds * 1000;
    const count = await countHit(db, `${key}:${window.seconds}`, start);
    const [previous] = !window.sliding
      ? []
      : await db
          .select({ count: rateLimitCounters.count })
          .from(rateLimitCounters)
          .where(
            and(
              eq(rateLimitCounters.key, `${key}:${window.seconds}`),
              eq(rateLimitCounters.windowStart, new Date(start.getTime() - size)),
            ),
          );
    const stillCovered = 1 - (now.getTime() - start.getTime()) / size;
    const estimate = Math.ceil(count + (previous?.count ?? 0) * stillCovered - 1e-9);
    counts.push(estimate);
    if (estimate > window.max) {
      const resetsIn = Math.ceil((start.getTime() + window.seconds * 1000 - now.getTime()) / 1000);
      retryAfterSeconds = Math.max(retryAfterSeconds, resetsIn);
    }
  }
  return { limited: retryAfterSeconds > 0, counts, retryAfterSeconds };
}

/** Takes back one hit counted at `now` (an attempt that turned out not to count). */
export async function undoRateLimitHit(key: string, windows: readonly RateWindow[], now: Date) {
  for (const window of windows) {
    await getDb()
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(
        and(
          eq(rateLimitCounters.key, `${key}:${window.seconds}`),
          eq(rateLimitCounters.windowStart, windowStart(now, window.seconds)),
        ),
      );
  }
}

/** Forgets every count of `key`. */
export async function clearRateLimit(key: string, windows: readonly RateWindow[]) {
  const keys = windows.map((window) => `${key}:${window.seconds}`);
  await getDb().delete(rateLimitCounters).where(inArray(rateLimitCounters.key, keys));
}

/**
 * Counts one use of `key` in a window of its own that opened at `since` and lasts `seconds` (a
 * form token's lifetime from when it was issued): 1 for the first use, more for each replay.
 */
export async function countUse(key: string, since: Date, seconds: number, db: DbOrTx = getDb()) {
  return countHit(db, `${key}:${seconds}`, since);
}

/** Takes back one use counted by countUse (what it was for did not happen after all). */
export async function undoUse(key: string, since: Date, seconds: number) {
  await getDb()
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(and(eq(rateLimitCounters.key, `${key}:${seconds}`), eq(rateLimitCounters.windowStart, since)));
}

/**
 * Drops windows whose successor ended more than `olderThanSeconds` ago (until then a window
 * still weighs in the sliding estimate).
 */
export async function pruneRateLimitCounters(olderThanSeconds = 2 * 3600, now: Date = new Date()) {
  const cutoff = new Date(now.getTime() - olderThanSeconds * 1000);
  const length = sql`coalesce(substring(${rateLimitCounters.key} from ':([0-9]{1,9})$')::integer, 0)`;
  await getDb()
    .delete(rateLimitCounters)
    .where(
      sql`${rateLimitCounters.windowStart} + make_interval(secs => 2 * ${length}) < ${cutoff.toISOString()}::timestamptz`,
    );
}
