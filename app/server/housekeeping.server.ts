// Background upkeep that runs inside the server process: the attachment retention sweep and the
// pruning of expired rate-limit windows. Timers are unref'd, so they never keep the process alive;
// the returned stop function waits for work in flight so the database can close after it.
import { startRetentionSweeper } from "~/modules/enquiries/retention.server";
import { logger } from "~/server/logger.server";
import { pruneRateLimitCounters } from "~/server/security/rate-limit.server";

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

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

  return async function stopHousekeeping() {
    clearInterval(pruneTimer);
    await Promise.all([stopRetention(), pruning]);
  };
}
