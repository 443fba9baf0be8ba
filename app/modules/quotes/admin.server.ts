// Quotes in the back office: the list (searched by number, enquiry reference or customer, filtered
// by state, newest first), an enquiry's own revisions, and how the audit log names a quote.
import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import { quoteNumber } from "~/lib/quote-number";
import type { QuoteStatus } from "~/lib/vocabulary";
import { formatReference, parseReference } from "~/modules/enquiries/reference";
import type { AuditDetail } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import { contactQueries, quotes } from "~/server/db/schema";
import type { LineEdits } from "./line-edits";

export type QuoteListRow = {
  id: string;
  number: string;
  enquiryId: string;
  status: QuoteStatus;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  validUntil: string;
  sentAt: Date | null;
  createdAt: Date;
};

const columns = {
  id: quotes.id,
  revision: quotes.revision,
  referenceNo: contactQueries.referenceNo,
  enquiryCreatedAt: contactQueries.createdAt,
  enquiryId: quotes.enquiryId,
  status: quotes.status,
  customerName: quotes.customerName,
  customerEmail: quotes.customerEmail,
  totalCents: quotes.totalCents,
  validUntil: quotes.validUntil,
  sentAt: quotes.sentAt,
  createdAt: quotes.createdAt,
};

type Selected = Omit<QuoteListRow, "number"> & {
  revision: number;
  referenceNo: number;
  enquiryCreatedAt: Date;
};

function toRow({ revision, referenceNo, enquiryCreatedAt, ...row }: Selected): QuoteListRow {
  return { ...row, number: quoteNumber(formatReference(referenceNo, enquiryCreatedAt), revision) };
}

/** A search: a quote number or enquiry reference (TC-2026-000123, with or without -B), or a name or e-mail. */
function searchOf(q: string): SQL | undefined {
  if (!q) return undefined;
  const reference = parseReference(q.replace(/-[A-Za-z]{1,4}\s*$/, ""));
  if (reference !== null) return eq(contactQueries.referenceNo, reference);
  return ilikeAny([quotes.customerName, quotes.customerEmail, quotes.customerCompany], q);
}

export async function listQuotes(params: {
  page: number;
  q: string;
  status: QuoteStatus | "";
}): Promise<Paged<QuoteListRow>> {
  const where = and(params.status ? eq(quotes.status, params.status) : undefined, searchOf(params.q));
  const db = getDb();
  const page = await readPage(
    params.page,
    () =>
      db
        .select({ n: count() })
        .from(quotes)
        .innerJoin(contactQueries, eq(contactQueries.id, quotes.enquiryId))
        .where(where),
    (offset) =>
      db
        .select(columns)
        .from(quotes)
        .innerJoin(contactQueries, eq(contactQueries.id, quotes.enquiryId))
        .where(where)
        .orderBy(desc(quotes.createdAt), desc(quotes.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
  return { ...page, rows: page.rows.map(toRow) };
}

/** An enquiry's quotes, first revision first. */
export async function listEnquiryQuotes(enquiryId: string): Promise<QuoteListRow[]> {
  const rows = await getDb()
    .select(columns)
    .from(quotes)
    .innerJoin(contactQueries, eq(contactQueries.id, quotes.enquiryId))
    .where(eq(quotes.enquiryId, enquiryId))
    .orderBy(asc(quotes.revision));
  return rows.map(toRow);
}

/**
 * A quote's audit event: the quote by its number, what a save did to its lines, and anything
 * else worth saying ("Reason: …").
 *
 *   quoteAuditDetail("TC-2026-000123-A", saved.lineEdits)
 *   // summary: Updated quote TC-2026-000123-A: Line 2: quantity 3 → 5; Total $68.97 → $80.47
 */
export function quoteAuditDetail(number: string, edits?: LineEdits, ...phrases: string[]): AuditDetail {
  return {
    subject: `quote ${number}`,
    changes: edits?.changes,
    phrases: [...(edits?.phrases ?? []), ...phrases],
  };
}
