// A signed-in customer's quotes: those sent to the address of their account, once that address
// is confirmed (an unconfirmed one could be anybody's, so it holds none). Drafts are never the
// customer's to see. Each enquiry's quote is listed once, by its latest revision sent; any
// other revision is still the customer's to open (it reads as replaced). Staff see the same list
// beside an enquiry sent from the account (listCustomerQuotes).
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { formatQuantity } from "~/lib/money";
import { formatNzDate } from "~/lib/nz-date";
import { quoteNumber } from "~/lib/quote-number";
import { confirmedEmailOf, getAccountProfile } from "~/modules/accounts/queries.server";
import { formatReference } from "~/modules/enquiries/reference";
import { CUSTOMER_ROLES, getSessionUser, type SessionUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { contactQueries, quotes } from "~/server/db/schema";
import { customerStateKind, type FoundQuote, findSentQuote } from "./customer.server";
import { readQuoteLines } from "./document.server";
import type { CustomerStateKind } from "./labels";

function isCustomer(user: SessionUser) {
  return (CUSTOMER_ROLES as readonly string[]).includes(user.role);
}

/** The quotes sent to this address, whatever its case. */
function sentTo(email: string) {
  return sql`lower(${quotes.customerEmail}) = lower(${email})`;
}

export type AccountQuoteRow = {
  id: string;
  number: string;
  sentOn: string;
  validUntilOn: string;
  state: CustomerStateKind;
  totalCents: number;
};

/** The quotes sent to this (confirmed) address, one per enquiry (its latest revision sent), the last sent first. */
async function listQuotesSentTo(email: string, now: Date): Promise<AccountQuoteRow[]> {
  const rows = await getDb()
    .selectDistinctOn([quotes.enquiryId], {
      quote: quotes,
      referenceNo: contactQueries.referenceNo,
      receivedAt: contactQueries.createdAt,
    })
    .from(quotes)
    .innerJoin(contactQueries, eq(contactQueries.id, quotes.enquiryId))
    .where(and(sentTo(email), ne(quotes.status, "draft")))
    .orderBy(quotes.enquiryId, desc(quotes.revision));
  return rows
    .sort((a, b) => (b.quote.sentAt?.getTime() ?? 0) - (a.quote.sentAt?.getTime() ?? 0))
    .map(({ quote, referenceNo, receivedAt }) => ({
      id: quote.id,
      number: quoteNumber(formatReference(referenceNo, receivedAt), quote.revision),
      sentOn: quote.sentAt ? formatNzDate(quote.sentAt) : "",
      validUntilOn: formatNzDate(quote.validUntil),
      state: customerStateKind(quote, now),
      totalCents: quote.totalCents,
    }));
}

/** The account's quotes, one per enquiry (its latest revision sent), the last sent first. */
export async function listAccountQuotes(userId: string, now = new Date()): Promise<AccountQuoteRow[]> {
  const email = await confirmedEmailOf(userId);
  return email ? listQuotesSentTo(email, now) : [];
}

/**
 * A customer's quotes as staff see them beside the customer's enquiry: the same list as the
 * account's, while the account is inactive too (staff still deal with what was sent to it), and
 * none while its address is unconfirmed.
 */
export async function listCustomerQuotes(
  account: { email: string; emailConfirmed: boolean },
  now = new Date(),
): Promise<AccountQuoteRow[]> {
  return account.emailConfirmed ? listQuotesSentTo(account.email, now) : [];
}

/** How many of the account's quotes are open to an answer. */
export async function countOpenAccountQuotes(userId: string, now = new Date()) {
  const listed = await listAccountQuotes(userId, now);
  return { total: listed.length, open: listed.filter((quote) => quote.state === "open").length };
}

/**
 * The account's sent quote `id`, or null: an id that is not a uuid, a draft, another customer's
 * quote and any quote of an unconfirmed account are all the same null.
 */
export async function findAccountQuote(userId: string, id: string | undefined): Promise<FoundQuote | null> {
  const uuid = z.uuid().safeParse(id);
  if (!uuid.success) return null;
  const email = await confirmedEmailOf(userId);
  return email ? findSentQuote(uuid.data, sentTo(email)) : null;
}

/** Room left in the contact form's message (5,000 characters) for what the customer adds. */
const NEW_QUOTE_MESSAGE_MAX = 4000;

/** A message naming the quote and its lines (as many as fit); null when the quote is not theirs. */
async function newQuoteMessage(userId: string, id: string) {
  const found = await findAccountQuote(userId, id);
  if (!found) return null;
  const lines = await readQuoteLines(found.quote.id);
  const text = [`Please send me a new quote for ${found.number}, with these lines:`];
  let length = text[0]?.length ?? 0;
  let listed = 0;
  for (const line of lines) {
    const unit = line.unit === "each" ? "" : ` ${line.unit}`;
    const item = `- ${formatQuantity(line.quantityMilli)}${unit} × ${line.description.trim()}`;
    if (length + item.length + 1 > NEW_QUOTE_MESSAGE_MAX - 60) break;
    text.push(item);
    length += item.length + 1;
    listed += 1;
  }
  const more = lines.length - listed;
  if (more > 0) text.push(`- and ${more} more line${more === 1 ? "" : "s"} of that quote`);
  return text.join("\n");
}

/**
 * What the contact form is prefilled with when a signed-in customer asks for a new quote like
 * one of theirs (`?from-quote=<id>`): the message naming that quote and its lines, and their
 * name, e-mail and phone from the account. Null for anyone else, or a quote not theirs.
 */
export async function newQuoteContactPrefill(request: Request) {
  const id = new URL(request.url).searchParams.get("from-quote");
  if (!id) return null;
  const user = await getSessionUser(request);
  if (!user || !isCustomer(user)) return null;
  const [message, profile] = await Promise.all([newQuoteMessage(user.id, id), getAccountProfile(user.id)]);
  if (!message || !profile) return null;
  return { message, person: { fullName: profile.name, email: profile.email, phone: profile.phone ?? "" } };
}
