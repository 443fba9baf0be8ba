// Contact Management's reads in the back office: the enquiries (search by name, e-mail, subject
// or reference, status and owner filters, paging), the enquiry an attachment belongs to, the
// export's rows, and the subjects offered on the contact form. Every enquiry is read as its
// EnquiryView (view.server.ts). Writes: commands.server.ts; follow-up reads: follow-up.server.ts.
import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import { OPEN_ENQUIRY_STATUSES, type QuoteStatus } from "~/lib/vocabulary";
import { newestFirst } from "~/modules/taxonomy/admin.server";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import { contactQueries, contactSubjects, quotes } from "~/server/db/schema";
import type { CsvEnquiry } from "./csv";
import { type EnquiryFilters, type StatusFilter, UNASSIGNED } from "./follow-up.schema";
import { parseReference } from "./reference";
import type { EnquiryView } from "./view";
import { selectEnquiries, toEnquiryViews } from "./view.server";

// ------------------------------------------------------------------ enquiries

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

export async function listEnquiries({
  page,
  q,
  status = "",
  owner = "",
}: { page: number; q: string } & Partial<EnquiryFilters>): Promise<Paged<EnquiryView>> {
  const where = and(searchWhere(q), statusWhere(status), ownerWhere(owner));
  const paged = await readPage(
    page,
    () => getDb().select({ n: count() }).from(contactQueries).where(where),
    (offset) =>
      selectEnquiries()
        .where(where)
        .orderBy(newestFirst(contactQueries.createdAt), desc(contactQueries.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
  return { ...paged, rows: await toEnquiryViews(paged.rows) };
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

// The latest quote's state, and the total of the one accepted (in cents), if any.
const quoteColumns = {
  quoteState: sql<QuoteStatus | null>`(
    select ${quotes.status} from ${quotes} where ${quotes.enquiryId} = ${contactQueries.id}
    order by ${quotes.revision} desc limit 1)`,
  acceptedTotal: sql<string | null>`(
    select ${quotes.totalCents}::text from ${quotes}
    where ${quotes.enquiryId} = ${contactQueries.id} and ${quotes.status} = 'accepted' limit 1)`,
};

/** The chosen enquiries, newest first; ids that no longer exist are skipped. */
export async function getEnquiriesForExport(ids: readonly string[]): Promise<CsvEnquiry[]> {
  if (ids.length === 0) return [];
  return toEnquiryViews(
    await selectEnquiries(quoteColumns)
      .where(inArray(contactQueries.id, [...ids]))
      .orderBy(newestFirst(contactQueries.createdAt), desc(contactQueries.id)),
  );
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
    if (rows.length > 0) yield (await toEnquiryViews(rows)).map(({ at: _at, ...row }) => row);
    const last = rows.at(-1);
    cursor = last && rows.length === batchSize ? { at: last.at, id: last.id } : undefined;
  } while (cursor);
}

type ExportCursor = { at: string; id: string };

function readExportBatch(after: ExportCursor | undefined, batchSize: number) {
  return selectEnquiries({ ...quoteColumns, at: sql<string>`${contactQueries.createdAt}::text` })
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
