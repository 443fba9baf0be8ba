// What a sent quote mails: the customer's quote (its PDF attached and their link), the one
// reminder before it expires (a new link, the PDF again), the customer's copy of their acceptance
// (the PDF again), the customer's notice that staff withdrew the quote (with the reason staff
// gave), and the staff's notice of each answer. Texts are plain; every message goes through the
// outbox in the caller's transaction.
import { asc, eq } from "drizzle-orm";
import { formatCents } from "~/lib/money";
import { formatNzDate } from "~/lib/nz-date";
import { quoteNumber } from "~/lib/quote-number";
import { getContactInfo } from "~/modules/content/queries.server";
import { formatReference } from "~/modules/enquiries/reference";
import { oneLine } from "~/modules/notifications/mail-text";
import { resolveStaffRecipients } from "~/modules/notifications/recipients.server";
import { STATIC_PAGES } from "~/modules/seo/sitemap";
import { getDb } from "~/server/db/db.server";
import { contactQueries, quoteLines, quotes } from "~/server/db/schema";
import { publicBaseUrl } from "~/server/env.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { getStorage } from "~/server/storage/storage.server";
import { type QuoteDocument, renderQuotePdf } from "./pdf.server";

export function quoteLink(token: string) {
  return `${publicBaseUrl()}/quote/${token}`;
}

const TERMS_PATH = "/terms-conditions";

/** The site's public pages (other than the home page), longest first so none shadows another. */
const SITE_PATHS = STATIC_PAGES.filter((page) => page !== "/").sort((a, b) => b.length - a.length);
const SITE_PATH_WORD = new RegExp(`(^|[\\s(])(${SITE_PATHS.join("|")})(?=$|[\\s.,;:!?)])`, "g");

/**
 * A text with each of the site's pages named by its path alone ("see /terms-conditions") given
 * its full address, PUBLIC_URL and the path: on paper or in a mail program a bare path leads
 * nowhere. A path inside a longer word or address is left as it is.
 */
function withSiteAddresses(text: string) {
  const base = publicBaseUrl();
  return text.replace(SITE_PATH_WORD, (_match, before: string, path: string) => `${before}${base}${path}`);
}

function termsLine() {
  return `Our Trading Terms and Conditions: ${publicBaseUrl()}${TERMS_PATH}`;
}

function signature(document: QuoteDocument) {
  return `${document.trader.name} · ${document.trader.phone} · ${document.trader.email}`;
}

/** The sent quote as its PDF shows it, read in the current transaction. */
export async function readQuoteDocument(quoteId: string): Promise<QuoteDocument & { enquiryId: string }> {
  const db = getDb();
  const [row] = await db
    .select({ quote: quotes, referenceNo: contactQueries.referenceNo, receivedAt: contactQueries.createdAt })
    .from(quotes)
    .innerJoin(contactQueries, eq(contactQueries.id, quotes.enquiryId))
    .where(eq(quotes.id, quoteId));
  if (!row) throw new Error(`Quote ${quoteId} not found`);
  const { quote } = row;
  const lines = await db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
  const contact = await getContactInfo();
  const trader = quote.traderSnapshot ?? {};
  return {
    enquiryId: quote.enquiryId,
    number: quoteNumber(formatReference(row.referenceNo, row.receivedAt), quote.revision),
    sentAt: quote.sentAt ?? new Date(),
    validUntil: quote.validUntil,
    trader: {
      name: trader.name || "Trade Counter Ltd",
      address: contact.address,
      phone: contact.phone,
      email: contact.email,
      gstNumber: trader.gstNumber ?? "",
      nzbn: trader.nzbn ?? "",
      website: new URL(publicBaseUrl()).host,
    },
    customer: { name: quote.customerName, email: quote.customerEmail, company: quote.customerCompany },
    lines: lines.map((line) => ({
      description: line.description,
      brandName: line.brandName,
      note: line.note,
      quantityMilli: line.quantityMilli,
      unit: line.unit,
      unitPriceCents: line.unitPriceCents,
      discountBasisPoints: line.discountBasisPoints,
      lineTotalCents: line.lineTotalCents,
    })),
    subtotalCents: quote.subtotalCents,
    gstBasisPoints: quote.gstBasisPoints,
    gstCents: quote.gstCents,
    totalCents: quote.totalCents,
    noteToCustomer: quote.noteToCustomer,
    terms: withSiteAddresses(quote.termsSnapshot ?? ""),
  };
}

export function pdfFileName(number: string) {
  return `Quote-${number}.pdf`;
}

/** Draws the sent quote's PDF, stores it and records where; returns its storage path. */
export async function storeQuotePdf(quoteId: string) {
  const document = await readQuoteDocument(quoteId);
  const pdf = await renderQuotePdf(document);
  const stored = await getStorage().put("quotes", "quote.pdf", new Uint8Array(pdf));
  await getDb().update(quotes).set({ pdfPath: stored.path }).where(eq(quotes.id, quoteId));
  return { path: stored.path, document };
}

/** The customer's e-mail for a quote just sent, with the PDF and their link. */
export async function queueQuoteMail(
  document: QuoteDocument & { enquiryId: string },
  pdfPath: string,
  token: string,
  kind: "quote" | "quote_reminder" = "quote",
) {
  const link = quoteLink(token);
  const reminder = kind === "quote_reminder";
  const subject = reminder
    ? `Reminder: quote ${document.number} is valid until ${formatNzDate(document.validUntil)}`
    : `Quote ${document.number} from ${document.trader.name}`;
  await queueCustomerMail(document, {
    kind,
    subject,
    body: [
      reminder
        ? `Your quote ${document.number} from ${document.trader.name} is valid until ${formatNzDate(document.validUntil)}. It is attached again in case you need it.`
        : `Thank you for your enquiry. Your quote ${document.number} is attached as a PDF.`,
      "",
      `Total ${formatCents(document.totalCents)} including GST, valid until ${formatNzDate(document.validUntil)}.`,
      "",
      "To accept it, ask for changes or decline it, open your quote here (no account needed):",
      link,
      "",
      termsLine(),
    ],
    pdfPath,
  });
}

/** A mail to the quote's customer: greeted by name, signed by the trader, replies to the trader. */
async function queueCustomerMail(
  document: QuoteDocument & { enquiryId: string },
  mail: { kind: "quote" | "quote_reminder"; subject: string; body: string[]; pdfPath?: string | null },
) {
  const text = [
    `Kia ora ${oneLine(document.customer.name, 100)},`,
    "",
    ...mail.body,
    "",
    signature(document),
  ].join("\n");
  await enqueueMail(getDb(), {
    kind: mail.kind,
    enquiryId: document.enquiryId,
    recipients: [document.customer.email],
    replyTo: document.trader.email,
    subject: mail.subject,
    text,
    attachments: mail.pdfPath
      ? [{ filename: pdfFileName(document.number), contentType: "application/pdf", path: mail.pdfPath }]
      : undefined,
  });
}

/** The customer's copy of their acceptance: who accepted, when, the order number, and the PDF. */
export async function queueAcceptanceCopy(
  quoteId: string,
  acceptance: { name: string; purchaseOrder: string | null; on: Date; pdfPath: string | null },
) {
  const document = await readQuoteDocument(quoteId);
  await queueCustomerMail(document, {
    kind: "quote",
    subject: `You accepted quote ${document.number}`,
    body: [
      `Thank you: you accepted quote ${document.number} from ${document.trader.name} on ${formatNzDate(acceptance.on)}. This is your copy.`,
      "",
      `Accepted by: ${oneLine(acceptance.name, 100)}`,
      ...(acceptance.purchaseOrder ? [`Purchase order: ${oneLine(acceptance.purchaseOrder, 100)}`] : []),
      `Total ${formatCents(document.totalCents)} including GST.`,
      "",
      acceptance.pdfPath
        ? "The quote you accepted is attached. We will be in touch to arrange your order."
        : "We will be in touch to arrange your order.",
      "",
      termsLine(),
    ],
    pdfPath: acceptance.pdfPath,
  });
}

/** The customer's notice that staff withdrew the quote, with the reason they gave (no prices). */
export async function queueWithdrawalNotice(quoteId: string, reason: string) {
  const document = await readQuoteDocument(quoteId);
  await queueCustomerMail(document, {
    kind: "quote",
    subject: `Quote ${document.number} withdrawn`,
    body: [
      `We have withdrawn quote ${document.number}: it can no longer be accepted.`,
      "",
      `Reason: ${oneLine(reason, 1000)}`,
      "",
      "If you still need these items, reply to this e-mail or ask us for a new quote:",
      `${publicBaseUrl()}/contact?subject=Quote%20Request`,
    ],
  });
}

const ANSWER_TITLES = {
  accepted: "accepted",
  changes_requested: "changes requested",
  declined: "declined",
} as const;

/** The staff's notice of a customer's answer (never with prices: only the number and the words). */
export async function queueAnswerNotice(
  quoteId: string,
  status: keyof typeof ANSWER_TITLES,
  details: [label: string, value: string][],
) {
  const document = await readQuoteDocument(quoteId);
  const recipients = await resolveStaffRecipients(getDb());
  if (recipients.recipients.length === 0) return;
  const text = [
    `${document.customer.name} (${document.customer.email}) answered quote ${document.number}: ${ANSWER_TITLES[status]}.`,
    "",
    ...details.map(([label, value]) => `${label}: ${oneLine(value, 1000)}`),
    "",
    `Open the enquiry: ${publicBaseUrl()}/admin/contact-management/${document.enquiryId}`,
  ].join("\n");
  await enqueueMail(getDb(), {
    kind: "quote_answer",
    enquiryId: document.enquiryId,
    recipients: recipients.recipients,
    subject: `Quote ${document.number} ${ANSWER_TITLES[status]}`,
    text,
  });
}
