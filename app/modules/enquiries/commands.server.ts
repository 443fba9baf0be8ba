// Enquiries are written by these commands (run through server/commands/runner.server.ts): staff
// follow an enquiry to a close (its status, alone or a page at a time, its owner, internal
// notes), admins delete one and keep the subjects of the contact form, and the retention job
// deletes old attachments.
//
// Each follow-up change and its enquiry_events row are written in the command's one transaction,
// after the enquiry's row is locked (SELECT … FOR UPDATE) and its previous value read under that
// lock: two staff changing the same enquiry at once are applied one after the other, each history
// entry going from what the other left, and none is lost. A change to the value already there
// writes nothing. Times come from the database's statement clock, read after the lock, so the
// history is in the order the changes were made.
//
// Who may follow enquiries up is who may quote (modules/quotes/access.server.ts, which imports
// this module, so it is not asked here): the routes admit them; the commands admit staff.
import { and, asc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { CLOSED_ENQUIRY_STATUSES, type EnquiryStatus, STAFF_ROLES } from "~/lib/vocabulary";
import { resolveQuoteLines } from "~/modules/quote-list/quote-list.server";
import type { QuoteEntry } from "~/modules/quote-list/quote-list-cookie";
import { withUniqueName } from "~/modules/taxonomy/admin.server";
import type { Actor } from "~/server/commands/actor";
import { defineCommand } from "~/server/commands/runner.server";
import { afterCommit, getDb, inTransactionScope } from "~/server/db/db.server";
import {
  contactQueries,
  contactSubjects,
  enquiryEvents,
  enquiryLines,
  enquiryNotes,
  users,
} from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { notFound } from "~/server/http/not-found";
import { logger } from "~/server/logger.server";
import { wakeMailWorker } from "~/server/mail/outbox.server";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";
import { contactSubjectEntity, enquiryEntity } from "./entity";
import { isClosedStatus } from "./follow-up.schema";
import { findJobForEnquiry } from "./from-job.server";
import { enqueueEnquiryMail } from "./mail.server";
import { formatReference } from "./reference";
import { type EnquiryKind, QUICK_SUBJECT, withProductLine } from "./schema";
import type { EnquiryScreening } from "./spam.server";
import type { SubjectInput } from "./subjects.schema";

export const ENQUIRY_NOT_FOUND = "This enquiry does not exist.";

export const OWNER_NOT_STAFF =
  "The owner must be an active staff member (admin or sales). Choose one from the list.";

/** Who moved an enquiry, in its history: a staff member, or the server or a customer (id null). */
export type EventActor = { id: string | null; name: string | null };

/** The actor of a command as its enquiry history names it: staff by account, others by name. */
export function eventActorOf(actor: Actor): EventActor {
  if (actor.kind === "staff") return { id: actor.user.id, name: actor.user.name };
  const named = actor.kind === "customer" || actor.kind === "account";
  return { id: null, name: named ? actor.actor.name : null };
}

const NOW = sql`statement_timestamp()`;

// ------------------------------------------------------------------ status

export type StatusChange = { changed: number; unchanged: number; missing: number };

/**
 * Moves each enquiry to `status`: locks the rows (in id order, so two bulk changes cannot
 * deadlock), skips those already there, updates the rest in one statement and logs each move.
 * closed_at is set when an open enquiry is closed, kept from Won to Lost, cleared on reopening.
 */
async function changeStatuses(
  actor: EventActor,
  ids: readonly string[],
  status: EnquiryStatus,
): Promise<StatusChange> {
  const unique = [...new Set(ids)];
  const before = await getDb()
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
  const updated = await getDb()
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
  await getDb()
    .insert(enquiryEvents)
    .values(
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

/**
 * One enquiry's status, as a step of a command's work (a quote sent moves its enquiry to Quoted):
 * false when it already had it (nothing written); a 404 when there is no such enquiry.
 */
export async function setEnquiryStatus(actor: EventActor, id: string, status: EnquiryStatus) {
  // Its row lock and its history entry hold only inside the command's transaction.
  if (!inTransactionScope()) throw new Error("setEnquiryStatus runs inside a command's work");
  const result = await changeStatuses(actor, [id], status);
  if (result.missing) throw notFound(ENQUIRY_NOT_FOUND);
  return result.changed > 0;
}

/** The enquiry's page's status change; false when it already had that status. */
export const changeEnquiryStatus = defineCommand({
  name: "enquiry.status",
  entity: enquiryEntity,
  access: "staff",
  target: (input: { id: string; status: EnquiryStatus }) => ({ action: "update", id: input.id }),
  run: (input, { actor }) => setEnquiryStatus(eventActorOf(actor), input.id, input.status),
});

/** The list's bulk change: at most a page of ids, each move in the history and the audit log. */
export const changeEnquiryStatuses = defineCommand({
  name: "enquiry.bulk_status",
  entity: enquiryEntity,
  access: "staff",
  target: (input: { ids: readonly string[]; status: EnquiryStatus }) => ({ action: "update", id: input.ids }),
  run: (input, { actor }) => changeStatuses(eventActorOf(actor), input.ids, input.status),
});

// ------------------------------------------------------------------ owner

/**
 * Assigns the enquiry to an active staff user, or to nobody (null). Anyone else (a 'user', a
 * deactivated account, an unknown id) is refused with OWNER_NOT_STAFF and nothing is written.
 * The new owner's row is held FOR SHARE until commit, so a deactivation at the same moment waits
 * and cannot leave an enquiry owned by an inactive account the check just let through.
 * Returns false when the owner was already that one (nothing written).
 */
export const assignEnquiryOwner = defineCommand({
  name: "enquiry.owner",
  entity: enquiryEntity,
  access: "staff",
  target: (input: { id: string; ownerId: string | null }) => ({ action: "update", id: input.id }),
  run: async ({ id, ownerId }, { actor }) => {
    const [before] = await getDb()
      .select({ ownerId: contactQueries.ownerId })
      .from(contactQueries)
      .where(eq(contactQueries.id, id))
      .for("update");
    if (!before) throw notFound(ENQUIRY_NOT_FOUND);
    // Before the staff check: keeping an owner who has since left is not a change, and not refused.
    if ((before.ownerId ?? null) === ownerId) return false;
    let owner: { id: string; name: string } | null = null;
    if (ownerId) {
      [owner = null] = await getDb()
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.id, ownerId), inArray(users.role, [...STAFF_ROLES]), eq(users.isActive, true)))
        .for("share");
      if (!owner) throw new InputError(OWNER_NOT_STAFF);
    }
    const [previous] = before.ownerId
      ? await getDb().select({ name: users.name }).from(users).where(eq(users.id, before.ownerId))
      : [];
    await getDb()
      .update(contactQueries)
      .set({ ownerId: owner?.id ?? null, updatedAt: NOW })
      .where(eq(contactQueries.id, id));
    const by = eventActorOf(actor);
    await getDb()
      .insert(enquiryEvents)
      .values({
        enquiryId: id,
        actorId: by.id,
        actorName: by.name,
        kind: "owner",
        // Names, not ids: the history reads the same after an account is renamed away or deleted.
        fromValue: previous?.name ?? null,
        toValue: owner?.name ?? null,
        createdAt: NOW,
      });
    return true;
  },
});

// ------------------------------------------------------------------ notes

/** An internal note (body already trimmed, 1–5000 characters), with its history entry. */
export const addEnquiryNote = defineCommand({
  name: "enquiry.note",
  entity: enquiryEntity,
  access: "staff",
  target: (input: { id: string; body: string }) => ({
    action: "update",
    id: input.id,
    // A note is a row of its own: the enquiry's row does not show it.
    changes: { note: { before: null, after: input.body } },
  }),
  run: async ({ id, body }, { actor }) => {
    // KEY SHARE: the enquiry cannot be deleted under the note; status changes are not blocked.
    const [enquiry] = await getDb()
      .select({ id: contactQueries.id })
      .from(contactQueries)
      .where(eq(contactQueries.id, id))
      .for("key share");
    if (!enquiry) throw notFound(ENQUIRY_NOT_FOUND);
    const by = eventActorOf(actor);
    const [note] = await getDb()
      .insert(enquiryNotes)
      .values({ enquiryId: id, authorId: by.id, authorName: actor.actor.name ?? "", body, createdAt: NOW })
      .returning({ id: enquiryNotes.id });
    if (!note) throw new Error("The note insert returned no row");
    await getDb().insert(enquiryEvents).values({
      enquiryId: id,
      actorId: by.id,
      actorName: by.name,
      kind: "note",
      toValue: note.id,
      createdAt: NOW,
    });
  },
});

// ------------------------------------------------------------------ delete

/** Deletes one stored file once the change is committed; a file left behind is logged (the orphan sweep removes it). */
function deleteFileAfterCommit(fileUrl: string | null) {
  const stored = parseStoredPath(fileUrl);
  if (!stored) return;
  void afterCommit(async () => {
    try {
      await getStorage().delete(stored.bucket, stored.name);
    } catch (error) {
      logger.warn({ err: error, fileUrl }, "enquiry deleted but its file could not be removed");
    }
  });
}

/** Deletes the enquiry (its lines, notes and history with it), then its attached file. */
export const deleteEnquiry = defineCommand({
  name: "enquiry.delete",
  entity: enquiryEntity,
  access: "admin",
  target: (input: { id: string }) => ({ action: "delete", id: input.id }),
  run: async (input) => {
    const [row] = await getDb()
      .delete(contactQueries)
      .where(eq(contactQueries.id, input.id))
      .returning({ fileUrl: contactQueries.fileUrl });
    if (!row) throw new InputError("This query no longer exists.");
    deleteFileAfterCommit(row.fileUrl);
  },
});

// ------------------------------------------------------------------ attachment retention

/**
 * An enquiry whose attachment the retention setting says must go: closed (Won, Lost, Spam)
 * before `cutoff`, with a file still stored.
 */
export function attachmentExpired(cutoff: Date) {
  return and(
    inArray(contactQueries.status, [...CLOSED_ENQUIRY_STATUSES]),
    isNotNull(contactQueries.fileUrl),
    lt(contactQueries.closedAt, cutoff),
  );
}

/** Thrown when an enquiry no longer qualifies for retention (reopened meanwhile): nothing is written. */
export class AttachmentNoLongerDue extends Error {}

/**
 * The retention sweep's deletion of one closed enquiry's attachment; AttachmentNoLongerDue when
 * the enquiry no longer qualifies (reopened meanwhile: nothing written, no event). The row is
 * locked and checked again, cleared and its history told; the file goes last, in the same
 * transaction, so that a storage refusal rolls the row back to point at a file that is still
 * there (for the next sweep), and the row never says a file is gone that is not. A file already
 * gone is fine. The lock is on one enquiry closed for months, which no one is waiting on.
 */
export const deleteExpiredAttachment = defineCommand({
  name: "enquiry.attachment_retention",
  entity: enquiryEntity,
  access: "admin",
  target: (input: { id: string; reference: string; cutoff: Date; now: Date }) => ({
    action: "update",
    id: input.id,
    summary: `Deleted the attachment of enquiry ${input.reference} under the retention setting`,
  }),
  run: async ({ id, cutoff, now }) => {
    const [row] = await getDb()
      .select({ fileUrl: contactQueries.fileUrl })
      .from(contactQueries)
      .where(and(eq(contactQueries.id, id), attachmentExpired(cutoff)))
      .for("update");
    if (!row?.fileUrl) throw new AttachmentNoLongerDue();
    await getDb()
      .update(contactQueries)
      .set({ fileUrl: null, attachmentDeletedAt: now, updatedAt: now })
      .where(eq(contactQueries.id, id));
    await getDb()
      .insert(enquiryEvents)
      .values({ enquiryId: id, kind: "attachment_deleted", fromValue: row.fileUrl, createdAt: now });
    const stored = parseStoredPath(row.fileUrl);
    if (stored) await getStorage().delete(stored.bucket, stored.name);
    else logger.warn({ id, fileUrl: row.fileUrl }, "enquiry file_url is not a stored path; cleared");
  },
});

// ------------------------------------------------------------------ subjects

function duplicateSubject(name: string) {
  return `A subject named "${name}" already exists.`;
}

const SUBJECT_GONE = "This subject no longer exists.";

export type SubjectIntent =
  | ({ intent: "create-subject" } & SubjectInput)
  | ({ intent: "update-subject"; id: string } & SubjectInput)
  | { intent: "toggle-subject"; id: string; isActive: boolean }
  | { intent: "delete-subject"; id: string };

async function expectSubject(rows: { id: string }[]) {
  if (rows.length === 0) throw new InputError(SUBJECT_GONE);
}

/** Subject Management: creates (active), edits, switches on or off, or deletes a subject. */
export const saveSubject = defineCommand({
  name: "contact_subject.save",
  entity: contactSubjectEntity,
  access: "admin",
  target: (input: SubjectIntent) =>
    input.intent === "create-subject"
      ? { action: "create", id: null }
      : { action: input.intent === "delete-subject" ? "delete" : "update", id: input.id },
  run: async (input) => {
    const returning = { id: contactSubjects.id };
    switch (input.intent) {
      case "create-subject": {
        const [row] = await withUniqueName(
          () =>
            getDb()
              .insert(contactSubjects)
              .values({ subjectName: input.subjectName, isActive: true })
              .returning(returning),
          duplicateSubject(input.subjectName),
        );
        return row;
      }
      case "update-subject":
        return expectSubject(
          await withUniqueName(
            () =>
              getDb()
                .update(contactSubjects)
                .set({ subjectName: input.subjectName, isActive: input.isActive })
                .where(eq(contactSubjects.id, input.id))
                .returning(returning),
            duplicateSubject(input.subjectName),
          ),
        );
      case "toggle-subject":
        return expectSubject(
          await getDb()
            .update(contactSubjects)
            .set({ isActive: input.isActive })
            .where(eq(contactSubjects.id, input.id))
            .returning(returning),
        );
      case "delete-subject":
        return expectSubject(
          await getDb().delete(contactSubjects).where(eq(contactSubjects.id, input.id)).returning(returning),
        );
    }
  },
});

// ------------------------------------------------------------------ a visitor's enquiry

export type ReceiveEnquiryInput = {
  kind: EnquiryKind;
  /** The form as its schema judged it (the quick form has no subject and no product). */
  value: {
    fullName: string;
    email: string;
    phone?: string;
    subject?: string;
    message: string;
    product?: string;
    /** The job the contact form was sent from (its hidden field): a claim, checked against `sender`. */
    job?: string;
  };
  /** The enquiry screen's verdict (spam.server.ts). */
  screening: EnquiryScreening;
  /** Where the attachment is stored once kept (the runner stores it before the transaction). */
  attachment: string | null;
  /** The visitor's quote list as their cookie has it: sent with a contact enquiry not from a job. */
  quoteList: readonly QuoteEntry[];
  /**
   * Who sent it as the server knows them: the signed-in customer's account (from the session,
   * never from the form), and the job the form said it was sent from (still to be checked).
   */
  sender: { userId: string | null; jobId: string | null };
  clientIp: string | null;
  receivedAt: Date;
};

/** A job posted with an enquiry that is not the signed-in customer's own (or no one is signed in). */
export const JOB_NOT_YOURS =
  "This job is not one of your jobs, or no longer exists. Sign in and send the list again from the job's page.";

/**
 * Stores a visitor's enquiry: its row (New, or Spam as the screen found it), its quote-list
 * lines, its first history event and, for a person's enquiry, its e-mails in the outbox; the mail
 * worker is woken after the commit, so neither SMTP's speed nor an outage reaches the visitor.
 */
export const receiveEnquiry = defineCommand({
  name: "enquiry.receive",
  entity: enquiryEntity,
  access: "anyone",
  target: () => ({
    action: "create" as const,
    id: null,
    keepValues: false,
    detail: (received: { reference: string; spam: unknown }) => ({
      subject: `enquiry ${received.reference}${received.spam ? " (as spam)" : ""}`,
    }),
  }),
  run: async (input: ReceiveEnquiryInput) => {
    const { kind, value, screening, receivedAt: now } = input;
    const { spam } = screening;
    // Honeypot and fill-time spam keep their quote list too: if staff find a person in Spam,
    // nothing of what they sent is missing. A rate-limited post is only evidence.
    // Sent from a job: the job must be the signed-in customer's own, or nothing is stored. Its
    // published products, as named now, are the enquiry's lines (the quote list stays as it is).
    const { userId, jobId } = input.sender;
    const job =
      jobId !== null ? (userId ? await findJobForEnquiry(userId, jobId, { lock: true }) : null) : null;
    if (jobId !== null && !job) throw new InputError(JOB_NOT_YOURS);
    const listed = job ? job.lines : kind === "contact" ? await resolveQuoteLines(input.quoteList) : [];
    const lines = spam === "rate_limit" ? [] : listed;
    const [row] = await getDb()
      .insert(contactQueries)
      .values({
        source: kind,
        fullName: value.fullName,
        email: value.email,
        phone: value.phone || null,
        // The quick form's schema has no subject: whatever was posted for it is never read.
        subject: kind === "contact" && value.subject ? value.subject : QUICK_SUBJECT,
        message: withProductLine(value.message, value.product),
        fileUrl: input.attachment,
        status: spam ? "Spam" : "New",
        spamReason: spam,
        closedAt: spam ? now : null,
        clientIp: input.clientIp ?? "unknown",
        userId,
        jobId: job?.id ?? null,
        jobName: job?.name ?? null,
        jobSiteAddress: job?.siteAddress ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("The insert returned no row");
    if (lines.length > 0) {
      await getDb()
        .insert(enquiryLines)
        .values(
          lines.map((line, position) => ({
            enquiryId: row.id,
            productId: line.productId,
            productName: line.productName,
            quantity: line.quantity,
            position,
          })),
        );
    }
    await getDb()
      .insert(enquiryEvents)
      .values({ enquiryId: row.id, kind: "received", toValue: spam ? "Spam" : "New", createdAt: now });
    if (!spam) {
      await enqueueEnquiryMail(getDb(), row, lines, { acknowledge: screening.acknowledge });
      // Deferred to the commit by itself: send now, not at the worker's next tick.
      wakeMailWorker();
    }
    const reference = formatReference(row.referenceNo, row.createdAt);
    void afterCommit(() =>
      logger.info(
        { id: row.id, reference, kind, withFile: Boolean(input.attachment), lines: lines.length, spam },
        spam ? "enquiry stored as spam" : "enquiry received",
      ),
    );
    return { id: row.id, reference, spam };
  },
});
