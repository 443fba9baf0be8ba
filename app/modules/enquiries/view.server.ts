// The one read of an enquiry (see view.ts): its row with the owner's name, narrowed by the caller
// (a page of the list, one enquiry, a batch of the export), then its quote-list lines for all the
// rows at once, and the mapping of both to EnquiryView.
//
//   const rows = await selectEnquiries().where(eq(contactQueries.id, id));
//   const [view] = await toEnquiryViews(rows);
import { asc, eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { getDb } from "~/server/db/db.server";
import { contactQueries, enquiryLines, products, users } from "~/server/db/schema";
import { parseStoredPath } from "~/server/storage/storage.server";
import { formatReference } from "./reference";
import type { EnquiryLineView, EnquiryView } from "./view";

const viewColumns = {
  id: contactQueries.id,
  referenceNo: contactQueries.referenceNo,
  source: contactQueries.source,
  fullName: contactQueries.fullName,
  email: contactQueries.email,
  phone: contactQueries.phone,
  subject: contactQueries.subject,
  message: contactQueries.message,
  fileUrl: contactQueries.fileUrl,
  attachmentDeletedAt: contactQueries.attachmentDeletedAt,
  status: contactQueries.status,
  spamReason: contactQueries.spamReason,
  ownerId: contactQueries.ownerId,
  closedAt: contactQueries.closedAt,
  createdAt: contactQueries.createdAt,
  userId: contactQueries.userId,
  jobId: contactQueries.jobId,
  jobName: contactQueries.jobName,
  jobSiteAddress: contactQueries.jobSiteAddress,
  ownerName: users.name,
};

/** What an enquiry's view is made from: its stored row (the columns above) and its owner's name. */
export type EnquiryViewRow = Pick<
  typeof contactQueries.$inferSelect,
  Exclude<keyof typeof viewColumns, "ownerName">
> & { ownerName: string | null };

const VIEW_ROW_KEYS = new Set<string>(Object.keys(viewColumns));

/** The staff-only download address of an enquiry's attachment, or null when it has none. */
export function attachmentHref(fileUrl: string | null) {
  const stored = parseStoredPath(fileUrl);
  return stored?.bucket === "contact_uploads" ? `/admin/files/contact_uploads/${stored.name}` : null;
}

export function toEnquiryView(row: EnquiryViewRow, lines: EnquiryLineView[]): EnquiryView {
  return {
    id: row.id,
    reference: formatReference(row.referenceNo, row.createdAt),
    source: row.source,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    fileUrl: row.fileUrl,
    fileHref: attachmentHref(row.fileUrl),
    attachmentDeletedAt: row.attachmentDeletedAt,
    status: row.status,
    spamReason: row.spamReason,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    createdAt: row.createdAt,
    closedAt: row.closedAt,
    accountId: row.userId,
    job: row.jobName ? { id: row.jobId, name: row.jobName, siteAddress: row.jobSiteAddress } : null,
    lines,
  };
}

/**
 * The enquiries with their owner's name, and any `extra` columns a reader needs besides (the
 * export's quote state): a query the caller narrows with where, order and limit.
 */
export function selectEnquiries<Extra extends Record<string, PgColumn | SQL.Aliased | SQL>>(
  extra: Extra = {} as Extra,
) {
  return getDb()
    .select({ ...viewColumns, ...extra })
    .from(contactQueries)
    .leftJoin(users, eq(users.id, contactQueries.ownerId))
    .$dynamic();
}

/** The quote-list lines of these enquiries, each enquiry's in list order. */
async function linesOf(ids: readonly string[]) {
  const found = new Map<string, EnquiryLineView[]>();
  if (ids.length === 0) return found;
  const rows = await getDb()
    .select({
      enquiryId: enquiryLines.enquiryId,
      productName: enquiryLines.productName,
      quantity: enquiryLines.quantity,
      productId: products.id,
      currentName: products.name,
    })
    .from(enquiryLines)
    .leftJoin(products, eq(products.id, enquiryLines.productId))
    .where(inArray(enquiryLines.enquiryId, [...ids]))
    .orderBy(asc(enquiryLines.enquiryId), asc(enquiryLines.position), asc(enquiryLines.id));
  for (const { enquiryId, ...line } of rows) {
    const list = found.get(enquiryId) ?? [];
    list.push(line);
    found.set(enquiryId, list);
  }
  return found;
}

/** The rows read by selectEnquiries as views, in the same order, each with its extra columns. */
export async function toEnquiryViews<Row extends EnquiryViewRow>(
  rows: readonly Row[],
): Promise<(EnquiryView & Omit<Row, keyof EnquiryViewRow>)[]> {
  const lines = await linesOf(rows.map((row) => row.id));
  return rows.map((row) => {
    const extra = Object.fromEntries(Object.entries(row).filter(([key]) => !VIEW_ROW_KEYS.has(key)));
    return { ...(extra as Omit<Row, keyof EnquiryViewRow>), ...toEnquiryView(row, lines.get(row.id) ?? []) };
  });
}

/** One enquiry's view, or null when there is no such enquiry. */
export async function getEnquiryView(id: string): Promise<EnquiryView | null> {
  const [view] = await toEnquiryViews(await selectEnquiries().where(eq(contactQueries.id, id)));
  return view ?? null;
}
