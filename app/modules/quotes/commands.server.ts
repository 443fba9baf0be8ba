// Every write to a quote is one of these commands, run by server/commands/runner.server.ts:
// drafting, saving, sending, revising and withdrawing in the back office; the customer opening
// and answering it through their link; the server's expiry and reminder; the quote settings.
// Each move is also a quote_events row (the quote's own history, on the quote and its enquiry),
// and the enquiry follows: a sent quote makes it Quoted, an accepted one Won, a declined or
// expired one Lost. Only a draft changes; from `sent` on a revision is locked and a change is
// the next revision.
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { formatNzDate, nzDatePlusDays } from "~/lib/nz-date";
import { quoteNumber } from "~/lib/quote-number";
import {
  type EnquiryStatus,
  OPEN_QUOTE_STATUSES,
  type QuoteDeclineReason,
  type QuoteStatus,
} from "~/lib/vocabulary";
import { holderId } from "~/modules/accounts/commands.server";
import { isAddressedToAccount } from "~/modules/accounts/queries.server";
import { getContactInfo } from "~/modules/content/queries.server";
import { type EventActor, setEnquiryStatus } from "~/modules/enquiries/commands.server";
import { enquiryEntity } from "~/modules/enquiries/entity";
import { formatReference } from "~/modules/enquiries/reference";
import { resolveStaffRecipients } from "~/modules/notifications/recipients.server";
import { storeSetting } from "~/modules/settings/commands.server";
import { settingEntity } from "~/modules/settings/entity";
import type { Actor } from "~/server/commands/actor";
import { type CommandContext, defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { contactQueries, quoteEvents, quoteLines, quoteLinks, quotes } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { notFound } from "~/server/http/not-found";
import { enqueueMail, wakeMailWorker } from "~/server/mail/outbox.server";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";
import { quotingRoles } from "./access.server";
import { quoteAuditDetail } from "./admin.server";
import {
  type ConsentPackMaker,
  consentPackForMail,
  type PackInMail,
  packInWords,
} from "./consent-pack-mail.server";
import {
  ENQUIRY_OF_QUOTE,
  type QuoteDocumentOf,
  quoteDocumentOf,
  readQuoteDocument,
} from "./document.server";
import {
  draftLinesOf,
  editedLine,
  highestRevisionOf,
  type LineRow,
  latestRevisionOf,
  linesFromEnquiry,
  openDraftOf,
  priceLines,
  toLineRow,
} from "./drafts.server";
import { quoteEntity } from "./entity";
import { DECLINE_REASON_LABELS } from "./labels";
import { describeLineEdits, type LineEdits } from "./line-edits";
import { hashQuoteToken, newQuoteToken } from "./links.server";
import {
  type AnsweredStatus,
  acceptanceCopy,
  answerNotice,
  quoteMail,
  withdrawalNotice,
} from "./mail.server";
import {
  ENQUIRY_NOT_FOUND,
  QUOTE_CHANGED,
  QUOTE_CLOSED,
  QUOTE_HAS_NO_LINES,
  QUOTE_LOCKED,
  QUOTE_NOT_DUE,
  QUOTE_NOT_FOUND,
  QUOTE_NOT_LATEST,
  QUOTE_VALIDITY_PAST,
} from "./messages";
import { renderQuotePdf } from "./pdf.server";
import type { QuoteDraftInput } from "./schema";
import { QUOTE_SETTINGS_KEY, type QuoteSettings } from "./settings";
import { getQuoteSettings } from "./settings.server";

/** Who may quote now: admins, and sales when an admin lets them (read on each run). */
const mayQuote = () => quotingRoles();

type Also = CommandContext<unknown>["also"];

/** Who a quote's history names: the staff member; a customer or the server by no account. */
function eventActorOf(actor: Actor): EventActor {
  return actor.kind === "staff" ? { id: actor.user.id, name: actor.user.name } : { id: null, name: null };
}

async function recordEvent(
  quoteId: string,
  kind: (typeof quoteEvents.$inferInsert)["kind"],
  actor: EventActor,
  note: string | null = null,
) {
  await getDb().insert(quoteEvents).values({ quoteId, kind, actorId: actor.id, actorName: actor.name, note });
}

/** A new link to the quote: its token, of which only the hash is kept. */
async function storeNewLink(quoteId: string) {
  const token = newQuoteToken();
  await getDb()
    .insert(quoteLinks)
    .values({ quoteId, tokenHash: hashQuoteToken(token) });
  return token;
}

/**
 * The quote's row, locked until the command commits, with its number; not found (404) when there
 * is none.
 */
async function lockQuote(id: string) {
  const [row] = await getDb()
    .select({ quote: quotes, referenceNo: contactQueries.referenceNo, receivedAt: contactQueries.createdAt })
    .from(quotes)
    .innerJoin(contactQueries, eq(contactQueries.id, quotes.enquiryId))
    .where(eq(quotes.id, id))
    .for("update", { of: quotes });
  if (!row) throw notFound(QUOTE_NOT_FOUND);
  const reference = formatReference(row.referenceNo, row.receivedAt);
  return { quote: row.quote, reference, number: quoteNumber(reference, row.quote.revision) };
}

/**
 * Moves the quote's enquiry to `status`, a write with an audit event of its own; an enquiry
 * already there is left alone.
 */
async function moveEnquiry(also: Also, actor: EventActor, enquiryId: string, status: EnquiryStatus) {
  const [enquiry] = await getDb()
    .select({ status: contactQueries.status })
    .from(contactQueries)
    .where(eq(contactQueries.id, enquiryId));
  if (!enquiry || enquiry.status === status) return;
  await also(enquiryEntity, { action: "update", id: enquiryId }, () =>
    setEnquiryStatus(actor, enquiryId, status),
  );
}

// ------------------------------------------------------------------ drafts

/** Replaces a draft's lines and stores the totals the server computed from them. */
async function writeLines(quoteId: string, gstBasisPoints: number, lines: LineRow[]) {
  const priced = priceLines(lines, gstBasisPoints);
  await getDb().delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  if (priced.lines.length > 0)
    await getDb()
      .insert(quoteLines)
      .values(priced.lines.map((line) => ({ ...line, quoteId })));
  await getDb().update(quotes).set(priced.totals).where(eq(quotes.id, quoteId));
  return priced.totals;
}

/** Saves a draft as the builder posted it; `earlier` are its lines before, for the log's words. */
async function writeDraft(
  actor: EventActor,
  quote: { id: string; gstBasisPoints: number },
  input: QuoteDraftInput,
  earlier: LineRow[],
) {
  await getDb()
    .update(quotes)
    .set({
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      customerCompany: input.customerCompany,
      validUntil: input.validUntil,
      noteToCustomer: input.noteToCustomer,
      internalNotes: input.internalNotes,
      updatedAt: new Date(),
    })
    .where(eq(quotes.id, quote.id));
  // A line of a product deleted meanwhile keeps its text.
  const lines = input.lines.map(toLineRow);
  const totals = await writeLines(quote.id, quote.gstBasisPoints, lines);
  await recordEvent(quote.id, "edited", actor);
  return { ...totals, lineEdits: describeLineEdits(earlier, lines.map(editedLine)) };
}

export type OpenedDraft = { id: string; number: string; created: boolean; revisionOf: string | null };

/**
 * The enquiry's draft quote: the one already open, or a new revision. A new revision after the
 * first copies the latest revision's customer, notes and lines; the first takes the enquiry's
 * sender and quote-list lines. Work for a command (it writes in the command's transaction).
 */
export async function openQuoteDraft(actor: EventActor, enquiryId: string): Promise<OpenedDraft> {
  // The enquiry's row is the lock that makes two clicks at once one draft, not two.
  const [enquiry] = await getDb()
    .select({
      referenceNo: contactQueries.referenceNo,
      createdAt: contactQueries.createdAt,
      fullName: contactQueries.fullName,
      email: contactQueries.email,
    })
    .from(contactQueries)
    .where(eq(contactQueries.id, enquiryId))
    .for("update");
  if (!enquiry) throw notFound(ENQUIRY_NOT_FOUND);
  const reference = formatReference(enquiry.referenceNo, enquiry.createdAt);
  const open = await openDraftOf(enquiryId);
  if (open)
    return { id: open.id, number: quoteNumber(reference, open.revision), created: false, revisionOf: null };

  const latest = await latestRevisionOf(enquiryId);
  const settings = await getQuoteSettings();
  const revision = (latest?.revision ?? 0) + 1;
  const [draft] = await getDb()
    .insert(quotes)
    .values({
      enquiryId,
      revision,
      customerName: latest?.customerName ?? enquiry.fullName,
      customerEmail: latest?.customerEmail ?? enquiry.email,
      customerCompany: latest?.customerCompany ?? null,
      noteToCustomer: latest?.noteToCustomer ?? null,
      internalNotes: latest?.internalNotes ?? null,
      validUntil: nzDatePlusDays(settings.validityDays),
      gstBasisPoints: settings.gstBasisPoints,
      createdById: actor.id,
    })
    .returning({ id: quotes.id });
  if (!draft) throw new Error("The draft was not stored");
  const lines = latest ? await draftLinesOf(latest.id) : await linesFromEnquiry(enquiryId);
  await writeLines(draft.id, settings.gstBasisPoints, lines);
  const revisionOf = latest ? quoteNumber(reference, latest.revision) : null;
  await recordEvent(draft.id, "draft", actor, revisionOf ? `Revision of ${revisionOf}` : null);
  return { id: draft.id, number: quoteNumber(reference, revision), created: true, revisionOf };
}

function draftDetail(draft: OpenedDraft) {
  return quoteAuditDetail(
    draft.number,
    undefined,
    ...(draft.revisionOf ? [`revision of ${draft.revisionOf}`] : []),
  );
}

/** Opens the enquiry's draft quote (Create Quote on the enquiry). */
export const createQuoteDraft = defineCommand({
  name: "quote.create_draft",
  entity: quoteEntity,
  access: mayQuote,
  target: (_input: { enquiryId: string }) => ({ action: "create", id: null, detail: draftDetail }),
  run: (input, { actor }) => openQuoteDraft(eventActorOf(actor), input.enquiryId),
});

/** Opens the next revision of a sent quote (Create Revision on the quote). */
export const reviseQuote = defineCommand({
  name: "quote.revise",
  entity: quoteEntity,
  access: mayQuote,
  target: (_input: { id: string }) => ({ action: "create", id: null, detail: draftDetail }),
  run: async (input, { actor }) => {
    const [quote] = await getDb()
      .select({ enquiryId: quotes.enquiryId })
      .from(quotes)
      .where(eq(quotes.id, input.id));
    if (!quote) throw notFound(QUOTE_NOT_FOUND);
    return openQuoteDraft(eventActorOf(actor), quote.enquiryId);
  },
});

/**
 * Saves a draft as the builder posted it; a quote that is no longer a draft is refused. Returns
 * the totals the server computed and what changed in the lines, in words.
 */
export const saveQuoteDraft = defineCommand({
  name: "quote.save_draft",
  entity: quoteEntity,
  access: mayQuote,
  target: (input: { id: string; draft: QuoteDraftInput }) => ({
    action: "update",
    id: input.id,
    detail: (saved: { number: string; lineEdits: LineEdits }) =>
      quoteAuditDetail(saved.number, saved.lineEdits),
  }),
  run: async (input, { actor }) => {
    const { quote, number } = await lockQuote(input.id);
    if (quote.status !== "draft") throw new InputError(QUOTE_LOCKED);
    const saved = await writeDraft(eventActorOf(actor), quote, input.draft, await draftLinesOf(input.id));
    return { ...saved, number };
  },
});

// ------------------------------------------------------------------ sending

type SendInput = {
  id: string;
  /** The draft as the builder posted it, saved as it is sent; none sends it as saved. */
  draft?: QuoteDraftInput;
  /**
   * Makes the quote's consent pack for its e-mail when the settings attach it: the consent pack
   * module's (consent-pack/quote-mail.server.ts), handed in by the caller because that module
   * builds on this one.
   */
  consentPack: ConsentPackMaker;
  now?: Date;
};

type PreparedSend = {
  number: string;
  reference: string;
  enquiryId: string;
  gstBasisPoints: number;
  /** The row's version when it was drawn: sent only if it is still that one. */
  updatedAt: Date;
  /** The draft's lines before this send's save, for the log's words. */
  earlier: LineRow[];
  sentAt: Date;
  snapshot: { termsSnapshot: string; traderSnapshot: Record<string, string> };
  document: QuoteDocumentOf;
  pdfPath: string;
  /** The consent pack as the e-mail carries it; null when it carries none. */
  pack: PackInMail | null;
};

/**
 * The send's rules, checked before anything is written (the latest revision, still a draft, with
 * lines, its validity not past), then the quote as it will be sent drawn as a PDF and stored, and
 * its consent pack made (or found stored) when the settings attach it.
 */
async function prepareSend(input: SendInput): Promise<PreparedSend> {
  const now = input.now ?? new Date();
  const [row] = await getDb()
    .select({ quote: quotes, ...ENQUIRY_OF_QUOTE })
    .from(quotes)
    .innerJoin(contactQueries, eq(contactQueries.id, quotes.enquiryId))
    .where(eq(quotes.id, input.id));
  if (!row) throw notFound(QUOTE_NOT_FOUND);
  const { quote } = row;
  if (quote.status !== "draft") throw new InputError(QUOTE_LOCKED);
  if ((await highestRevisionOf(quote.enquiryId)) > quote.revision) throw new InputError(QUOTE_NOT_LATEST);
  const earlier = await draftLinesOf(quote.id);
  const { draft } = input;
  const lines = draft ? draft.lines.map(toLineRow) : earlier;
  if (lines.length === 0) throw new InputError(QUOTE_HAS_NO_LINES);
  if ((draft?.validUntil ?? quote.validUntil) < nzDatePlusDays(0, now))
    throw new InputError(QUOTE_VALIDITY_PAST);
  const priced = priceLines(lines, quote.gstBasisPoints);

  const settings = await getQuoteSettings();
  const snapshot = {
    termsSnapshot: settings.terms,
    traderSnapshot: { name: settings.traderName, gstNumber: settings.gstNumber, nzbn: settings.nzbn },
  };
  const reference = formatReference(row.referenceNo, row.receivedAt);
  const number = quoteNumber(reference, quote.revision);
  const sent = {
    ...quote,
    ...(draft && {
      customerName: draft.customerName,
      customerEmail: draft.customerEmail,
      customerCompany: draft.customerCompany,
      validUntil: draft.validUntil,
      noteToCustomer: draft.noteToCustomer,
    }),
    ...priced.totals,
    ...snapshot,
    sentAt: now,
  };
  const document = quoteDocumentOf(sent, number, priced.lines, await getContactInfo(), row);
  // Made before the PDF is stored, so nothing of this send is stored while the pack waits its turn.
  // The pack is a cache file shared by every quote of the same products that day: a send that
  // does not commit leaves it.
  const pack = await consentPackForMail(
    input.consentPack,
    {
      productIds: lines.flatMap((line) => (line.productId ? [line.productId] : [])),
      customerName: sent.customerName,
      customerCompany: sent.customerCompany,
      number,
      now,
    },
    settings,
  );
  const pdf = await renderQuotePdf(document);
  const stored = await getStorage().put("quotes", "quote.pdf", new Uint8Array(pdf));
  return {
    number,
    reference,
    enquiryId: quote.enquiryId,
    gstBasisPoints: quote.gstBasisPoints,
    updatedAt: quote.updatedAt,
    earlier,
    sentAt: now,
    snapshot,
    document,
    pdfPath: stored.path,
    pack,
  };
}

/** A stored file no committed row names (its command rolled back). */
async function removeStoredFile(storedPath: string) {
  const stored = parseStoredPath(storedPath);
  if (stored) await getStorage().delete(stored.bucket, stored.name);
}

/** The enquiry's other open revisions, each superseded by `number` with an audit event of its own. */
async function supersedeOthers(
  also: Also,
  actor: EventActor,
  sent: { id: string; enquiryId: string; reference: string; number: string },
) {
  const others = await getDb()
    .select({ id: quotes.id, revision: quotes.revision })
    .from(quotes)
    .where(
      and(
        eq(quotes.enquiryId, sent.enquiryId),
        ne(quotes.id, sent.id),
        inArray(quotes.status, [...OPEN_QUOTE_STATUSES, "changes_requested"]),
      ),
    )
    .orderBy(asc(quotes.revision))
    .for("update");
  const note = `Replaced by ${sent.number}`;
  for (const other of others) {
    const number = quoteNumber(sent.reference, other.revision);
    const detail = () => quoteAuditDetail(number, undefined, note);
    await also(quoteEntity, { action: "update", id: other.id, detail }, async () => {
      await getDb()
        .update(quotes)
        .set({ status: "superseded", updatedAt: new Date() })
        .where(eq(quotes.id, other.id));
      await recordEvent(other.id, "superseded", actor, note);
    });
  }
}

export type SentQuote = {
  token: string;
  pdfPath: string;
  number: string;
  customerEmail: string;
  lineEdits?: LineEdits;
  /** How the e-mail carries the consent pack, if at all. */
  pack: PackInMail["kind"] | null;
  /** The audit event's words for it. */
  packWords: string[];
};

/**
 * Sends a draft (saving the builder's values first when given): locks it with the terms and the
 * trader's details as they stand and the PDF drawn beforehand, supersedes the revisions before
 * it, moves the enquiry to Quoted and queues the customer's e-mail (with the consent pack made
 * beforehand, or its link), woken once committed.
 * Returns the link's token (the only time it exists in clear).
 */
export const sendQuote = defineCommand({
  name: "quote.send",
  entity: quoteEntity,
  access: mayQuote,
  target: (input: SendInput) => ({
    action: "send",
    id: input.id,
    detail: (sent: SentQuote) => quoteAuditDetail(sent.number, sent.lineEdits, ...sent.packWords),
  }),
  prepare: prepareSend,
  discard: (prepared) => removeStoredFile(prepared.pdfPath),
  run: async (input, { actor, prepared, also }): Promise<SentQuote> => {
    const [locked] = await getDb()
      .select({ status: quotes.status, updatedAt: quotes.updatedAt })
      .from(quotes)
      .where(eq(quotes.id, input.id))
      .for("update");
    if (!locked) throw notFound(QUOTE_NOT_FOUND);
    if (locked.status !== "draft") throw new InputError(QUOTE_LOCKED);
    if (locked.updatedAt.getTime() !== prepared.updatedAt.getTime()) throw new InputError(QUOTE_CHANGED);
    const who = eventActorOf(actor);
    const quote = { id: input.id, gstBasisPoints: prepared.gstBasisPoints };
    const saved = input.draft ? await writeDraft(who, quote, input.draft, prepared.earlier) : undefined;
    const { document, pdfPath, number } = prepared;
    await getDb()
      .update(quotes)
      .set({
        status: "sent",
        sentAt: prepared.sentAt,
        pdfPath,
        ...prepared.snapshot,
        updatedAt: prepared.sentAt,
      })
      .where(eq(quotes.id, input.id));
    const token = await storeNewLink(input.id);
    await recordEvent(input.id, "sent", who, `Sent to ${document.customer.email}`);
    await supersedeOthers(also, who, { ...prepared, id: input.id });
    await moveEnquiry(also, who, prepared.enquiryId, "Quoted");
    const { pack } = prepared;
    await enqueueMail(getDb(), quoteMail(document, pdfPath, token, "quote", pack));
    wakeMailWorker();
    return {
      token,
      pdfPath,
      number,
      customerEmail: document.customer.email,
      lineEdits: saved?.lineEdits,
      pack: pack?.kind ?? null,
      packWords: pack ? [packInWords(pack)] : [],
    };
  },
});

/** The statuses staff may withdraw a quote from: sent and not yet accepted, declined or closed. */
const WITHDRAWABLE: readonly QuoteStatus[] = [...OPEN_QUOTE_STATUSES, "changes_requested"];

/**
 * Staff take back a sent quote (a mistake, a price that no longer holds). The reason is the
 * event's note, shown on the customer's page, and the customer is e-mailed it.
 */
export const withdrawQuote = defineCommand({
  name: "quote.withdraw",
  entity: quoteEntity,
  access: mayQuote,
  target: (input: { id: string; reason: string }) => ({
    action: "withdraw",
    id: input.id,
    detail: (done: { number: string }) => quoteAuditDetail(done.number, undefined, `Reason: ${input.reason}`),
  }),
  run: async (input, { actor }) => {
    const { quote, number } = await lockQuote(input.id);
    if (!WITHDRAWABLE.includes(quote.status)) throw new InputError(QUOTE_CLOSED);
    await getDb()
      .update(quotes)
      .set({ status: "withdrawn", updatedAt: new Date() })
      .where(eq(quotes.id, input.id));
    await recordEvent(input.id, "withdrawn", eventActorOf(actor), input.reason);
    await enqueueMail(getDb(), withdrawalNotice(await readQuoteDocument(input.id), input.reason));
    wakeMailWorker();
    return { number };
  },
});

// ------------------------------------------------------------------ the customer

const CUSTOMER_VIEW: EventActor = { id: null, name: "Customer" };

/**
 * A signed-in customer answers only the quotes sent to their account's confirmed address; any
 * other is, to them, a quote that does not exist. The link's holder was checked by its token.
 */
async function checkQuoteHolder(actor: Actor, quote: { customerEmail: string; status: QuoteStatus }) {
  if (actor.kind !== "account") return;
  if (quote.status === "draft" || !(await isAddressedToAccount(holderId(actor), quote.customerEmail)))
    throw notFound(QUOTE_NOT_FOUND);
}

/** The customer opened their link: a sent quote becomes viewed (once; later views change nothing). */
export const markQuoteViewed = defineCommand({
  name: "quote.view",
  entity: quoteEntity,
  access: "customer",
  target: (input: { id: string; now?: Date }) => ({
    action: "update",
    id: input.id,
    detail: (viewed: { number: string }) => quoteAuditDetail(viewed.number),
  }),
  run: async (input, { actor }) => {
    const now = input.now ?? new Date();
    const { quote, number } = await lockQuote(input.id);
    await checkQuoteHolder(actor, quote);
    if (quote.status !== "sent") return { viewed: false, number };
    await getDb()
      .update(quotes)
      .set({ status: "viewed", viewedAt: now, updatedAt: now })
      .where(eq(quotes.id, input.id));
    await recordEvent(input.id, "viewed", CUSTOMER_VIEW);
    return { viewed: true, number };
  },
});

export type QuoteAnswer =
  | { kind: "accept"; name: string; purchaseOrder: string | null }
  | { kind: "changes"; message: string }
  | { kind: "decline"; reason: QuoteDeclineReason; message: string | null };

const ANSWER_STATUS: Record<QuoteAnswer["kind"], AnsweredStatus> = {
  accept: "accepted",
  changes: "changes_requested",
  decline: "declined",
};

function answerNote(answer: QuoteAnswer) {
  if (answer.kind === "accept") return answer.purchaseOrder ? `Purchase order ${answer.purchaseOrder}` : null;
  if (answer.kind === "decline")
    return [DECLINE_REASON_LABELS[answer.reason], answer.message].filter(Boolean).join(": ");
  return answer.message;
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
 * The customer's answer, through the link. Only an open quote (sent or viewed, its validity not
 * past) can be answered; an accepted quote is locked for good. Staff are told of the answer, and
 * a customer who accepts is sent their copy. Returns the new status.
 */
export const answerQuote = defineCommand({
  name: "quote.answer",
  entity: quoteEntity,
  access: "customer",
  target: (input: { id: string; answer: QuoteAnswer; now?: Date }) => ({
    action: "update",
    id: input.id,
    detail: (answered: { number: string }) => quoteAuditDetail(answered.number),
  }),
  run: async (input, { also, actor }) => {
    const now = input.now ?? new Date();
    const { answer } = input;
    const { quote, number } = await lockQuote(input.id);
    await checkQuoteHolder(actor, quote);
    const open = (OPEN_QUOTE_STATUSES as readonly QuoteStatus[]).includes(quote.status);
    if (!open || quote.validUntil < nzDatePlusDays(0, now)) throw new InputError(QUOTE_CLOSED);
    const status = ANSWER_STATUS[answer.kind];
    const customer: EventActor = {
      id: null,
      name: `Customer: ${answer.kind === "accept" ? answer.name : quote.customerName}`,
    };
    await getDb()
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
      .where(eq(quotes.id, input.id));
    await recordEvent(input.id, status, customer, answerNote(answer));
    if (answer.kind === "accept") await moveEnquiry(also, customer, quote.enquiryId, "Won");
    if (answer.kind === "decline") await moveEnquiry(also, customer, quote.enquiryId, "Lost");
    const document = await readQuoteDocument(input.id);
    const { recipients } = await resolveStaffRecipients(getDb());
    if (recipients.length > 0)
      await enqueueMail(getDb(), answerNotice(document, status, answerDetails(answer), recipients));
    if (answer.kind === "accept") {
      const acceptance = {
        name: answer.name,
        purchaseOrder: answer.purchaseOrder,
        on: now,
        pdfPath: quote.pdfPath,
      };
      await enqueueMail(getDb(), acceptanceCopy(document, acceptance));
    }
    wakeMailWorker();
    return { status, number };
  },
});

// ------------------------------------------------------------------ the server's clock

/** The states a quote is answerable in; the clock moves only these. */
const ANSWERABLE: readonly QuoteStatus[] = OPEN_QUOTE_STATUSES;

/**
 * A quote whose last valid day has gone by (New Zealand time) expires, and its enquiry is Lost
 * unless another of its quotes is still open or accepted. One that moved on since it was found
 * due is refused with QUOTE_NOT_DUE, nothing written.
 */
export const expireQuote = defineCommand({
  name: "quote.expire",
  entity: quoteEntity,
  access: "admin",
  target: (input: { id: string; now?: Date }) => ({
    action: "update",
    id: input.id,
    detail: (expired: { number: string }) => quoteAuditDetail(expired.number),
  }),
  run: async (input, { actor, also }) => {
    const now = input.now ?? new Date();
    const { quote, number } = await lockQuote(input.id);
    if (!ANSWERABLE.includes(quote.status) || quote.validUntil >= nzDatePlusDays(0, now))
      throw new InputError(QUOTE_NOT_DUE);
    const who = eventActorOf(actor);
    await getDb().update(quotes).set({ status: "expired", updatedAt: now }).where(eq(quotes.id, input.id));
    await recordEvent(input.id, "expired", who, `Valid until ${formatNzDate(quote.validUntil)}`);
    const [alive] = await getDb()
      .select({ id: quotes.id })
      .from(quotes)
      .where(
        and(
          eq(quotes.enquiryId, quote.enquiryId),
          inArray(quotes.status, [...OPEN_QUOTE_STATUSES, "changes_requested", "accepted", "draft"]),
        ),
      )
      .limit(1);
    if (!alive) await moveEnquiry(also, who, quote.enquiryId, "Lost");
    return { number };
  },
});

export type Reminder = {
  id: string;
  number: string;
  customerEmail: string;
  validUntil: string;
  pdfPath: string | null;
  token: string;
};

/**
 * An open quote's one reminder, `reminderDaysBefore` days before its last valid day: marked
 * reminded (so two passes never remind twice) and e-mailed with the PDF again and a new link of
 * its own. One no longer due is refused with QUOTE_NOT_DUE, nothing written.
 */
export const remindQuote = defineCommand({
  name: "quote.remind",
  entity: quoteEntity,
  access: "admin",
  target: (input: { id: string; reminderDaysBefore: number; now?: Date }) => ({
    action: "update",
    id: input.id,
    detail: (reminder: Reminder) => quoteAuditDetail(reminder.number),
  }),
  run: async (input, { actor }): Promise<Reminder> => {
    const now = input.now ?? new Date();
    const { quote, number } = await lockQuote(input.id);
    const due =
      ANSWERABLE.includes(quote.status) &&
      quote.remindedAt === null &&
      quote.validUntil <= nzDatePlusDays(input.reminderDaysBefore, now) &&
      quote.validUntil >= nzDatePlusDays(0, now);
    if (!due) throw new InputError(QUOTE_NOT_DUE);
    await getDb().update(quotes).set({ remindedAt: now }).where(eq(quotes.id, input.id));
    await recordEvent(input.id, "reminded", eventActorOf(actor), `Reminder to ${quote.customerEmail}`);
    const token = await storeNewLink(input.id);
    if (quote.pdfPath) {
      const document = await readQuoteDocument(input.id);
      await enqueueMail(getDb(), quoteMail(document, quote.pdfPath, token, "quote_reminder"));
      wakeMailWorker();
    }
    const { customerEmail, validUntil, pdfPath } = quote;
    return { id: input.id, number, customerEmail, validUntil, pdfPath, token };
  },
});

// ------------------------------------------------------------------ settings

/** Settings > Quotes: the GST rate, validity, reminder, terms, trader's details, who may quote. */
export const saveQuoteSettings = defineCommand({
  name: "quote.settings.save",
  entity: settingEntity,
  access: "admin",
  target: (_input: QuoteSettings) => ({ action: "update", id: QUOTE_SETTINGS_KEY }),
  run: (input) => storeSetting(QUOTE_SETTINGS_KEY, { ...input } satisfies QuoteSettings),
});
