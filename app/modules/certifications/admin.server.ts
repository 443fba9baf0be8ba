// Certifications for the back office: the paged, searched list (filtered by status), the writes
// with the products a certificate covers, the register check, and the dialog's uploads (the
// certificate file and its preview image, both to the public certificates bucket).
import { and, asc, count, desc, eq, getTableColumns, inArray } from "drizzle-orm";
import type { ActionError } from "~/lib/action-error";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import { nzToday } from "~/lib/nz-date";
import type { CertificateStatus } from "~/lib/vocabulary";
import { assertCategoryOfType } from "~/modules/case-studies/admin.server";
import { certificateStatus } from "~/modules/compliance/certificate-status";
import { newestFirst } from "~/modules/taxonomy/admin.server";
import { getActiveCategories } from "~/modules/taxonomy/queries.server";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import {
  type AuditChanges,
  categories,
  certificationProducts,
  certifications,
  products,
} from "~/server/db/schema";
import { bodyLimitsFor, type HeldFile, readBody } from "~/server/http/form-body.server";
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_ERRORS } from "~/server/http/image-upload.server";
import { InputError } from "~/server/http/input-error";
import { keepFile } from "~/server/http/keep-file.server";
import { openQuarantine } from "~/server/http/quarantine.server";
import { expectRow } from "~/server/http/screens.server";
import { type DetectedType, IMAGE_TYPES } from "~/server/storage/file-signature";
import type { CertificationInput, UploadKind } from "./schema";
import { certificateStatusCondition } from "./status.server";

/** A write's audit changes, which the covered products' change is added to. */
export type { AuditChanges };

export type AdminCertification = typeof certifications.$inferSelect & {
  categoryName: string | null;
  /** Computed from the standing and the dates against today's New Zealand date. */
  status: CertificateStatus;
  /** The products it covers. */
  productIds: string[];
};

/** The products each of these certificates covers. */
async function coveredProducts(ids: string[]) {
  const covered = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return covered;
  const rows = await getDb()
    .select({
      certificationId: certificationProducts.certificationId,
      productId: certificationProducts.productId,
    })
    .from(certificationProducts)
    .where(inArray(certificationProducts.certificationId, ids));
  for (const row of rows) covered.get(row.certificationId)?.push(row.productId);
  return covered;
}

/**
 * One page of certifications, newest first, searched on title, description and file type, and
 * of one status when `status` is given; each with its status today and its covered products.
 */
export async function listAdminCertifications(
  { page, q, status }: { page: number; q: string; status?: CertificateStatus | null },
  today: string = nzToday(),
): Promise<Paged<AdminCertification>> {
  const where = and(
    ilikeAny([certifications.title, certifications.description, certifications.fileType], q),
    status ? certificateStatusCondition(status, today) : undefined,
  );
  const paged = await readPage(
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
  const covered = await coveredProducts(paged.rows.map((row) => row.id));
  return {
    ...paged,
    rows: paged.rows.map((row) => ({
      ...row,
      status: certificateStatus(row, today),
      productIds: covered.get(row.id) ?? [],
    })),
  };
}

export type ProductOption = { id: string; name: string };

/** Every product, by name, for the covered-products list. */
export function getCoverableProductOptions(): Promise<ProductOption[]> {
  return getDb()
    .select({ id: products.id, name: products.name })
    .from(products)
    .orderBy(asc(products.name), asc(products.id));
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
    scheme: input.scheme,
    certificateNumber: input.certificateNumber,
    holder: input.holder,
    certificationBody: input.certificationBody,
    scope: input.scope,
    issuedOn: input.issuedOn,
    expiresOn: input.expiresOn,
    registerUrl: input.registerUrl,
    registerCheckedOn: input.registerCheckedOn,
    registerCheckedBy: input.registerCheckedBy,
    standing: input.standing,
  };
}

const UNKNOWN_PRODUCT = "One of the chosen products no longer exists. Reload the page and choose again.";

/**
 * The certificate covers exactly these products (those it covered before are replaced). A change
 * is noted in `changes` (the write's audit event), since the certificate's own row cannot show it.
 */
async function setCoveredProducts(
  certificationId: string,
  productIds: readonly string[],
  changes: AuditChanges = {},
) {
  const db = getDb();
  const before = (await coveredProducts([certificationId])).get(certificationId)?.sort() ?? [];
  const after = [...productIds].sort();
  if (before.join() !== after.join()) changes.coveredProducts = { before, after };
  if (productIds.length > 0) {
    const [found] = await db
      .select({ n: count() })
      .from(products)
      .where(inArray(products.id, [...productIds]));
    if ((found?.n ?? 0) !== productIds.length) throw new InputError(UNKNOWN_PRODUCT);
  }
  await db.delete(certificationProducts).where(eq(certificationProducts.certificationId, certificationId));
  if (productIds.length > 0)
    await db
      .insert(certificationProducts)
      .values(productIds.map((productId) => ({ certificationId, productId })));
}

/** Throws InputError for a category that is not a certification category. */
export async function createCertification(input: CertificationInput, changes?: AuditChanges) {
  await assertCategoryOfType(input.categoryId, "certifications", CATEGORY_MESSAGE);
  const [row] = await getDb()
    .insert(certifications)
    .values(certificationValues(input))
    .returning({ id: certifications.id });
  if (row) await setCoveredProducts(row.id, input.productIds, changes);
  return row;
}

const GONE = "This certification no longer exists.";

export async function updateCertification(id: string, input: CertificationInput, changes?: AuditChanges) {
  await assertCategoryOfType(input.categoryId, "certifications", CATEGORY_MESSAGE);
  const rows = await getDb()
    .update(certifications)
    .set(certificationValues(input))
    .where(eq(certifications.id, id))
    .returning({ id: certifications.id });
  const row = expectRow(rows, GONE);
  await setCoveredProducts(row.id, input.productIds, changes);
  return row;
}

/** The public register was checked today (New Zealand) by `staffName`. */
export async function markRegisterChecked(id: string, staffName: string, today: string = nzToday()) {
  return expectRow(
    await getDb()
      .update(certifications)
      .set({ registerCheckedOn: today, registerCheckedBy: staffName.slice(0, 200) })
      .where(eq(certifications.id, id))
      .returning({ id: certifications.id }),
    GONE,
  );
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

function refusalFor(kind: UploadKind, file: HeldFile | undefined): ActionError | null {
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
 * Reads a multipart upload (fields intent and kind, the file in "file") by the one form reader:
 * the file waits in quarantine while it is judged, and only one that passes is stored, in the
 * certificates bucket. The type is told by the file's first bytes, never its name, and the stored
 * name takes the extension of what the bytes are, since public files are served with the type it
 * names.
 */
export async function storeCertificationUpload(request: Request): Promise<CertificationUpload> {
  const quarantine = openQuarantine(request.signal);
  try {
    const body = await readBody(request, {
      files: [{ field: "file", bucket: "certificates", maxBytes: CERTIFICATE_MAX_BYTES }],
      limits: bodyLimitsFor(request),
      quarantine,
    });
    const { fields, problem } = body;
    if (problem) {
      const error =
        problem.kind === "file" && problem.problem === "too_large"
          ? CERTIFICATE_UPLOAD_ERRORS.tooLarge
          : problem.kind === "file" && problem.problem === "active_content"
            ? CERTIFICATE_UPLOAD_ERRORS.activeContent
            : CERTIFICATE_UPLOAD_ERRORS.unreadable;
      return { ok: false, fields, error };
    }
    const kind: UploadKind = fields.get("kind") === "image" ? "image" : "file";
    const file = body.files.get("file");
    const refusal = refusalFor(kind, file);
    if (!file?.detected || !file.url || refusal) {
      return { ok: false, fields, error: refusal ?? CERTIFICATE_UPLOAD_ERRORS.wrongType };
    }
    const kept = keepFile(file);
    await kept.store();
    return {
      ok: true,
      fields,
      url: file.url,
      fileType: kind === "file" ? (FILE_TYPE_LABEL[file.detected] ?? null) : null,
      discard: () => kept.remove(),
    };
  } finally {
    await quarantine.release();
  }
}
