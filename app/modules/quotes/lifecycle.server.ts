// A quote from the moment it is sent: locked, reachable by the customer through a secret link,
// answered (accepted, changes requested, declined), replaced by a newer revision, withdrawn, or
// expired by the server. Every move is a quote_events row, and the enquiry follows: a sent quote
// makes it Quoted, an accepted one Won, a declined or expired one Lost.
//
// A link's token is 32 random bytes (256 bits), shown once (in its e-mail) and stored only as its
// SHA-256 in quote_links, so the database alone cannot rebuild a customer's link. Each e-mail (the
// quote, its reminder) carries a link of its own.
import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, ne, sql } from "drizzle-orm";
import { formatNzDate } from "~/lib/nz-date";
import { OPEN_QUOTE_STATUSES, type QuoteDeclineReason, type QuoteStatus } from "~/lib/vocabulary";
import { type EventActor, setEnquiryStatus } from "~/modules/enquiries/commands.server";
import { getDb, inTransaction } from "~/server/db/db.server";
import { quoteEvents, quoteLines, quoteLinks, quotes } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { wakeMailWorker } from "~/server/mail/outbox.server";
import { periodic } from "~/server/runtime/housekeeping.server";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";
import { nzDatePlusDays, QUOTE_LOCKED, QUOTE_NOT_FOUND } from "./drafts.server";
import { DECLINE_REASON_LABELS } from "./labels";
import {
  queueAcceptanceCopy,
  queueAnswerNotice,
  queueQuoteMail,
  queueWithdrawalNotice,
  readQuoteDocument,
  storeQuotePdf,
} from "./mail.server";
import { getQuoteSettings } from "./settings.server";

export const QUOTE_NOT_LATEST = "A newer revision of this quote exists: send that one instead.";
export const QUOTE_HAS_NO_LINES = "Add at least one line before sending the quote.";
export const QUOTE_VALIDITY_PAST = "The valid-until date has passed: choose a later date before sending.";
export const QUOTE_CLOSED = "This quote can no longer be answered.";

/** A new link to the quote: its token (256 random bits, URL-safe), of which only the hash is kept. */
async function newQuoteLink(quoteId: string) {
  const token = crypto.randomBytes(32).toString("base64url");
  await getDb()
    .insert(quoteLinks)
    .values({ quoteId, tokenHash: hashQuoteToken(token) });
  return token;
}

export function hashQuoteToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A token as the link carries it: 43 URL-safe characters; anything else is no token at all. */
export function isWellFormedToken(token: string) {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

async function recordEvent(
  quoteId: string,
  kind: (typeof quoteEvents.$inferInsert)["kind"],
  actor: EventActor,
  note: string | null = null,
) {
  await getDb().insert(quoteEvents).values({ quoteId, kind, actorId: actor.id, actorName: actor.name, note });
}

/** The open revisions of an enquiry other than `exceptId`, locked, for superseding. */
async function supersedeOthers(enquiryId: string, exceptId: string, actor: EventActor, by: string) {
  const others = await getDb()
    .update(quotes)
    .set({ status: "superseded", updatedAt: new Date() })
    .where(
      and(
        eq(quotes.enquiryId, enquiryId),
        ne(quotes.id, exceptId),
        inArray(quotes.status, [...OPEN_QUOTE_STATUSES, "changes_requested"]),
      ),
    )
    .returning({ id: quotes.id });
  for (const other of others) await recordEvent(other.id, "superseded", actor, `Replaced by ${by}`);
}

/**
 * Sends a draft: checks it is the latest revision, has lines and a validity in the future, locks
 * it with the terms and the trader's details as they stand, supersedes the revisions before it,
 * and moves the enquiry to Quoted. Returns the link's token (the only time it exists in clear).
 */
export async function sendQuote(actor: EventActor, quoteId: string, number: string, now = new Date()) {
  return inTransaction(async (): Promise<{ token: string; pdfPath: string }> => {
    const db = getDb();
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!quote) throw new InputError(QUOTE_NOT_FOUND);
    if (quote.status !== "draft") throw new InputError(QUOTE_LOCKED);
    const [newer] = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.enquiryId, quote.enquiryId), sql`${quotes.revision} > ${quote.revision}`))
      .limit(1);
    if (newer) throw new InputError(QUOTE_NOT_LATEST);
    const [lines] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, quoteId));
    if (!lines?.n) throw new InputError(QUOTE_HAS_NO_LINES);
    if (quote.validUntil < nzDatePlusDays(0, now)) throw new InputError(QUOTE_VALIDITY_PAST);

    const settings = await getQuoteSettings(db);
    await db
      .update(quotes)
      .set({
        status: "sent",
        sentAt: now,
        termsSnapshot: settings.terms,
        traderSnapshot: { name: settings.traderName, gstNumber: settings.gstNumber, nzbn: settings.nzbn },
        updatedAt: now,
      })
      .where(eq(quotes.id, quoteId));
    const token = await newQuoteLink(quoteId);
    await recordEvent(quoteId, "sent", actor, `Sent to ${quote.customerEmail}`);
    await supersedeOthers(quote.enquiryId, quoteId, actor, number);
    await setEnquiryStatus(actor, quote.enquiryId, "Quoted");
    const pdf = await storeQuotePdf(quoteId);
    try {
      await queueQuoteMail(pdf.document, pdf.path, token);
    } catch (error) {
      await removeStoredFile(pdf.path);
      throw error;
    }
    wakeMailWorker();
    return { token, pdfPath: pdf.path };
  });
}

/** A stored file written by a transaction that then failed: nothing will ever name it. */
async function removeStoredFile(storedPath: string) {
  const stored = parseStoredPath(storedPath);
  if (stored)
    await getStorage()
      .delete(stored.bucket, stored.name)
      .catch(() => undefined);
}

/** The quote a customer's link names, or null (an unknown, altered or malformed token). */
export async function findQuoteIdByToken(token: string) {
  if (!isWellFormedToken(token)) return null;
  const [row] = await getDb()
    .select({ id: quoteLinks.quoteId })
    .from(quoteLinks)
    .where(eq(quoteLinks.tokenHash, hashQuoteToken(token)));
  return row?.id ?? null;
}

/** The customer opened the link: a sent quote becomes viewed (once; later views change nothing). */
export async function markQuoteViewed(quoteId: string, now = new Date()) {
  const [viewed] = await getDb()
    .update(quotes)
    .set({ status: "viewed", viewedAt: now, updatedAt: now })
    .where(and(eq(quotes.id, quoteId), eq(quotes.status, "sent")))
    .returning({ id: quotes.id });
  if (viewed) await recordEvent(quoteId, "viewed", { id: null, name: "Customer" });
  return Boolean(viewed);
}

export type QuoteAnswer =
  | { kind: "accept"; name: string; purchaseOrder: string | null }
  | { kind: "changes"; message: string }
  | { kind: "decline"; reason: QuoteDeclineReason; message: string | null };

const ANSWER_STATUS: Record<QuoteAnswer["kind"], QuoteStatus> = {
  accept: "accepted",
  changes: "changes_requested",
  decline: "declined",
};

/**
 * The customer's answer, through the link. Only an open quote (sent or viewed, its validity not
 * past) can be answered; an accepted quote is locked for good. Returns the new status.
 */
export async function answerQuote(quoteId: string, answer: QuoteAnswer, now = new Date()) {
  return inTransaction(async () => {
    const db = getDb();
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!quote) throw new InputError(QUOTE_NOT_FOUND);
    const open = (OPEN_QUOTE_STATUSES as readonly QuoteStatus[]).includes(quote.status);
    if (!open || quote.validUntil < nzDatePlusDays(0, now)) throw new InputError(QUOTE_CLOSED);
    const status = ANSWER_STATUS[answer.kind];
    const customer: EventActor = {
      id: null,
      name: `Customer: ${answer.kind === "accept" ? answer.name : quote.customerName}`,
    };
    await db
      .update(quotes)
      .set({
        status,
        answeredAt: now,
        updatedAt: now,
        acceptedBy: answer.kind === "accept" ? answer.name : null,
        purchaseOrder: answer.kind === "accept" ? answer.purchaseOrder : null,
        declineReason: answer.kind === "decline" ? answer.reason : null,
        answerMessage: answer.kind === "accept" ? null : answer.message,
      })
      .where(eq(quotes.id, quoteId));
    const note =
      answer.kind === "accept"
        ? answer.purchaseOrder
          ? `Purchase order ${answer.purchaseOrder}`
          : null
        : answer.kind === "decline"
          ? [DECLINE_REASON_LABELS[answer.reason], answer.message].filter(Boolean).join(": ")
          : answer.message;
    await recordEvent(quoteId, status, customer, note);
    if (answer.kind === "accept") await setEnquiryStatus(customer, quote.enquiryId, "Won");
    if (answer.kind === "decline") await setEnquiryStatus(customer, quote.enquiryId, "Lost");
    await queueAnswerNotice(
      quoteId,
      status as "accepted" | "changes_requested" | "declined",
      answerDetails(answer),
    );
    if (answer.kind === "accept") {
      await queueAcceptanceCopy(quoteId, {
        name: answer.name,
        purchaseOrder: answer.purchaseOrder,
        on: now,
        pdfPath: quote.pdfPath,
      });
    }
    wakeMailWorker();
    return status;
  });
}

function answerDetails(answer: QuoteAnswer): [string, string][] {
  if (answer.kind === "accept") {
    return [
      ["Accepted by", answer.name],
      ...(answer.purchaseOrder ? [["Purchase order", answer.purchaseOrder] as [string, string]] : []),
    ];
  }
  if (answer.kind === "changes") return [["Changes asked for", answer.message]];
  return [
    ["Reason", DECLINE_REASON_LABELS[answer.reason]],
    ...(answer.message ? [["Comment", answer.message] as [string, string]] : []),
  ];
}

/**
 * Staff take back a sent quote (a mistake, a price that no longer holds). The reason is the
 * event's note, shown on the customer's page, and the customer is e-mailed it.
 */
export async function withdrawQuote(actor: EventActor, quoteId: string, reason: string) {
  return inTransaction(async () => {
    const [quote] = await getDb()
      .update(quotes)
      .set({ status: "withdrawn", updatedAt: new Date() })
      .where(
        and(eq(quotes.id, quoteId), inArray(quotes.status, [...OPEN_QUOTE_STATUSES, "changes_requested"])),
      )
      .returning({ id: quotes.id });
    if (!quote) throw new InputError(QUOTE_CLOSED);
    await recordEvent(quoteId, "withdrawn", actor, reason);
    await queueWithdrawalNotice(quoteId, reason);
    wakeMailWorker();
  });
}

const SERVER: EventActor = { id: null, name: null };

/**
 * The housekeeping pass: every open quote whose last valid day has gone by (New Zealand time)
 * expires, and its enquiry is Lost unless another of its quotes is still open or accepted.
 * Returns how many expired.
 */
export async function expireQuotes(now = new Date()) {
  return inTransaction(async () => {
    const db = getDb();
    const expired = await db
      .update(quotes)
      .set({ status: "expired", updatedAt: now })
      .where(
        and(inArray(quotes.status, [...OPEN_QUOTE_STATUSES]), lt(quotes.validUntil, nzDatePlusDays(0, now))),
      )
      .returning({ id: quotes.id, enquiryId: quotes.enquiryId, validUntil: quotes.validUntil });
    for (const quote of expired) {
      await recordEvent(quote.id, "expired", SERVER, `Valid until ${formatNzDate(quote.validUntil)}`);
      const [alive] = await db
        .select({ id: quotes.id })
        .from(quotes)
        .where(
          and(
            eq(quotes.enquiryId, quote.enquiryId),
            inArray(quotes.status, [...OPEN_QUOTE_STATUSES, "changes_requested", "accepted", "draft"]),
          ),
        )
        .limit(1);
      if (!alive) await setEnquiryStatus(SERVER, quote.enquiryId, "Lost");
    }
    return expired.length;
  });
}

/**
 * The open quotes due their one reminder (the set number of days before the last valid day, and
 * none yet), each marked reminded in the same step so that two passes never remind twice.
 * Each is e-mailed (the PDF again, and a new link of its own). Returns them with their tokens.
 * None when the setting is 0.
 */
export async function takeDueReminders(now = new Date()) {
  const settings = await getQuoteSettings();
  if (settings.reminderDaysBefore === 0) return [];
  return inTransaction(async () => {
    const due = await getDb()
      .update(quotes)
      .set({ remindedAt: now })
      .where(
        and(
          inArray(quotes.status, [...OPEN_QUOTE_STATUSES]),
          isNull(quotes.remindedAt),
          lte(quotes.validUntil, nzDatePlusDays(settings.reminderDaysBefore, now)),
          sql`${quotes.validUntil} >= ${nzDatePlusDays(0, now)}`,
        ),
      )
      .returning({
        id: quotes.id,
        customerEmail: quotes.customerEmail,
        validUntil: quotes.validUntil,
        pdfPath: quotes.pdfPath,
      });
    const reminders: ((typeof due)[number] & { token: string })[] = [];
    for (const quote of due.sort((a, b) => a.id.localeCompare(b.id))) {
      await recordEvent(quote.id, "reminded", SERVER, `Reminder to ${quote.customerEmail}`);
      const token = await newQuoteLink(quote.id);
      if (quote.pdfPath)
        await queueQuoteMail(await readQuoteDocument(quote.id), quote.pdfPath, token, "quote_reminder");
      reminders.push({ ...quote, token });
    }
    if (reminders.length > 0) wakeMailWorker();
    return reminders;
  });
}

/** A quote's history, oldest first. */
export function quoteHistory(quoteId: string) {
  return getDb()
    .select()
    .from(quoteEvents)
    .where(eq(quoteEvents.quoteId, quoteId))
    .orderBy(asc(quoteEvents.createdAt));
}

/** Quotes' timed work: expiry, then the reminders, then the mail worker told. */
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
