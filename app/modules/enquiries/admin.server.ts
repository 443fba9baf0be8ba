// Contact Management in the back office: enquiries (search, paging, delete with their file,
// export reads) and the subjects offered on the contact form.
import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { ilikeAny, PAGE_SIZE, type Paged, readPage } from "~/modules/admin/list-params";
import { AdminInputError, newestFirst, withUniqueName } from "~/modules/taxonomy/admin.server";
import { getDb } from "~/server/db/db.server";
import { contactQueries, contactSubjects } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";
import type { CsvEnquiry } from "./csv";
import type { SubjectInput } from "./subjects.schema";

// ------------------------------------------------------------------ enquiries

export type EnquiryRow = typeof contactQueries.$inferSelect;

/** Export Selected takes at most this many ids in one request. */
export const MAX_SELECTED_EXPORT = 1000;
export const EXPORT_BATCH_SIZE = 1000;

export function listEnquiries({ page, q }: { page: number; q: string }): Promise<Paged<EnquiryRow>> {
  const where = ilikeAny([contactQueries.fullName, contactQueries.email, contactQueries.subject], q);
  return readPage(
    page,
    () => getDb().select({ n: count() }).from(contactQueries).where(where),
    (offset) =>
      getDb()
        .select()
        .from(contactQueries)
        .where(where)
        .orderBy(newestFirst(contactQueries.createdAt), desc(contactQueries.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
}

/** Deletes the enquiry, then its attached file; a file left behind is logged, not an error. */
export async function deleteEnquiry(id: string) {
  const [row] = await getDb()
    .delete(contactQueries)
    .where(eq(contactQueries.id, id))
    .returning({ fileUrl: contactQueries.fileUrl });
  if (!row) throw new AdminInputError("This query no longer exists.");
  const stored = parseStoredPath(row.fileUrl);
  if (!stored) return;
  try {
    await getStorage().delete(stored.bucket, stored.name);
  } catch (error) {
    logger.warn({ err: error, fileUrl: row.fileUrl }, "enquiry deleted but its file could not be removed");
  }
}

const csvColumns = {
  fullName: contactQueries.fullName,
  email: contactQueries.email,
  phone: contactQueries.phone,
  subject: contactQueries.subject,
  message: contactQueries.message,
  fileUrl: contactQueries.fileUrl,
  createdAt: contactQueries.createdAt,
};

/** The chosen enquiries, newest first; ids that no longer exist are skipped. */
export function getEnquiriesForExport(ids: readonly string[]): Promise<CsvEnquiry[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return getDb()
    .select(csvColumns)
    .from(contactQueries)
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
  if (!row) throw new AdminInputError("This subject no longer exists.");
  return row;
}

export async function setSubjectActive(id: string, isActive: boolean) {
  const [row] = await getDb()
    .update(contactSubjects)
    .set({ isActive })
    .where(eq(contactSubjects.id, id))
    .returning({ id: contactSubjects.id });
  if (!row) throw new AdminInputError("This subject no longer exists.");
}

export async function deleteSubject(id: string) {
  const [row] = await getDb()
    .delete(contactSubjects)
    .where(eq(contactSubjects.id, id))
    .returning({ id: contactSubjects.id });
  if (!row) throw new AdminInputError("This subject no longer exists.");
}
