// Following an enquiry to a close, the reads: who may own one, the count of new ones, and its
// history (its own events and its quotes'). The changes are commands (commands.server.ts).
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { quoteNumber } from "~/lib/quote-number";
import { type Role, STAFF_ROLES } from "~/lib/vocabulary";
import { getDb } from "~/server/db/db.server";
import { contactQueries, enquiryEvents, enquiryNotes, quoteEvents, quotes, users } from "~/server/db/schema";
import { TIMELINE_LIMIT, type TimelineEntry } from "./follow-up.schema";

export type StaffOption = { id: string; name: string; role: Role };

/** Who may own an enquiry: active admins and sales, by name. */
export async function getActiveStaff(): Promise<StaffOption[]> {
  const rows = await getDb()
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), eq(users.isActive, true)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({ ...row, role: row.role as Role }));
}

/**
 * What staff call a new enquiry: one nobody has taken up yet (status New; spam is never New). The
 * sidebar's badge and the dashboard's "New enquiries this week" both count by this.
 */
export const NEW_ENQUIRY: SQL = eq(contactQueries.status, "New");

/** The sidebar's count: every new enquiry. Served by the status index. */
export async function countNewEnquiries(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(contactQueries).where(NEW_ENQUIRY);
  return Number(row?.n ?? 0);
}

/** The enquiry's history, newest first: its events (a note with its text) and its quotes' events. */
export async function getEnquiryTimeline(id: string, reference: string): Promise<TimelineEntry[]> {
  const db = getDb();
  const [events, notes, quoteHistory] = await Promise.all([
    db
      .select({
        id: enquiryEvents.id,
        kind: enquiryEvents.kind,
        actorName: enquiryEvents.actorName,
        fromValue: enquiryEvents.fromValue,
        toValue: enquiryEvents.toValue,
        createdAt: enquiryEvents.createdAt,
      })
      .from(enquiryEvents)
      .where(eq(enquiryEvents.enquiryId, id))
      .orderBy(desc(enquiryEvents.createdAt), desc(enquiryEvents.id))
      .limit(TIMELINE_LIMIT),
    db
      .select({ id: enquiryNotes.id, body: enquiryNotes.body })
      .from(enquiryNotes)
      .where(eq(enquiryNotes.enquiryId, id)),
    db
      .select({
        id: quoteEvents.id,
        kind: quoteEvents.kind,
        actorName: quoteEvents.actorName,
        note: quoteEvents.note,
        createdAt: quoteEvents.createdAt,
        revision: quotes.revision,
      })
      .from(quoteEvents)
      .innerJoin(quotes, eq(quotes.id, quoteEvents.quoteId))
      .where(eq(quotes.enquiryId, id))
      .orderBy(desc(quoteEvents.createdAt), desc(quoteEvents.id))
      .limit(TIMELINE_LIMIT),
  ]);
  const noteText = new Map(notes.map((note) => [note.id, note.body]));
  return [
    ...events.map(
      (event): TimelineEntry => ({
        ...event,
        note: event.kind === "note" && event.toValue ? (noteText.get(event.toValue) ?? null) : null,
      }),
    ),
    // The quotes' own history (drafted, sent, viewed, answered, …) in the same list.
    ...quoteHistory.map(
      (event): TimelineEntry => ({
        id: event.id,
        kind: "quote",
        actorName: event.actorName,
        fromValue: quoteNumber(reference, event.revision),
        toValue: event.kind,
        createdAt: event.createdAt,
        note: event.note,
      }),
    ),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, TIMELINE_LIMIT);
}
