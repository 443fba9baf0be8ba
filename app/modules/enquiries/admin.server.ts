// Contact Management in the back office: enquiries (search by name, e-mail, subject or
// reference, status and owner filters, paging, delete with their file, export reads) and the
// subjects offered on the contact form. Status, owner, notes and history: follow-up.server.ts.
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import { OPEN_ENQUIRY_STATUSES, type QuoteStatus } from "~/lib/vocabulary";
import { newestFirst, withUniqueName } from "~/modules/taxonomy/admin.server";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import { contactQueries, contactSubjects, enquiryLines, quotes, users } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { logger } from "~/server/logger.server";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";
import type { CsvEnquiry } from "./csv";
import { type EnquiryFilters, type StatusFilter, UNASSIGNED } from "./follow-up.schema";
import { parseReference } from "./reference";
import type { SubjectInput } from "./subjects.schema";

// ------------------------------------------------------------------ enquiries

export type EnquiryRow = typeof contactQueries.$inferSelect;

/** A row of the list: the enquiry (without the sender's address) and its owner's name. */
export type EnquiryListItem = Omit<EnquiryRow, "clientIp"> & { ownerName: string | null };

/** Export Selected takes at most this many ids in one request. */
export const MAX_SELECTED_EXPORT = 1000;
export const EXPORT_BATCH_SIZE = 1000;

function statusWhere(status: StatusFilter): SQL | undefined {
  if (status === "all") return undefined;
  if (status === "") return ne(contactQueries.status, "Spam");
  if (status === "open") return inArray(contactQueries.status, [...OPEN_ENQUIRY_STATUSES]);
  return eq(contactQueries.status, status);
}

function ownerWhere(owner: string): SQL | undefined {
  if (!owner) return undefined;
  return owner === UNASSIGNED ? isNull(contactQueries.ownerId) : eq(contactQueries.ownerId, owner);
}

/** Name, e-mail or subject contains q; a reference (TC-2026-000123) also finds its enquiry. */
function searchWhere(q: string): SQL | undefined {
  const text = ilikeAny([contactQueries.fullName, contactQueries.email, contactQueries.subject], q);
  const referenceNo = parseReference(q);
  return referenceNo === null ? text : or(eq(contactQueries.referenceNo, referenceNo), text);
}

const { clientIp: _clientIp, ...listColumns } = getTableColumns(contactQueries);

export function listEnquiries({
  page,
  q,
  status = "",
  owner = "",
}: { page: number; q: string } & Partial<EnquiryFilters>): Promise<Paged<EnquiryListItem>> {
  const where = and(searchWhere(q), statusWhere(status), ownerWhere(owner));
  return readPage(
    page,
    () => getDb().select({ n: count() }).from(contactQueries).where(where),
    (offset) =>
      getDb()
        .select({ ...listColumns, ownerName: users.name })
        .from(contactQueries)
        .leftJoin(users, eq(users.id, contactQueries.ownerId))
        .where(where)
        .orderBy(newestFirst(contactQueries.createdAt), desc(contactQueries.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
}

/** The staff-only download address of an enquiry's attachment, or null when it has none. */
export function attachmentHref(fileUrl: string | null) {
  const stored = parseStoredPath(fileUrl);
  return stored?.bucket === "contact_uploads" ? `/admin/files/contact_uploads/${stored.name}` : null;
}

/** The enquiry a stored attachment belongs to (id and reference), or null. */
export async function findEnquiryByAttachment(name: string) {
  const [row] = await getDb()
    .select({
      id: contactQueries.id,
      referenceNo: contactQueries.referenceNo,
      createdAt: contactQueries.createdAt,
    })
    .from(contactQueries)
    .where(inArray(contactQueries.fileUrl, [`contact_uploads/${name}`, `/files/contact_uploads/${name}`]))
    .limit(1);
  return row ?? null;
}

/** Deletes the enquiry, then its attached file; a file left behind is logged, not an error. */
export async function deleteEnquiry(id: string) {
  const [row] = await getDb()
    .delete(contactQueries)
    .where(eq(contactQueries.id, id))
    .returning({ fileUrl: contactQueries.fileUrl });
  if (!row) throw new InputError("This query no longer exists.");
  const stored = parseStoredPath(row.fileUrl);
  if (!stored) return;
  try {
    await getStorage().delete(stored.bucket, stored.name);
  } catch (error) {
    logger.warn({ err: error, fileUrl: row.fileUrl }, "enquiry deleted but its file could not be removed");
  }
}

// The quote-list lines of each exported enquiry as "2 × Name; 5 × Name", in position order: a
// subquery per row that the (enquiry_id, position) index answers, so a batch stays one query.
const productsCell = sql<string | null>`(
  select string_agg(${enquiryLines.quantity}::text || ' × ' || ${enquiryLines.productName}, '; '
                    order by ${enquiryLines.position}, ${enquiryLines.id})
  from ${enquiryLines} where ${enquiryLines.enquiryId} = ${contactQueries.id})`;

// The latest quote's state, and the total of the one accepted (in cents), if any.
const quoteStateCell = sql<QuoteStatus | null>`(
  select ${quotes.status} from ${quotes} where ${quotes.enquiryId} = ${contactQueries.id}
  order by ${quotes.revision} desc limit 1)`;
const acceptedTotalCell = sql<string | null>`(
  select ${quotes.totalCents}::text from ${quotes}
  where ${quotes.enquiryId} = ${contactQueries.id} and ${quotes.status} = 'accepted' limit 1)`;

const csvColumns = {
  fullName: contactQueries.fullName,
  email: contactQueries.email,
  phone: contactQueries.phone,
  subject: contactQueries.subject,
  message: contactQueries.message,
  fileUrl: contactQueries.fileUrl,
  createdAt: contactQueries.createdAt,
  referenceNo: contactQueries.referenceNo,
  status: contactQueries.status,
  ownerName: users.name,
  products: productsCell,
  quoteState: quoteStateCell,
  acceptedTotal: acceptedTotalCell,
};

/** The chosen enquiries, newest first; ids that no longer exist are skipped. */
export function getEnquiriesForExport(ids: readonly string[]): Promise<CsvEnquiry[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return getDb()
    .select(csvColumns)
    .from(contactQueries)
    .leftJoin(users, eq(users.id, contactQueries.ownerId))
    .where(inArray(contactQueries.id, [...ids]))
    .orderBy(newestFirst(contactQueries.createdAt), desc(contactQueries.id));
}

/**
 * Every enquiry, newest first, in batches read by keyset (created_at, id) so each batch costs
 * the same however deep the export is: an index range scan, never a sort of what is left. The
 * cursor keeps created_at as text: a JS Date would drop the microseconds and skip or repeat rows.
 */
export async function* readAllEnquiriesForExport(
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<CsvEnquiry[]> {
  let cursor: ExportCursor | undefined;
  do {
    const rows = await readExportBatch(cursor, batchSize);
    if (rows.length > 0) yield rows.map(({ id: _id, at: _at, ...row }) => row);
    const last = rows.at(-1);
    cursor = last && rows.length === batchSize ? { at: last.at, id: last.id } : undefined;
  } while (cursor);
}

type ExportCursor = { at: string; id: string };

function readExportBatch(after: ExportCursor | undefined, batchSize: number) {
  return getDb()
    .select({ ...csvColumns, id: contactQueries.id, at: sql<string>`${contactQueries.createdAt}::text` })
    .from(contactQueries)
    .leftJoin(users, eq(users.id, contactQueries.ownerId))
    .where(
      after
        ? sql`(${contactQueries.createdAt}, ${contactQueries.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(newestFirst(contactQueries.createdAt), desc(contactQueries.id))
    .limit(batchSize);
}

// ------------------------------------------------------------------ subjects

export type SubjectRow = typeof contactSubjects.$inferSelect;

/** Newest first, no paging (the list is short); q filters by name. */
export function listSubjects(q: string): Promise<SubjectRow[]> {
  return getDb()
    .select()
    .from(contactSubjects)
    .where(ilikeAny([contactSubjects.subjectName], q))
    .orderBy(newestFirst(contactSubjects.createdAt), asc(contactSubjects.subjectName));
}

function duplicateSubject(name: string) {
  return `A subject named "${name}" already exists.`;
}

/** New subjects are created active. */
export async function createSubject(input: SubjectInput) {
  const [row] = await withUniqueName(
    () =>
      getDb().insert(contactSubjects).values({ subjectName: input.subjectName, isActive: true }).returning(),
    duplicateSubject(input.subjectName),
  );
  return row;
}

export async function updateSubject(id: string, input: SubjectInput) {
  const [row] = await withUniqueName(
    () =>
      getDb()
        .update(contactSubjects)
        .set({ subjectName: input.subjectName, isActive: input.isActive })
        .where(eq(contactSubjects.id, id))
        .returning(),
    duplicateSubject(input.subjectName),
  );
  if (!row) throw new InputError("This subject no longer exists.");
  return row;
}

export async function setSubjectActive(id: string, isActive: boolean) {
  const [row] = await getDb()
    .update(contactSubjects)
    .set({ isActive })
    .where(eq(contactSubjects.id, id))
    .returning({ id: contactSubjects.id });
  if (!row) throw new InputError("This subject no longer exists.");
}

export async function deleteSubject(id: string) {
  const [row] = await getDb()
    .delete(contactSubjects)
    .where(eq(contactSubjects.id, id))
    .returning({ id: contactSubjects.id });
  if (!row) throw new InputError("This subject no longer exists.");
}
