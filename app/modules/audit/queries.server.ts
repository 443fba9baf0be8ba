// Reading the audit log: the admin screen's pages, its actor pick-list, a record's own history,
// and the CSV export of any filtered view (streamed in batches, newest first).
import { and, count, desc, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import { NZ_TIME_ZONE } from "~/lib/nz-date";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import { auditEvents } from "~/server/db/schema";
import type { AuditFilters } from "./filters";

export type AuditEventRow = typeof auditEvents.$inferSelect;

const NZ = NZ_TIME_ZONE;

/** The instant a New Zealand calendar day starts (the trader's day, whatever the server's zone). */
function nzDayStart(day: string) {
  return sql`(${day}::date::timestamp at time zone ${NZ})`;
}

function whereOf(filters: AuditFilters, q: string): SQL | undefined {
  return and(
    filters.actor ? eq(auditEvents.actorId, filters.actor) : undefined,
    filters.entity ? eq(auditEvents.entityType, filters.entity) : undefined,
    filters.entityId ? eq(auditEvents.entityId, filters.entityId) : undefined,
    filters.action ? eq(auditEvents.action, filters.action) : undefined,
    filters.from ? gte(auditEvents.occurredAt, nzDayStart(filters.from)) : undefined,
    filters.to ? lt(auditEvents.occurredAt, sql`${nzDayStart(filters.to)} + interval '1 day'`) : undefined,
    ilikeAny([auditEvents.summary, auditEvents.actorName, auditEvents.actorEmail], q),
  );
}

/** One page of events, newest first. */
export function listAuditEvents(filters: AuditFilters, { page, q }: { page: number; q: string }) {
  const where = whereOf(filters, q);
  return readPage<AuditEventRow>(
    page,
    () => getDb().select({ n: count() }).from(auditEvents).where(where),
    (offset) =>
      getDb()
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  ) satisfies Promise<Paged<AuditEventRow>>;
}

/** Everyone who has an event, for the actor filter: the name they last acted under. */
export async function listAuditActors(): Promise<{ id: string; name: string }[]> {
  const rows = await getDb()
    .selectDistinctOn([auditEvents.actorId], {
      id: auditEvents.actorId,
      name: auditEvents.actorName,
      email: auditEvents.actorEmail,
    })
    .from(auditEvents)
    .where(isNotNull(auditEvents.actorId))
    .orderBy(auditEvents.actorId, desc(auditEvents.occurredAt));
  return rows
    .map((row) => ({ id: row.id as string, name: row.name || row.email || (row.id as string) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const EXPORT_BATCH = 1000;

/** Every event of a filtered view, newest first, in batches (keyset paging: flat memory). */
export async function* readAuditEventsForExport(
  filters: AuditFilters,
  q: string,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<AuditEventRow[]> {
  let after: { at: string; id: string } | undefined;
  const where = whereOf(filters, q);
  do {
    const rows = await getDb()
      .select({ event: auditEvents, at: sql<string>`${auditEvents.occurredAt}::text` })
      .from(auditEvents)
      .where(
        and(
          where,
          after
            ? sql`(${auditEvents.occurredAt}, ${auditEvents.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows.map((row) => row.event);
    const last = rows.at(-1);
    after = last && rows.length === batchSize ? { at: last.at, id: last.event.id } : undefined;
  } while (after);
}
