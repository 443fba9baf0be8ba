// Drafting a quote in the back office: a new revision for an enquiry (prefilled from the latest
// revision's lines, or else from the enquiry's quote-list lines at today's catalogue prices), and
// saving a draft's customer, validity, notes and lines. Only a draft changes; from `sent` on a
// revision is locked and a change is the next revision. The server computes every total.
import { and, asc, desc, eq, max } from "drizzle-orm";
import {
  AMOUNT_LIMIT_MESSAGES,
  centsFromStoredPrice,
  isLineWithinLimit,
  lineTotalCents,
  MAX_CENTS,
  QUANTITY_SCALE,
  quoteTotals,
} from "~/lib/money";
import { quoteNumber } from "~/lib/quote-number";
import { formatReference } from "~/modules/enquiries/reference";
import { unitOfSale } from "~/modules/products/unit-of-sale";
import type { SessionUser } from "~/server/auth/guards.server";
import type { Transaction } from "~/server/db/client.server";
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
import { describeLineEdits, type EditedLine } from "./line-edits";
import type { QuoteDraftInput, QuoteLineInput } from "./schema";
import { getQuoteSettings } from "./settings.server";

type Actor = Pick<SessionUser, "id" | "name">;

export const QUOTE_NOT_FOUND = "This quote no longer exists.";
export const QUOTE_LOCKED = "This quote has been sent and is locked: create a new revision to change it.";
export const ENQUIRY_NOT_FOUND = "This enquiry no longer exists.";

import { nzDatePlusDays } from "~/lib/nz-date";

export { nzDatePlusDays };

type LineRow = Omit<typeof quoteLines.$inferInsert, "quoteId" | "position" | "lineTotalCents">;

/** The enquiry's quote-list lines as quote lines: the product as it is now, at its price, in its unit of sale. */
async function linesFromEnquiry(tx: Transaction, enquiryId: string): Promise<LineRow[]> {
  const rows = await tx
    .select({
      productId: enquiryLines.productId,
      productName: enquiryLines.productName,
      quantity: enquiryLines.quantity,
      currentName: products.name,
      currentDescription: products.description,
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
    quantityMilli: row.quantity * QUANTITY_SCALE,
    // The product's unit of sale as its catalogue entry gives it (a deleted product, its name).
    unit: unitOfSale({ name: row.currentName ?? row.productName, description: row.currentDescription }),
    unitPriceCents: row.price === null ? 0 : centsFromStoredPrice(row.price),
    discountBasisPoints: 0,
    note: null,
  }));
}

/**
 * Replaces a quote's lines and stores the totals the server computed from them. Amounts past
 * MAX_CENTS (lib/money) are refused, whether typed or copied from an enquiry's list.
 */
async function writeLines(tx: Transaction, quoteId: string, gstBasisPoints: number, lines: LineRow[]) {
  const amounts = lines.map((line) => ({
    quantityMilli: line.quantityMilli,
    unitPriceCents: line.unitPriceCents,
    discountBasisPoints: line.discountBasisPoints ?? 0,
  }));
  if (!amounts.every(isLineWithinLimit)) throw new InputError(AMOUNT_LIMIT_MESSAGES.line);
  await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  const priced = lines.map((line, position) => ({
    ...line,
    quoteId,
    position,
    lineTotalCents: lineTotalCents(amounts[position] as (typeof amounts)[number]),
  }));
  if (priced.length > 0) await tx.insert(quoteLines).values(priced);
  const totals = quoteTotals(
    priced.map((line) => line.lineTotalCents),
    gstBasisPoints,
  );
  if (totals.subtotalCents > MAX_CENTS) throw new InputError(AMOUNT_LIMIT_MESSAGES.quote);
  await tx.update(quotes).set(totals).where(eq(quotes.id, quoteId));
  return totals;
}

/**
 * The enquiry's draft quote: the one already open, or a new revision. A new revision after the
 * first copies the latest revision's customer, notes and lines; the first takes the enquiry's
 * sender and quote-list lines. Returns the draft's id and number.
 */
export async function openQuoteDraft(actor: Actor, enquiryId: string) {
  return getDb().transaction(async (tx) => {
    // The enquiry's row is the lock that makes two clicks at once one draft, not two.
    const [enquiry] = await tx
      .select({
        id: contactQueries.id,
        referenceNo: contactQueries.referenceNo,
        createdAt: contactQueries.createdAt,
        fullName: contactQueries.fullName,
        email: contactQueries.email,
      })
      .from(contactQueries)
      .where(eq(contactQueries.id, enquiryId))
      .for("update");
    if (!enquiry) throw new InputError(ENQUIRY_NOT_FOUND);
    const reference = formatReference(enquiry.referenceNo, enquiry.createdAt);
    const [open] = await tx
      .select({ id: quotes.id, revision: quotes.revision })
      .from(quotes)
      .where(and(eq(quotes.enquiryId, enquiryId), eq(quotes.status, "draft")));
    if (open) return { id: open.id, number: quoteNumber(reference, open.revision), created: false };

    const [latest] = await tx
      .select()
      .from(quotes)
      .where(eq(quotes.enquiryId, enquiryId))
      .orderBy(desc(quotes.revision))
      .limit(1);
    const settings = await getQuoteSettings(tx);
    const revision = (latest?.revision ?? 0) + 1;
    const [draft] = await tx
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
    const lines = latest
      ? await tx
          .select({
            productId: quoteLines.productId,
            description: quoteLines.description,
            brandName: quoteLines.brandName,
            productSlug: quoteLines.productSlug,
            quantityMilli: quoteLines.quantityMilli,
            unit: quoteLines.unit,
            unitPriceCents: quoteLines.unitPriceCents,
            discountBasisPoints: quoteLines.discountBasisPoints,
            note: quoteLines.note,
          })
          .from(quoteLines)
          .where(eq(quoteLines.quoteId, latest.id))
          .orderBy(asc(quoteLines.position))
      : await linesFromEnquiry(tx, enquiryId);
    await writeLines(tx, draft.id, settings.gstBasisPoints, lines);
    await tx.insert(quoteEvents).values({
      quoteId: draft.id,
      kind: "draft",
      actorId: actor.id,
      actorName: actor.name,
      note: latest ? `Revision of ${quoteNumber(reference, latest.revision)}` : null,
    });
    return { id: draft.id, number: quoteNumber(reference, revision), created: true };
  });
}

function editedLine(line: LineRow): EditedLine {
  return {
    productId: line.productId ?? null,
    description: line.description,
    quantityMilli: line.quantityMilli,
    unit: line.unit ?? "each",
    unitPriceCents: line.unitPriceCents,
    discountBasisPoints: line.discountBasisPoints ?? 0,
    note: line.note ?? null,
  };
}

function toLineRow(line: QuoteLineInput): LineRow {
  return {
    productId: line.productId ?? null,
    description: line.description,
    brandName: line.brandName,
    productSlug: line.productSlug,
    quantityMilli: line.quantityMilli,
    unit: line.unit,
    unitPriceCents: line.unitPriceCents,
    discountBasisPoints: line.discountBasisPoints,
    note: line.note,
  };
}

/**
 * Saves a draft as the builder posted it; a quote that is no longer a draft is refused. Returns
 * the totals the server computed and what changed in the lines, in words.
 */
export async function saveQuoteDraft(actor: Actor, quoteId: string, input: QuoteDraftInput) {
  return getDb().transaction(async (tx) => {
    const [quote] = await tx
      .select({ status: quotes.status, gstBasisPoints: quotes.gstBasisPoints })
      .from(quotes)
      .where(eq(quotes.id, quoteId))
      .for("update");
    if (!quote) throw new InputError(QUOTE_NOT_FOUND);
    if (quote.status !== "draft") throw new InputError(QUOTE_LOCKED);
    await tx
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
      .where(eq(quotes.id, quoteId));
    const earlier = await tx
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, quoteId))
      .orderBy(asc(quoteLines.position));
    // Products named by a line must exist; a line of a product deleted meanwhile keeps its text.
    const lines = input.lines.map(toLineRow);
    const totals = await writeLines(tx, quoteId, quote.gstBasisPoints, lines);
    await tx
      .insert(quoteEvents)
      .values({ quoteId, kind: "edited", actorId: actor.id, actorName: actor.name });
    return { ...totals, lineEdits: describeLineEdits(earlier, lines.map(editedLine)) };
  });
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
    db
      .select({ revision: max(quotes.revision) })
      .from(quotes)
      .where(eq(quotes.enquiryId, quote.quote.enquiryId)),
  ]);
  const reference = formatReference(quote.referenceNo, quote.enquiryCreatedAt);
  return {
    ...quote.quote,
    number: quoteNumber(reference, quote.quote.revision),
    enquiryReference: reference,
    isLatest: latest[0]?.revision === quote.quote.revision,
    lines,
    events,
  };
}
