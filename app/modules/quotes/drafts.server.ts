// Reading a quote for the back office and pricing a draft's lines. A new revision is prefilled
// from the latest revision's lines, or else from the enquiry's quote-list lines at today's
// catalogue prices; the server computes every total. The writes are commands (commands.server.ts).
import { and, asc, desc, eq, max } from "drizzle-orm";
import {
  AMOUNT_LIMIT_MESSAGES,
  centsFromStoredPrice,
  isLineWithinLimit,
  lineTotalCents,
  MAX_CENTS,
  QUANTITY_SCALE,
  type QuoteTotals,
  quoteTotals,
} from "~/lib/money";
import { nzDatePlusDays } from "~/lib/nz-date";
import { quoteNumber } from "~/lib/quote-number";
import { formatReference } from "~/modules/enquiries/reference";
import { unitOfSale } from "~/modules/products/unit-of-sale";
import { getDb } from "~/server/db/db.server";
import {
  brands,
  contactQueries,
  enquiryLines,
  products,
  quoteEvents,
  quoteLines,
  quotes,
} from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import type { EditedLine } from "./line-edits";
import type { QuoteLineInput } from "./schema";

export { nzDatePlusDays };

/** A line as a draft holds it, before it is priced and placed. */
export type LineRow = {
  productId: string | null;
  description: string;
  brandName: string | null;
  productSlug: string | null;
  /** The product's stock code as the line keeps it. */
  sku: string | null;
  quantityMilli: number;
  unit: string;
  unitPriceCents: number;
  discountBasisPoints: number;
  note: string | null;
};

export type PricedLine = LineRow & { position: number; lineTotalCents: number };

/**
 * The lines priced, in order, and the quote's totals at this GST rate. Amounts past MAX_CENTS
 * (lib/money) are refused, whether typed or copied from an enquiry's list.
 */
export function priceLines(
  lines: readonly LineRow[],
  gstBasisPoints: number,
): { lines: PricedLine[]; totals: QuoteTotals } {
  if (!lines.every(isLineWithinLimit)) throw new InputError(AMOUNT_LIMIT_MESSAGES.line);
  const priced = lines.map((line, position) => ({ ...line, position, lineTotalCents: lineTotalCents(line) }));
  const totals = quoteTotals(
    priced.map((line) => line.lineTotalCents),
    gstBasisPoints,
  );
  if (totals.subtotalCents > MAX_CENTS) throw new InputError(AMOUNT_LIMIT_MESSAGES.quote);
  return { lines: priced, totals };
}

/** A line as the builder posted it. */
export function toLineRow(line: QuoteLineInput): LineRow {
  return {
    productId: line.productId ?? null,
    description: line.description,
    brandName: line.brandName,
    productSlug: line.productSlug,
    sku: line.sku,
    quantityMilli: line.quantityMilli,
    unit: line.unit,
    unitPriceCents: line.unitPriceCents,
    discountBasisPoints: line.discountBasisPoints,
    note: line.note,
  };
}

/** A line as the audit log compares it. */
export function editedLine(line: LineRow): EditedLine {
  return {
    productId: line.productId,
    description: line.description,
    sku: line.sku,
    quantityMilli: line.quantityMilli,
    unit: line.unit,
    unitPriceCents: line.unitPriceCents,
    discountBasisPoints: line.discountBasisPoints,
    note: line.note,
  };
}

/**
 * The enquiry's quote-list lines as quote lines: the product as it is now, with its stock code, at
 * its price, in its unit of sale.
 */
export async function linesFromEnquiry(enquiryId: string): Promise<LineRow[]> {
  const rows = await getDb()
    .select({
      productId: enquiryLines.productId,
      productName: enquiryLines.productName,
      quantity: enquiryLines.quantity,
      currentName: products.name,
      currentDescription: products.description,
      sku: products.sku,
      unitOfSale: products.unit,
      slug: products.slug,
      price: products.price,
      brandName: brands.name,
    })
    .from(enquiryLines)
    .leftJoin(products, eq(products.id, enquiryLines.productId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(enquiryLines.enquiryId, enquiryId))
    .orderBy(asc(enquiryLines.position));
  return rows.map((row) => ({
    productId: row.currentName ? row.productId : null,
    description: row.currentName ?? row.productName,
    brandName: row.brandName,
    productSlug: row.slug,
    sku: row.sku,
    quantityMilli: row.quantity * QUANTITY_SCALE,
    // The product's unit of sale as its catalogue entry gives it (a deleted product, its name).
    unit: unitOfSale({
      name: row.currentName ?? row.productName,
      description: row.currentDescription,
      unit: row.unitOfSale,
    }),
    unitPriceCents: row.price === null ? 0 : centsFromStoredPrice(row.price),
    discountBasisPoints: 0,
    note: null,
  }));
}

/** A quote's lines as a draft holds them, first line first. */
export function draftLinesOf(quoteId: string): Promise<LineRow[]> {
  return getDb()
    .select({
      productId: quoteLines.productId,
      description: quoteLines.description,
      brandName: quoteLines.brandName,
      productSlug: quoteLines.productSlug,
      sku: quoteLines.sku,
      quantityMilli: quoteLines.quantityMilli,
      unit: quoteLines.unit,
      unitPriceCents: quoteLines.unitPriceCents,
      discountBasisPoints: quoteLines.discountBasisPoints,
      note: quoteLines.note,
    })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
}

/** The enquiry's open draft, if it has one. */
export async function openDraftOf(enquiryId: string) {
  const [open] = await getDb()
    .select({ id: quotes.id, revision: quotes.revision })
    .from(quotes)
    .where(and(eq(quotes.enquiryId, enquiryId), eq(quotes.status, "draft")));
  return open;
}

/** The enquiry's latest revision, if it has any. */
export async function latestRevisionOf(enquiryId: string) {
  const [latest] = await getDb()
    .select()
    .from(quotes)
    .where(eq(quotes.enquiryId, enquiryId))
    .orderBy(desc(quotes.revision))
    .limit(1);
  return latest;
}

/** The highest revision number of the enquiry's quotes. */
export async function highestRevisionOf(enquiryId: string) {
  const [row] = await getDb()
    .select({ revision: max(quotes.revision) })
    .from(quotes)
    .where(eq(quotes.enquiryId, enquiryId));
  return row?.revision ?? 0;
}

/** A quote with its lines and history, for the builder; null when there is none. */
export async function getQuote(quoteId: string) {
  const db = getDb();
  const [quote] = await db
    .select({
      quote: quotes,
      referenceNo: contactQueries.referenceNo,
      enquiryCreatedAt: contactQueries.createdAt,
    })
    .from(quotes)
    .innerJoin(contactQueries, eq(contactQueries.id, quotes.enquiryId))
    .where(eq(quotes.id, quoteId));
  if (!quote) return null;
  const [lines, events, latest] = await Promise.all([
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)).orderBy(asc(quoteLines.position)),
    db.select().from(quoteEvents).where(eq(quoteEvents.quoteId, quoteId)).orderBy(asc(quoteEvents.createdAt)),
    highestRevisionOf(quote.quote.enquiryId),
  ]);
  const reference = formatReference(quote.referenceNo, quote.enquiryCreatedAt);
  return {
    ...quote.quote,
    number: quoteNumber(reference, quote.quote.revision),
    enquiryReference: reference,
    isLatest: latest === quote.quote.revision,
    lines,
    events,
  };
}
