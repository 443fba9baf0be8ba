// For the quote tests: a staff account, an enquiry with a draft quote (one or more lines of
// 3 × $19.99 unless told otherwise) saved through the module's commands, as the builder would, and
// the quote commands run as staff, as the quote's customer, or as the server.
import crypto from "node:crypto";
import type { Role } from "~/lib/vocabulary";
import { consentPackForQuoteMail } from "~/modules/consent-pack/quote-mail.server";
import {
  answerQuote,
  createQuoteDraft,
  markQuoteViewed,
  type QuoteAnswer,
  saveQuoteDraft,
  saveQuoteSettings,
  sendQuote,
  withdrawQuote,
} from "~/modules/quotes/commands.server";
import { nzDatePlusDays } from "~/modules/quotes/drafts.server";
import { type QuoteDraftInput, quoteDraftSchema } from "~/modules/quotes/schema";
import type { QuoteSettings } from "~/modules/quotes/settings";
import { customerActor, staffActor, systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import type { Database } from "~/server/db/client.server";
import { contactQueries } from "~/server/db/schema";
import { createUser } from "./users";

const unique = () => crypto.randomBytes(5).toString("hex");

export function quoteStaff(name = "Aroha Staff") {
  return createUser({ email: `${unique()}@example.nz`, name, role: "admin", password: "a-long-password-1" });
}

type StaffUser = { id: string; name: string; email: string; role: string };

const NO_ORIGIN = { ip: null, userAgent: null };

/** A staff account as a command's actor. */
export function asStaff(user: StaffUser) {
  return staffActor({ ...user, role: user.role as Role }, NO_ORIGIN);
}

/** The quote's customer, as their link speaks for them. */
export const asCustomer = customerActor({ name: "Mere Parata", email: "mere@example.co.nz" }, NO_ORIGIN);

export const openDraftAs = (user: StaffUser, enquiryId: string) =>
  runCommand(createQuoteDraft, asStaff(user), { enquiryId });

export const saveDraftAs = (user: StaffUser, id: string, draft: QuoteDraftInput) =>
  runCommand(saveQuoteDraft, asStaff(user), { id, draft });

/** Sends the draft as saved (with its consent pack when the settings attach it, as the screen does). */
export const sendAs = (user: StaffUser, id: string, now?: Date) =>
  runCommand(sendQuote, asStaff(user), { id, now, consentPack: consentPackForQuoteMail });

export const withdrawAs = (user: StaffUser, id: string, reason: string) =>
  runCommand(withdrawQuote, asStaff(user), { id, reason });

/** The customer's answer through their link; returns the quote's new status. */
export async function answerAsCustomer(id: string, answer: QuoteAnswer, now?: Date) {
  return (await runCommand(answerQuote, asCustomer, { id, answer, now })).status;
}

/** The customer opening their link; true when it marked the quote viewed. */
export async function viewAsCustomer(id: string, now?: Date) {
  return (await runCommand(markQuoteViewed, asCustomer, { id, now })).viewed;
}

/** Settings > Quotes, saved by the server. */
export const setQuoteSettings = (settings: QuoteSettings) =>
  runCommand(saveQuoteSettings, systemActor("quote tests"), settings);

type DraftOptions = {
  /** Valid for this many days from today (negative: a day gone by). */
  days?: number;
  lines?: Record<string, string>[];
  fields?: Record<string, unknown>;
};

const PLYWOOD = { description: "Plywood 12mm", quantityMilli: "3", unitPriceCents: "19.99" };

/** A new enquiry from Mere Parata and its draft quote, saved with `lines` (one plywood line by default). */
export async function draftQuoteFor(
  db: Database,
  actor: StaffUser,
  { days = 30, lines = [PLYWOOD], fields = {} }: DraftOptions = {},
) {
  const [enquiry] = await db
    .insert(contactQueries)
    .values({
      fullName: "Mere Parata",
      email: `mere-${unique()}@example.co.nz`,
      subject: "Quote Request",
      message: "Please quote the items on my list.",
    })
    .returning();
  if (!enquiry) throw new Error("no enquiry");
  const draft = await openDraftAs(actor, enquiry.id);
  await saveDraftAs(
    actor,
    draft.id,
    quoteDraftSchema.parse({
      customerName: "Mere Parata",
      customerEmail: enquiry.email,
      validUntil: nzDatePlusDays(days),
      lines,
      ...fields,
    }),
  );
  return { enquiry, draft };
}
