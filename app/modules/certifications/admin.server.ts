// Certifications for the back office: the paged, searched list (filtered by status), the products
// each covers, the pick-lists, and the rules for the dialog's uploads (the certificate file and its
// preview image, both to the public certificates bucket). commands.server.ts writes them.
import { and, asc, count, desc, eq, getTableColumns, inArray } from "drizzle-orm";
import type { ActionError } from "~/lib/action-error";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import { nzToday } from "~/lib/nz-date";
import type { CertificateStatus } from "~/lib/vocabulary";
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
import type { HeldFile } from "~/server/http/form-body.server";
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_ERRORS } from "~/server/http/image-upload.server";
import { type DetectedType, IMAGE_TYPES } from "~/server/storage/file-signature";
import type { UploadKind } from "./schema";
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
export async function coveredProducts(ids: string[]) {
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

/**
 * Why a held upload may not be kept: missing, or not what was asked for (a preview image must be a
 * picture within the image limit; a certificate a PDF, PNG or JPEG), told by its bytes. Null when
 * it may be kept.
 */
export function certificateUploadRefusal(
  kind: UploadKind,
  file: Pick<HeldFile, "detected" | "size"> | undefined,
): ActionError | null {
  if (!file) return CERTIFICATE_UPLOAD_ERRORS.missing;
  if (kind === "image") {
    if (!file.detected || !IMAGE_TYPES.includes(file.detected)) return IMAGE_UPLOAD_ERRORS.notImage;
    return file.size > IMAGE_MAX_BYTES ? IMAGE_UPLOAD_ERRORS.tooLarge : null;
  }
  return file.detected && CERTIFICATE_TYPES.includes(file.detected)
    ? null
    : CERTIFICATE_UPLOAD_ERRORS.wrongType;
}

/** The label the file type field is prefilled with, from what the file's bytes are. */
export function certificateFileTypeLabel(kind: UploadKind, detected: DetectedType | null) {
  return kind === "file" && detected ? (FILE_TYPE_LABEL[detected] ?? null) : null;
}
