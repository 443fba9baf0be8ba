// What quoting earned, for the admin dashboard: quotes sent this month (New Zealand time), the
// value accepted this month, the win rate (accepted ÷ every quote answered or expired, over the
// last 12 months), why quotes were lost, and the open quotes that run out within 7 days.
import { and, count, eq, gte, inArray, isNotNull, lte, sql, sum } from "drizzle-orm";
import { NZ_TIME_ZONE } from "~/lib/nz-date";
import { OPEN_QUOTE_STATUSES, type QuoteDeclineReason } from "~/lib/vocabulary";
import { getDb } from "~/server/db/db.server";
import { quotes } from "~/server/db/schema";
import { nzDatePlusDays } from "./drafts.server";

export type QuoteStats = {
  sentThisMonth: number;
  acceptedThisMonthCents: number;
  /** Accepted ÷ (accepted + declined + expired), 0 to 1; null with nothing decided yet. */
  winRate: number | null;
  decided: number;
  lostReasons: { reason: QuoteDeclineReason | "expired"; count: number }[];
  expiringThisWeek: number;
};

const NZ = NZ_TIME_ZONE;
const monthStart = sql`(date_trunc('month', now() at time zone ${NZ}) at time zone ${NZ})`;

export async function getQuoteStats(now = new Date()): Promise<QuoteStats> {
  const db = getDb();
  const yearAgo = new Date(now.getTime() - 365 * 24 * 3600 * 1000);
  const [sent, accepted, outcomes, reasons, expiring] = await Promise.all([
    db
      .select({ n: count() })
      .from(quotes)
      .where(and(isNotNull(quotes.sentAt), gte(quotes.sentAt, monthStart))),
    db
      .select({ total: sum(quotes.totalCents) })
      .from(quotes)
      .where(and(eq(quotes.status, "accepted"), gte(quotes.answeredAt, monthStart))),
    db
      .select({ status: quotes.status, n: count() })
      .from(quotes)
      .where(and(inArray(quotes.status, ["accepted", "declined", "expired"]), gte(quotes.updatedAt, yearAgo)))
      .groupBy(quotes.status),
    db
      .select({ reason: quotes.declineReason, n: count() })
      .from(quotes)
      .where(
        and(eq(quotes.status, "declined"), isNotNull(quotes.declineReason), gte(quotes.updatedAt, yearAgo)),
      )
      .groupBy(quotes.declineReason),
    db
      .select({ n: count() })
      .from(quotes)
      .where(
        and(
          inArray(quotes.status, [...OPEN_QUOTE_STATUSES]),
          gte(quotes.validUntil, nzDatePlusDays(0, now)),
          lte(quotes.validUntil, nzDatePlusDays(7, now)),
        ),
      ),
  ]);
  const by = Object.fromEntries(outcomes.map((row) => [row.status, Number(row.n)]));
  const decided = (by.accepted ?? 0) + (by.declined ?? 0) + (by.expired ?? 0);
  const lostReasons = [
    ...reasons.map((row) => ({ reason: row.reason as QuoteDeclineReason, count: Number(row.n) })),
    ...(by.expired ? [{ reason: "expired" as const, count: by.expired }] : []),
  ].sort((a, b) => b.count - a.count);
  return {
    sentThisMonth: Number(sent[0]?.n ?? 0),
    acceptedThisMonthCents: Number(accepted[0]?.total ?? 0),
    winRate: decided ? (by.accepted ?? 0) / decided : null,
    decided,
    lostReasons,
    expiringThisWeek: Number(expiring[0]?.n ?? 0),
  };
}
