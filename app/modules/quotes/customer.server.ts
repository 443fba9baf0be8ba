// The customer's side of a sent quote, reached only through the secret link of its e-mail: the
// quote as a document (and its stored PDF), and where it stands; the customer's view and answer
// are commands (commands.server.ts) run on behalf of the customer the quote names. A token
// that names nothing (unknown, altered, malformed, or a draft's) is the same null everywhere, so
// a guess learns nothing. Requests are counted per client address, apart from those with a
// malformed token, which are refused before the database is asked anything.
import type { Readable } from "node:stream";
import type { SubmissionResult } from "@conform-to/react";
import { and, desc, eq, ne, type SQL } from "drizzle-orm";
import type { ActionFailure } from "~/lib/action-error";
import { formatNzDate, nzDatePlusDays } from "~/lib/nz-date";
import { quoteNumber } from "~/lib/quote-number";
import { OPEN_QUOTE_STATUSES, type QuoteStatus } from "~/lib/vocabulary";
import { formatReference } from "~/modules/enquiries/reference";
import { getDb } from "~/server/db/db.server";
import { contactQueries, quoteEvents, quotes } from "~/server/db/schema";
import { rateLimitSubject } from "~/server/security/client-subject.server";
import { hitRateLimit, type RateWindow } from "~/server/security/rate-limit.server";
import { getStorage, parseStoredPath, StorageError } from "~/server/storage/storage.server";
import type { QuoteAnswer } from "./commands.server";
import { QUOTE_ANSWER_INTENTS, type QuoteAnswerInput, type QuoteAnswerIntent } from "./customer.schema";
import { pdfFileName, readQuoteDocument } from "./document.server";
import { DECLINE_REASON_LABELS } from "./labels";
import { findQuoteIdByToken, isWellFormedToken } from "./links.server";

/**
 * What every answer to a customer's link carries, refusals included: kept by no cache, indexed by
 * no search engine, and (the token being in the URL) never passed on to another site as a Referer.
 * `same-origin`, not `no-referrer`: under `no-referrer` a browser posts the page's own forms with
 * `Origin: null`, which the action's origin check must refuse, so no answer could be sent
 * without JavaScript. Under `same-origin` the page's own posts name this site and any other
 * site gets neither the address nor its origin.
 */
export const QUOTE_LINK_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "same-origin",
} as const;

/** Reading the page or its PDF, and answering, are counted apart. */
const RATE_WINDOWS = {
  view: [{ seconds: 60, max: 60 }],
  answer: [{ seconds: 600, max: 10 }],
} as const satisfies Record<string, readonly RateWindow[]>;

export type QuoteRateKind = keyof typeof RATE_WINDOWS;

/** Counts one request from the address: null within the limit, else the seconds until it resets. */
export async function checkQuoteRate(kind: QuoteRateKind, clientIp: string) {
  const result = await hitRateLimit(`quote-${kind}:${rateLimitSubject(clientIp)}`, RATE_WINDOWS[kind]);
  return result.limited ? result.retryAfterSeconds : null;
}

/** Whether a token could name a quote at all: a malformed one is refused before any count or read. */
export function couldBeQuoteToken(token: string | undefined): token is string {
  return typeof token === "string" && isWellFormedToken(token);
}

/**
 * A sent quote (any state but draft) with its number, or null; `where` narrows it further (to
 * the quotes of one customer's address).
 */
export async function findSentQuote(id: string, where?: SQL) {
  const [row] = await getDb()
    .select({ quote: quotes, referenceNo: contactQueries.referenceNo, receivedAt: contactQueries.createdAt })
    .from(quotes)
    .innerJoin(contactQueries, eq(contactQueries.id, quotes.enquiryId))
    .where(and(eq(quotes.id, id), ne(quotes.status, "draft"), where));
  if (!row) return null;
  return {
    quote: row.quote,
    number: quoteNumber(formatReference(row.referenceNo, row.receivedAt), row.quote.revision),
  };
}

/** The quote a customer's link names, or null; a draft (which no link names) counts as none. */
export async function findCustomerQuote(token: string) {
  const id = await findQuoteIdByToken(token);
  return id ? findSentQuote(id) : null;
}

/** Where the quote stands, as the customer is told. */
export type CustomerQuoteState =
  | { kind: "open" }
  | { kind: "accepted"; on: string; by: string; purchaseOrder: string | null }
  | { kind: "changes_requested"; on: string; message: string }
  | { kind: "declined"; on: string; reason: string; message: string | null }
  | { kind: "expired"; on: string }
  | { kind: "superseded" }
  | { kind: "withdrawn"; reason: string | null };

type QuoteRow = typeof quotes.$inferSelect;

function isOpen(quote: QuoteRow, now: Date) {
  return (
    (OPEN_QUOTE_STATUSES as readonly QuoteStatus[]).includes(quote.status) &&
    quote.validUntil >= nzDatePlusDays(0, now)
  );
}

/** Why staff withdrew the quote: the note of its withdrawal, null when none was given. */
async function withdrawalReason(quoteId: string) {
  const [event] = await getDb()
    .select({ note: quoteEvents.note })
    .from(quoteEvents)
    .where(and(eq(quoteEvents.quoteId, quoteId), eq(quoteEvents.kind, "withdrawn")))
    .orderBy(desc(quoteEvents.createdAt))
    .limit(1);
  return event?.note?.trim() || null;
}

/** Which of the states the quote is in, as its customer is told (without the details). */
export function customerStateKind(quote: QuoteRow, now = new Date()): CustomerQuoteState["kind"] {
  switch (quote.status) {
    case "accepted":
    case "changes_requested":
    case "declined":
    case "superseded":
    case "withdrawn":
      return quote.status;
    default:
      return isOpen(quote, now) ? "open" : "expired";
  }
}

async function stateOf(quote: QuoteRow, now: Date): Promise<CustomerQuoteState> {
  const on = quote.answeredAt ? formatNzDate(quote.answeredAt) : "";
  switch (quote.status) {
    case "accepted":
      return { kind: "accepted", on, by: quote.acceptedBy ?? "", purchaseOrder: quote.purchaseOrder };
    case "changes_requested":
      return { kind: "changes_requested", on, message: quote.answerMessage ?? "" };
    case "declined":
      return {
        kind: "declined",
        on,
        reason: quote.declineReason ? DECLINE_REASON_LABELS[quote.declineReason] : "",
        message: quote.answerMessage,
      };
    case "superseded":
      return { kind: "superseded" };
    case "withdrawn":
      return { kind: "withdrawn", reason: await withdrawalReason(quote.id) };
    default:
      // Sent or viewed, unless its last valid day has gone by before the hourly sweep saw it.
      return isOpen(quote, now) ? { kind: "open" } : { kind: "expired", on: formatNzDate(quote.validUntil) };
  }
}

/** The quote a token names, as found: its row and number. */
export type FoundQuote = NonNullable<Awaited<ReturnType<typeof findCustomerQuote>>>;

/** The customer a quote's link speaks for, as the quote names them. */
export function customerOf({ quote }: FoundQuote) {
  return { name: quote.customerName, email: quote.customerEmail };
}

/** The quote as its customer sees it. */
export async function customerQuoteView({ quote }: FoundQuote, now = new Date()) {
  const { enquiryId: _enquiryId, sentAt, ...document } = await readQuoteDocument(quote.id);
  return {
    ...document,
    issuedOn: formatNzDate(sentAt),
    validUntilOn: formatNzDate(document.validUntil),
    hasPdf: parseStoredPath(quote.pdfPath) !== null,
    state: await stateOf(quote, now),
  };
}

export type CustomerQuote = Awaited<ReturnType<typeof customerQuoteView>>;

/** The customer's answer as the answer command takes it. */
export function answerOf(input: QuoteAnswerInput): QuoteAnswer {
  if (input.intent === "accept")
    return { kind: "accept", name: input.name, purchaseOrder: input.purchaseOrder };
  if (input.intent === "changes") return { kind: "changes", message: input.message };
  return { kind: "decline", reason: input.reason, message: input.message };
}

export type QuotePdf = { stream: Readable; size: number; fileName: string };

/** What the quote's page is told of a refused answer (through its link or in the account). */
export type QuoteActionData = {
  /** The form the answer is for; null when it is for none (too many attempts, an unreadable post). */
  intent: QuoteAnswerIntent | null;
  result?: SubmissionResult<string[]>;
  /** Shown above the quote: the quote closed meanwhile, or too many attempts. */
  error?: string;
};

const UNREADABLE_ANSWER = "Your answer could not be read. Please reload the page and try again.";

/**
 * A refused answer as the page shows it: its form's messages, and above the quote why it was
 * not taken. The answer command's refusal is the quote having closed meanwhile (409); a post
 * that could not be read or judged is a 400; a failure of ours a 500.
 */
export function refusedAnswer(
  failure: { data: ActionFailure; init: ResponseInit | null },
  fromCommand = false,
): { body: QuoteActionData; status: number } {
  const { result, error } = failure.data;
  const posted = result.initialValue?.intent;
  const intent = QUOTE_ANSWER_INTENTS.find((known) => known === posted) ?? null;
  const status = failure.init?.status ?? 400;
  if (error && !fromCommand) return { body: { intent, error: UNREADABLE_ANSWER }, status };
  // A post refused before its fields were read (too many of them) names no form: said above the quote.
  if (!fromCommand)
    return { body: { intent, result, error: intent ? undefined : result.error?.[""]?.[0] }, status };
  return { body: { intent, result, error: error?.description }, status: status === 400 ? 409 : status };
}

/** The stored PDF of the quote a token names, with the name it is saved under; null when none. */
export async function openCustomerQuotePdf(token: string): Promise<QuotePdf | null> {
  return openQuotePdfOf(await findCustomerQuote(token));
}

/** The stored PDF of a found quote, with the name it is saved under; null when none. */
export async function openQuotePdfOf(found: FoundQuote | null): Promise<QuotePdf | null> {
  const stored = parseStoredPath(found?.quote.pdfPath);
  if (!found || !stored) return null;
  try {
    const file = await getStorage().get(stored.bucket, stored.name);
    return { ...file, fileName: pdfFileName(found.number) };
  } catch (error) {
    if (error instanceof StorageError) return null;
    throw error;
  }
}
