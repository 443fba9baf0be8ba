// Background upkeep that runs inside the server process: the attachment retention sweep, the
// pruning of expired rate-limit windows and, on embedded PGlite (which has no autovacuum daemon),
// a daily VACUUM ANALYZE. Timers are unref'd, so they never keep the process alive;
// the returned stop function waits for work in flight so the database can close after it.
import { sql } from "drizzle-orm";
import { startRetentionSweeper } from "~/modules/enquiries/retention.server";
import { getDatabase } from "~/server/db/db.server";
import { logger } from "~/server/logger.server";
import { pruneRateLimitCounters } from "~/server/security/rate-limit.server";

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const VACUUM_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The first vacuum: after start's own work (seed, image variants), before the first day is out. */
const FIRST_VACUUM_MS = 10 * 60 * 1000;

/**
 * PostgreSQL's autovacuum keeps dead rows reclaimed, the visibility map current (index-only
 * scans: the catalogue's deep pages and counts) and the planner's statistics fresh. PGlite runs
 * no such daemon, so the server does it; the embedded database is small and it takes seconds.
 */
export async function vacuumEmbeddedDatabase() {
  const database = getDatabase();
  if (database.kind !== "pglite") return false;
  await database.db.execute(sql`vacuum (analyze)`);
  return true;
}

export function startHousekeeping() {
  const stopRetention = startRetentionSweeper();
  let pruning: Promise<void> | undefined;
  const pruneTimer = setInterval(() => {
    if (pruning) return;
    pruning = pruneRateLimitCounters()
      .catch((error: unknown) => logger.error({ err: error }, "Pruning rate-limit counters failed"))
      .finally(() => {
        pruning = undefined;
      });
  }, PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  let vacuuming: Promise<unknown> | undefined;
  function vacuum() {
    if (vacuuming) return;
    vacuuming = vacuumEmbeddedDatabase()
      .catch((error: unknown) => logger.error({ err: error }, "Vacuuming the embedded database failed"))
      .finally(() => {
        vacuuming = undefined;
      });
  }
  const firstVacuum = setTimeout(vacuum, FIRST_VACUUM_MS);
  firstVacuum.unref();
  const vacuumTimer = setInterval(vacuum, VACUUM_INTERVAL_MS);
  vacuumTimer.unref();

  return async function stopHousekeeping() {
    clearInterval(pruneTimer);
    clearTimeout(firstVacuum);
    clearInterval(vacuumTimer);
    await Promise.all([stopRetention(), pruning, vacuuming]);
  };
}
