// A quote from the moment it is sent: its history, and the server's hourly sweep, which expires
// each open quote whose last valid day has gone by and sends each its one reminder before that.
// The sweep finds the quotes due, then runs a command for each (commands.server.ts), in its own
// transaction: one quote that fails leaves the others done.
import { and, asc, eq, gte, inArray, isNull, lt, lte } from "drizzle-orm";
import { nzDatePlusDays } from "~/lib/nz-date";
import { OPEN_QUOTE_STATUSES } from "~/lib/vocabulary";
import { systemActor } from "~/server/commands/actor";
import { type Command, runCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { quoteEvents, quotes } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { logger } from "~/server/logger.server";
import { periodic } from "~/server/runtime/housekeeping.server";
import { expireQuote, type Reminder, remindQuote } from "./commands.server";
import { getQuoteSettings } from "./settings.server";

/** A quote's history, oldest first. */
export function quoteHistory(quoteId: string) {
  return getDb()
    .select()
    .from(quoteEvents)
    .where(eq(quoteEvents.quoteId, quoteId))
    .orderBy(asc(quoteEvents.createdAt));
}

const SWEEP = systemActor("quote expiry and reminders");

/**
 * Runs `command` for one quote the sweep found due; undefined when it moved on meanwhile (an
 * answer came first) or the command failed, which is logged and leaves the rest of the sweep.
 */
async function runForQuote<Input extends { id: string }, Result, Prepared>(
  command: Command<Input, Result, Prepared>,
  input: Input,
): Promise<Result | undefined> {
  try {
    return await runCommand(command, SWEEP, input);
  } catch (error) {
    if (!(error instanceof InputError))
      logger.error({ err: error, quoteId: input.id, command: command.name }, "a quote's timed move failed");
    return undefined;
  }
}

/**
 * Every open quote whose last valid day has gone by (New Zealand time) expires, and its enquiry
 * is Lost unless another of its quotes is still open or accepted. Returns how many expired.
 */
export async function expireQuotes(now = new Date()) {
  const due = await getDb()
    .select({ id: quotes.id })
    .from(quotes)
    .where(
      and(inArray(quotes.status, [...OPEN_QUOTE_STATUSES]), lt(quotes.validUntil, nzDatePlusDays(0, now))),
    )
    .orderBy(asc(quotes.id));
  let expired = 0;
  for (const { id } of due) if (await runForQuote(expireQuote, { id, now })) expired += 1;
  return expired;
}

/**
 * The open quotes due their one reminder (the set number of days before the last valid day, and
 * none yet), each reminded: e-mailed the PDF again with a new link of its own. Returns them with
 * their tokens. None when the setting is 0.
 */
export async function takeDueReminders(now = new Date()): Promise<Reminder[]> {
  const { reminderDaysBefore } = await getQuoteSettings();
  if (reminderDaysBefore === 0) return [];
  const due = await getDb()
    .select({ id: quotes.id })
    .from(quotes)
    .where(
      and(
        inArray(quotes.status, [...OPEN_QUOTE_STATUSES]),
        isNull(quotes.remindedAt),
        lte(quotes.validUntil, nzDatePlusDays(reminderDaysBefore, now)),
        gte(quotes.validUntil, nzDatePlusDays(0, now)),
      ),
    )
    .orderBy(asc(quotes.id));
  const reminders: Reminder[] = [];
  for (const { id } of due) {
    const reminder = await runForQuote(remindQuote, { id, reminderDaysBefore, now });
    if (reminder) reminders.push(reminder);
  }
  return reminders;
}

/** Quotes' timed work: expiry, then the reminders (each wakes the mail worker once committed). */
export async function runQuoteSweep(now = new Date()) {
  const expired = await expireQuotes(now);
  const reminded = await takeDueReminders(now);
  return { expired, reminded: reminded.length };
}

/** Every hour, starting a minute after start-up; returns the stop. */
export function startQuoteSweeper({ delayMs = 60_000, intervalMs = 60 * 60_000 } = {}) {
  return periodic(() => runQuoteSweep(), {
    name: "quote-sweep",
    firstMs: delayMs,
    everyMs: intervalMs,
    failure: "The quote expiry and reminder sweep failed",
  });
}
