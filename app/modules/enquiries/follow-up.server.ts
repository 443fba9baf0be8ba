// Following an enquiry to a close: its status, its owner, internal notes and the history of all
// three. Every change and its enquiry_events row are written in one transaction, after the
// enquiry's row is locked (SELECT … FOR UPDATE) and its previous value read under that lock: two
// admins changing the same enquiry at once are applied one after the other, each history entry
// going from what the other left, and none is lost. A change to the value already there writes
// nothing. Times come from the database's statement clock, read after the lock, so the history
// is in the order the changes were made.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { quoteNumber } from "~/lib/quote-number";
import { CLOSED_ENQUIRY_STATUSES, type EnquiryStatus, type Role, STAFF_ROLES } from "~/lib/vocabulary";
import type { SessionUser } from "~/server/auth/guards.server";
import type { Transaction } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import {
  contactQueries,
  enquiryEvents,
  enquiryLines,
  enquiryNotes,
  products,
  quoteEvents,
  quotes,
  users,
} from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import type { Toast } from "~/server/toast.server";
import { type EnquiryIntent, isClosedStatus, TIMELINE_LIMIT, type TimelineEntry } from "./follow-up.schema";
import { formatReference } from "./reference";

/** The enquiry asked for is not there (never was, or was deleted): the route answers 404. */
export class EnquiryNotFoundError extends Error {
  constructor() {
    super("This enquiry no longer exists.");
  }
}

export const OWNER_NOT_STAFF =
  "The owner must be an active staff member (admin or sales). Choose one from the list.";

type Actor = Pick<SessionUser, "id" | "name">;
/** Who moved an enquiry: a staff member, or the server or a customer (no account: id null). */
export type EventActor = { id: string | null; name: string | null };

const NOW = sql`statement_timestamp()`;

// ------------------------------------------------------------------ reads

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

export type EnquiryLineView = {
  productName: string;
  quantity: number;
  /** The product's id while it still exists (its current name may differ from the snapshot). */
  productId: string | null;
  currentName: string | null;
};

export type EnquiryDetail = Omit<typeof contactQueries.$inferSelect, "clientIp"> & {
  reference: string;
  ownerName: string | null;
  lines: EnquiryLineView[];
  timeline: TimelineEntry[];
};

export async function getEnquiryDetail(id: string): Promise<EnquiryDetail | null> {
  const db = getDb();
  const [row] = await db
    .select({ enquiry: contactQueries, ownerName: users.name })
    .from(contactQueries)
    .leftJoin(users, eq(users.id, contactQueries.ownerId))
    .where(eq(contactQueries.id, id));
  if (!row) return null;
  const [lines, events, notes, quoteHistory] = await Promise.all([
    db
      .select({
        productName: enquiryLines.productName,
        quantity: enquiryLines.quantity,
        productId: products.id,
        currentName: products.name,
      })
      .from(enquiryLines)
      .leftJoin(products, eq(products.id, enquiryLines.productId))
      .where(eq(enquiryLines.enquiryId, id))
      .orderBy(asc(enquiryLines.position), asc(enquiryLines.id)),
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
  const { clientIp: _clientIp, ...enquiry } = row.enquiry;
  const reference = formatReference(enquiry.referenceNo, enquiry.createdAt);
  return {
    ...enquiry,
    reference,
    ownerName: row.ownerName,
    lines,
    timeline: [
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
      .slice(0, TIMELINE_LIMIT),
  };
}

// ------------------------------------------------------------------ status

export type StatusChange = { changed: number; unchanged: number; missing: number };

/**
 * Moves each enquiry to `status`: locks the rows (in id order, so two bulk changes cannot
 * deadlock), skips those already there, updates the rest in one statement and logs each move.
 * closed_at is set when an open enquiry is closed, kept from Won to Lost, cleared on reopening.
 */
async function changeStatuses(
  tx: Transaction,
  actor: EventActor,
  ids: readonly string[],
  status: EnquiryStatus,
): Promise<StatusChange> {
  const unique = [...new Set(ids)];
  const before = await tx
    .select({ id: contactQueries.id, status: contactQueries.status })
    .from(contactQueries)
    .where(inArray(contactQueries.id, unique))
    .orderBy(asc(contactQueries.id))
    .for("update");
  const moving = before.filter((row) => row.status !== status);
  const result = {
    changed: moving.length,
    unchanged: before.length - moving.length,
    missing: unique.length - before.length,
  };
  if (moving.length === 0) return result;
  const closedStatuses = inArray(contactQueries.status, [...CLOSED_ENQUIRY_STATUSES]);
  const updated = await tx
    .update(contactQueries)
    .set({
      status,
      // Evaluated against the row as it was: already closed keeps its date.
      closedAt: isClosedStatus(status)
        ? sql`case when ${closedStatuses} then ${contactQueries.closedAt} else ${NOW} end`
        : null,
      updatedAt: NOW,
    })
    .where(
      inArray(
        contactQueries.id,
        moving.map((row) => row.id),
      ),
    )
    .returning({ id: contactQueries.id });
  if (updated.length !== moving.length) throw new Error("A locked enquiry was not updated");
  await tx.insert(enquiryEvents).values(
    moving.map((row) => ({
      enquiryId: row.id,
      actorId: actor.id,
      actorName: actor.name,
      kind: "status" as const,
      fromValue: row.status,
      toValue: status,
      createdAt: NOW,
    })),
  );
  return result;
}

/** One enquiry's status; false when it already had it (nothing written). */
export async function setEnquiryStatus(actor: EventActor, id: string, status: EnquiryStatus) {
  const result = await getDb().transaction((tx) => changeStatuses(tx, actor, [id], status));
  if (result.missing) throw new EnquiryNotFoundError();
  return result.changed > 0;
}

/** The bulk change of the list: at most a page of ids, one transaction, each move in history. */
export function bulkSetEnquiryStatus(actor: Actor, ids: readonly string[], status: EnquiryStatus) {
  return getDb().transaction((tx) => changeStatuses(tx, actor, ids, status));
}

// ------------------------------------------------------------------ owner

/**
 * Assigns the enquiry to an active staff user, or to nobody (null). Anyone else (a 'user', a
 * deactivated account, an unknown id) is refused with OWNER_NOT_STAFF and nothing is written.
 * The new owner's row is held FOR SHARE until commit, so a deactivation at the same moment waits
 * and cannot leave an enquiry owned by an inactive account the check just let through.
 * Returns false when the owner was already that one (nothing written).
 */
export async function setEnquiryOwner(actor: Actor, id: string, ownerId: string | null) {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ ownerId: contactQueries.ownerId })
      .from(contactQueries)
      .where(eq(contactQueries.id, id))
      .for("update");
    if (!before) throw new EnquiryNotFoundError();
    // Before the staff check: keeping an owner who has since left is not a change, and not refused.
    if ((before.ownerId ?? null) === ownerId) return false;
    let owner: { id: string; name: string } | null = null;
    if (ownerId) {
      [owner = null] = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.id, ownerId), inArray(users.role, [...STAFF_ROLES]), eq(users.isActive, true)))
        .for("share");
      if (!owner) throw new InputError(OWNER_NOT_STAFF);
    }
    const [previous] = before.ownerId
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, before.ownerId))
      : [];
    await tx
      .update(contactQueries)
      .set({ ownerId: owner?.id ?? null, updatedAt: NOW })
      .where(eq(contactQueries.id, id))
      .returning({ id: contactQueries.id });
    await tx.insert(enquiryEvents).values({
      enquiryId: id,
      actorId: actor.id,
      actorName: actor.name,
      kind: "owner",
      // Names, not ids: the history reads the same after an account is renamed away or deleted.
      fromValue: previous?.name ?? null,
      toValue: owner?.name ?? null,
      createdAt: NOW,
    });
    return true;
  });
}

// ------------------------------------------------------------------ notes

/** An internal note (body already trimmed, 1–5000 characters), with its history entry. */
export async function addEnquiryNote(actor: Actor, id: string, body: string) {
  await getDb().transaction(async (tx) => {
    // KEY SHARE: the enquiry cannot be deleted under the note; status changes are not blocked.
    const [enquiry] = await tx
      .select({ id: contactQueries.id })
      .from(contactQueries)
      .where(eq(contactQueries.id, id))
      .for("key share");
    if (!enquiry) throw new EnquiryNotFoundError();
    const [note] = await tx
      .insert(enquiryNotes)
      .values({ enquiryId: id, authorId: actor.id, authorName: actor.name, body, createdAt: NOW })
      .returning({ id: enquiryNotes.id });
    if (!note) throw new Error("The note insert returned no row");
    await tx.insert(enquiryEvents).values({
      enquiryId: id,
      actorId: actor.id,
      actorName: actor.name,
      kind: "note",
      toValue: note.id,
      createdAt: NOW,
    });
  });
}

/** One follow-up form of the enquiry's page, carried out; what the toast says of it. */
export async function applyFollowUp(
  actor: Actor,
  id: string,
  value: Exclude<EnquiryIntent, { intent: "create-quote" }>,
): Promise<Toast> {
  switch (value.intent) {
    case "set-status":
      return (await setEnquiryStatus(actor, id, value.status))
        ? { type: "success", title: `Status changed to ${value.status}` }
        : { type: "info", title: `The status was already ${value.status}` };
    case "set-owner":
      return (await setEnquiryOwner(actor, id, value.ownerId))
        ? { type: "success", title: value.ownerId ? "Owner assigned" : "Owner removed" }
        : { type: "info", title: "The owner is unchanged" };
    case "add-note":
      await addEnquiryNote(actor, id, value.body);
      return { type: "success", title: "Note added" };
  }
}
