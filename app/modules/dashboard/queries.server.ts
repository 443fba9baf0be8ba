// The dashboard's figures: the four content counts, the published products missing building
// information, enquiries per week over the last 12 weeks (spam is no enquiry), and the new
// enquiries received this week (new as the sidebar's badge counts them). Weeks start on Monday,
// New Zealand time, so "this week" matches the trader's calendar; and the consent packs downloaded
// this month (a measure of how useful the compliance records are).
import { and, count, gte, sql } from "drizzle-orm";
import { NZ_TIME_ZONE } from "~/lib/nz-date";
import type { EnquiryStatus } from "~/lib/vocabulary";
import { countProductsMissingBuildingInfo } from "~/modules/compliance/sheets.server";
import { NEW_ENQUIRY } from "~/modules/enquiries/follow-up.server";
import type { DbOrTx } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import {
  caseStudies,
  certifications,
  consentPackDownloads,
  contactContent,
  contactQueries,
  products,
} from "~/server/db/schema";

export const DASHBOARD_TIME_ZONE = NZ_TIME_ZONE;
export const CHART_WEEKS = 12;

export type DashboardCounts = {
  products: number;
  caseStudies: number;
  certifications: number;
  contactContent: number;
};
export type WeekCount = { weekStart: string; count: number };

async function countOf(
  db: DbOrTx,
  table: typeof products | typeof caseStudies | typeof certifications | typeof contactContent,
) {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

export async function getDashboardCounts(db: DbOrTx = getDb()): Promise<DashboardCounts> {
  const [productCount, caseStudyCount, certificationCount, contactContentCount] = await Promise.all([
    countOf(db, products),
    countOf(db, caseStudies),
    countOf(db, certifications),
    countOf(db, contactContent),
  ]);
  return {
    products: productCount,
    caseStudies: caseStudyCount,
    certifications: certificationCount,
    contactContent: contactContentCount,
  };
}

/**
 * Published products without complete building information: no sheet, or a designated sheet
 * that is incomplete and links to no published information.
 */
export function getProductsMissingBuildingInfo() {
  return countProductsMissingBuildingInfo();
}

/** Monday 00:00 of the week `now` falls in, New Zealand time, as an instant. */
function weekStartOf(now: Date) {
  return sql`(date_trunc('week', ${now.toISOString()}::timestamptz at time zone ${DASHBOARD_TIME_ZONE}) at time zone ${DASHBOARD_TIME_ZONE})`;
}

/**
 * One row per week, oldest first, the current week last (zero when none came in), spam left out.
 * Each week is matched as a created_at range, so the created_at index serves it.
 */
export async function getEnquiriesPerWeek(now = new Date(), weeks = CHART_WEEKS, db: DbOrTx = getDb()) {
  const tz = DASHBOARD_TIME_ZONE;
  const nowText = now.toISOString();
  const result = await db.execute<{ week_start: string; count: number }>(sql`
    select to_char(w.week, 'YYYY-MM-DD') as week_start, count(q.id)::int as count
    from generate_series(
      date_trunc('week', ${nowText}::timestamptz at time zone ${tz}) - make_interval(weeks => ${weeks - 1}::int),
      date_trunc('week', ${nowText}::timestamptz at time zone ${tz}),
      interval '1 week'
    ) as w(week)
    left join contact_queries q
      on q.created_at >= (w.week at time zone ${tz})
     and q.created_at < ((w.week + interval '1 week') at time zone ${tz})
     and q.status <> ${"Spam" satisfies EnquiryStatus}
    group by w.week
    order by w.week`);
  const rows = (result as unknown as { rows: { week_start: string; count: number | string }[] }).rows;
  return rows.map((row): WeekCount => ({ weekStart: row.week_start, count: Number(row.count) }));
}

/** New enquiries (the sidebar badge's rule) received since Monday, New Zealand time. */
export async function countNewEnquiriesThisWeek(now = new Date(), db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ n: count() })
    .from(contactQueries)
    .where(and(NEW_ENQUIRY, gte(contactQueries.createdAt, weekStartOf(now))));
  return Number(row?.n ?? 0);
}

export async function getEnquiryStats(now = new Date()) {
  const [perWeek, thisWeek] = await Promise.all([getEnquiriesPerWeek(now), countNewEnquiriesThisWeek(now)]);
  return { thisWeek, perWeek };
}

/** Consent packs downloaded since the first of this month, New Zealand time, from anywhere. */
export async function countConsentPacksThisMonth(now = new Date(), db: DbOrTx = getDb()) {
  const tz = DASHBOARD_TIME_ZONE;
  const [row] = await db
    .select({ n: count() })
    .from(consentPackDownloads)
    .where(
      gte(
        consentPackDownloads.createdAt,
        sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${tz}) at time zone ${tz})`,
      ),
    );
  return Number(row?.n ?? 0);
}
