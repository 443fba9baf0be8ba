// A quote as its PDF, the customer's page and its e-mails show it: the trader's details (its
// name, GST number and NZBN as they stood when it was sent; its address, phone and e-mail as the
// site has them), the customer, the lines, the totals, the note and the terms, with each of the
// site's pages the terms name by its path given its full address.
import { asc, eq } from "drizzle-orm";
import { quoteNumber } from "~/lib/quote-number";
import type { ContactInfo } from "~/modules/content/contact-info";
import { getContactInfo } from "~/modules/content/queries.server";
import { formatReference } from "~/modules/enquiries/reference";
import { STATIC_PAGES } from "~/modules/seo/sitemap";
import { getDb } from "~/server/db/db.server";
import { contactQueries, quoteLines, quotes } from "~/server/db/schema";
import { publicBaseUrl } from "~/server/env.server";
import type { QuoteDocument } from "./pdf.server";

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

export function pdfFileName(number: string) {
  return `Quote-${number}.pdf`;
}

type QuoteRow = typeof quotes.$inferSelect;

export type DocumentQuote = Pick<
  QuoteRow,
  | "enquiryId"
  | "sentAt"
  | "validUntil"
  | "traderSnapshot"
  | "customerName"
  | "customerEmail"
  | "customerCompany"
  | "subtotalCents"
  | "gstBasisPoints"
  | "gstCents"
  | "totalCents"
  | "noteToCustomer"
  | "termsSnapshot"
>;

export type DocumentLine = QuoteDocument["lines"][number];

export type QuoteDocumentOf = QuoteDocument & { enquiryId: string };

/** The job an enquiry was sent for, as the enquiry keeps it (none for most). */
export type EnquiryJob = { jobName: string | null; jobSiteAddress: string | null };

/** The columns of the enquiry a quote's document reads beside the quote. */
export const ENQUIRY_OF_QUOTE = {
  referenceNo: contactQueries.referenceNo,
  receivedAt: contactQueries.createdAt,
  jobName: contactQueries.jobName,
  jobSiteAddress: contactQueries.jobSiteAddress,
};

/** The document of a quote numbered `number` with these lines, the site's contact details given. */
export function quoteDocumentOf(
  quote: DocumentQuote,
  number: string,
  lines: readonly DocumentLine[],
  contact: ContactInfo,
  enquiry: EnquiryJob = { jobName: null, jobSiteAddress: null },
): QuoteDocumentOf {
  const trader = quote.traderSnapshot ?? {};
  return {
    enquiryId: quote.enquiryId,
    number,
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
    site: enquiry.jobName ? { job: enquiry.jobName, address: enquiry.jobSiteAddress } : null,
    lines: lines.map((line) => ({
      description: line.description,
      sku: line.sku,
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

/** A quote's lines, first line first. */
export function readQuoteLines(quoteId: string) {
  return getDb()
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
}

/** The sent quote as its PDF shows it, read in the current transaction. */
export async function readQuoteDocument(quoteId: string): Promise<QuoteDocumentOf> {
  const [row] = await getDb()
    .select({ quote: quotes, ...ENQUIRY_OF_QUOTE })
    .from(quotes)
    .innerJoin(contactQueries, eq(contactQueries.id, quotes.enquiryId))
    .where(eq(quotes.id, quoteId));
  if (!row) throw new Error(`Quote ${quoteId} not found`);
  const number = quoteNumber(formatReference(row.referenceNo, row.receivedAt), row.quote.revision);
  const lines = await readQuoteLines(quoteId);
  return quoteDocumentOf(row.quote, number, lines, await getContactInfo(), row);
}
