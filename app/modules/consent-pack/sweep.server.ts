// Kept consent packs are a cache (one file per content and New Zealand day, up to tens of MB
// each): housekeeping deletes those kept longer than CONSENT_PACK_KEEP_DAYS, on the disk and in a
// bucket alike, except one an e-mail not yet sent attaches. A pack is only served again on the
// day in its name, and one an e-mail attaches is that day's (drawn, or kept, the day the quote
// was sent), so it is never older than about a day when the e-mail is queued: a retention of at
// least two days never takes a pack from an e-mail being queued. Deleted by the system
// ("consent pack sweep" in the audit log), one event a sweep that deleted something.
import { systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { periodic } from "~/server/runtime/housekeeping.server";
import { getStorage } from "~/server/storage/storage.server";
import { NoConsentPackToRemove, packsAwaitingMail, removeOldConsentPacks } from "./commands.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_DELAY_MS = 15 * 60_000;
const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
const SWEEPER = systemActor("consent pack sweep");

export type PackSweepResult = { removed: number; awaitingMail: number };

/** One sweep: the packs kept longer than `keepDays` before `now` go, unless an unsent e-mail attaches them. */
export async function sweepOldConsentPacks({
  now = new Date(),
  keepDays = getEnv().CONSENT_PACK_KEEP_DAYS,
}: {
  now?: Date;
  keepDays?: number;
} = {}): Promise<PackSweepResult> {
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS);
  const old: string[] = [];
  for await (const file of getStorage().list("consent_packs")) {
    if (file.modified < cutoff) old.push(file.name);
  }
  if (old.length === 0) return { removed: 0, awaitingMail: 0 };
  const awaiting = await packsAwaitingMail();
  const names = old.filter((name) => !awaiting.has(name));
  const result: PackSweepResult = { removed: 0, awaitingMail: old.length - names.length };
  if (names.length > 0) {
    try {
      result.removed = await runCommand(removeOldConsentPacks, SWEEPER, { names, keepDays });
    } catch (error) {
      // Each was attached to an e-mail meanwhile.
      if (!(error instanceof NoConsentPackToRemove)) throw error;
    }
  }
  if (result.removed) logger.info({ ...result, keepDays }, "old consent packs swept");
  return result;
}

/**
 * Sweeps a while after start-up and then every 6 hours, in the background (the timers never keep
 * the process alive). `clock` is the time the sweep judges ages by. Returns the stop, which waits
 * for a sweep in flight.
 */
export function startConsentPackSweeper({
  delayMs = SWEEP_DELAY_MS,
  intervalMs = SWEEP_INTERVAL_MS,
  clock = () => new Date(),
}: {
  delayMs?: number;
  intervalMs?: number;
  clock?: () => Date;
} = {}) {
  return periodic(() => sweepOldConsentPacks({ now: clock() }), {
    name: "consent-pack-sweep",
    firstMs: delayMs,
    everyMs: intervalMs,
    failure: "The sweep of old consent packs failed",
  });
}
