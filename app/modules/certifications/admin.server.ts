// Certifications for the back office: the paged, searched list, the writes, and the dialog's
// uploads (the certificate file and its preview image, both to the public certificates bucket).
import { count, desc, eq, getTableColumns } from "drizzle-orm";
import type { ActionError } from "~/lib/action-error";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import { assertCategoryOfType } from "~/modules/case-studies/admin.server";
import { newestFirst } from "~/modules/taxonomy/admin.server";
import { getActiveCategories } from "~/modules/taxonomy/queries.server";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import { categories, certifications } from "~/server/db/schema";
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_ERRORS } from "~/server/http/image-upload.server";
import { discardUploads, parseMultipart, type StoredUpload } from "~/server/http/multipart.server";
import { expectRow } from "~/server/http/screens.server";
import { type DetectedType, EXTENSION_FOR, IMAGE_TYPES } from "~/server/storage/file-signature";
import { getStorage } from "~/server/storage/storage.server";
import type { CertificationInput, UploadKind } from "./schema";

export type AdminCertification = typeof certifications.$inferSelect & { categoryName: string | null };

/** One page of certifications, newest first, searched on title, description and file type. */
export function listAdminCertifications({
  page,
  q,
}: {
  page: number;
  q: string;
}): Promise<Paged<AdminCertification>> {
  const where = ilikeAny([certifications.title, certifications.description, certifications.fileType], q);
  return readPage(
    page,
    () => getDb().select({ n: count() }).from(certifications).where(where),
    (offset) =>
      getDb()
        .select({ ...getTableColumns(certifications), categoryName: categories.name })
        .from(certifications)
        .leftJoin(categories, eq(certifications.categoryId, categories.id))
        .where(where)
        .orderBy(newestFirst(certifications.createdAt), desc(certifications.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
}

/** The category pick-list: certification categories, active, by name. */
export function getCertificationCategoryOptions() {
  return getActiveCategories("certifications");
}

const CATEGORY_MESSAGE = "Please choose a certification category from the list.";

function certificationValues(input: CertificationInput) {
  return {
    title: input.title,
    description: input.description,
    categoryId: input.categoryId,
    fileUrl: input.fileUrl,
    fileType: input.fileType,
    imageUrl: input.imageUrl,
    allowDownload: input.allowDownload,
  };
}

/** Throws InputError for a category that is not a certification category. */
export async function createCertification(input: CertificationInput) {
  await assertCategoryOfType(input.categoryId, "certifications", CATEGORY_MESSAGE);
  const [row] = await getDb()
    .insert(certifications)
    .values(certificationValues(input))
    .returning({ id: certifications.id });
  return row;
}

const GONE = "This certification no longer exists.";

export async function updateCertification(id: string, input: CertificationInput) {
  await assertCategoryOfType(input.categoryId, "certifications", CATEGORY_MESSAGE);
  const rows = await getDb()
    .update(certifications)
    .set(certificationValues(input))
    .where(eq(certifications.id, id))
    .returning({ id: certifications.id });
  return expectRow(rows, GONE);
}

export async function deleteCertification(id: string) {
  expectRow(
    await getDb()
      .delete(certifications)
      .where(eq(certifications.id, id))
      .returning({ id: certifications.id }),
    GONE,
  );
}

// ------------------------------------------------------------------ uploads

export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;
const CERTIFICATE_TYPES: readonly DetectedType[] = ["pdf", "png", "jpeg"];

export const CERTIFICATE_UPLOAD_ERRORS = {
  wrongType: { title: "Failed to upload file", description: "Please upload a PDF, PNG or JPEG file" },
  tooLarge: { title: "Failed to upload file", description: "Please upload a file smaller than 10MB" },
  unreadable: IMAGE_UPLOAD_ERRORS.unreadable,
  missing: { title: "Failed to upload file", description: "Please choose a file to upload" },
  activeContent: {
    title: "Failed to upload file",
    description: "This PDF contains JavaScript or automatic actions. Please upload a PDF without them",
  },
} satisfies Record<string, ActionError>;

/** The label the file type field is prefilled with. */
const FILE_TYPE_LABEL: Partial<Record<DetectedType, string>> = { pdf: "PDF", png: "PNG", jpeg: "JPG" };

export type CertificationUpload =
  | { ok: true; fields: FormData; url: string; fileType: string | null; discard(): Promise<void> }
  | { ok: false; fields: FormData; error: ActionError };

function refusalFor(kind: UploadKind, file: StoredUpload | undefined): ActionError | null {
  if (!file) return CERTIFICATE_UPLOAD_ERRORS.missing;
  if (kind === "image") {
    if (!file.detected || !IMAGE_TYPES.includes(file.detected)) return IMAGE_UPLOAD_ERRORS.notImage;
    return file.size > IMAGE_MAX_BYTES ? IMAGE_UPLOAD_ERRORS.tooLarge : null;
  }
  return file.detected && CERTIFICATE_TYPES.includes(file.detected)
    ? null
    : CERTIFICATE_UPLOAD_ERRORS.wrongType;
}

/**
 * Reads a multipart upload (fields intent and kind, the file in "file") into the certificates
 * bucket. The type is told by the file's first bytes, never its name; the stored name takes the
 * extension of what the bytes are, since public files are served with the type it names.
 */
export async function storeCertificationUpload(request: Request): Promise<CertificationUpload> {
  const parsed = await parseMultipart(request, {
    bucket: "certificates",
    fileFields: ["file"],
    maxFileBytes: CERTIFICATE_MAX_BYTES,
  });
  if (!parsed.ok) {
    const error =
      parsed.reason === "too_large"
        ? CERTIFICATE_UPLOAD_ERRORS.tooLarge
        : parsed.reason === "active_content"
          ? CERTIFICATE_UPLOAD_ERRORS.activeContent
          : CERTIFICATE_UPLOAD_ERRORS.unreadable;
    return { ok: false, fields: parsed.fields, error };
  }
  const kind: UploadKind = parsed.fields.get("kind") === "image" ? "image" : "file";
  const file = parsed.files.get("file");
  const refusal = refusalFor(kind, file);
  if (!file?.detected || refusal) {
    await discardUploads(parsed.files.values());
    return { ok: false, fields: parsed.fields, error: refusal ?? CERTIFICATE_UPLOAD_ERRORS.wrongType };
  }
  const storage = getStorage();
  const extension = EXTENSION_FOR[file.detected];
  let stored = { bucket: file.bucket, name: file.name };
  if (!file.name.endsWith(`.${extension}`)) {
    const { stream } = await storage.get(file.bucket, file.name);
    stored = await storage.put(file.bucket, `upload.${extension}`, stream);
    await storage.delete(file.bucket, file.name);
  }
  return {
    ok: true,
    fields: parsed.fields,
    url: storage.publicUrl(stored.bucket, stored.name),
    fileType: kind === "file" ? (FILE_TYPE_LABEL[file.detected] ?? null) : null,
    discard: () => storage.delete(stored.bucket, stored.name),
  };
}
