// The back office's reports on the catalogue's search log.
import { and, desc, gt, gte, sql } from "drizzle-orm";
import { nzToday } from "~/lib/nz-date";
import { getDb } from "~/server/db/db.server";
import { searchLog } from "~/server/db/schema";

/** A search that found nothing this month: how often, and when last. */
export type NoResultSearch = { query: string; times: number; lastSearchedAt: Date };

export const NO_RESULT_REPORT_SIZE = 50;

/** The first day of the New Zealand month holding `now`, as YYYY-MM-DD. */
export function nzMonthStart(now = new Date()) {
  return `${nzToday(now).slice(0, 8)}01`;
}

/**
 * "Searches with no results": this New Zealand month's queries that found nothing, the most often
 * searched first (then the latest, then by name), at most 50.
 */
export async function searchesWithNoResults(now = new Date()): Promise<NoResultSearch[]> {
  const times = sql<number>`sum(${searchLog.emptySearches})::int`;
  const last = sql<Date>`max(${searchLog.lastSearchedAt})`;
  const rows = await getDb()
    .select({ query: searchLog.query, times, lastSearchedAt: last })
    .from(searchLog)
    .where(and(gte(searchLog.day, nzMonthStart(now)), gt(searchLog.emptySearches, 0)))
    .groupBy(searchLog.query)
    .orderBy(desc(times), desc(last), searchLog.query)
    .limit(NO_RESULT_REPORT_SIZE);
  return rows.map((row) => ({ ...row, lastSearchedAt: new Date(row.lastSearchedAt) }));
}
