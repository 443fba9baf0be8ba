// The public certifications: only those whose status today is public (current or expiring), so an
// expired, suspended, withdrawn or draft certificate leaves the public pages by itself; "today" is
// New Zealand's date, given by the caller in tests.
import { and, desc, eq } from "drizzle-orm";
import { nzToday } from "~/lib/nz-date";
import type { CertificateScheme } from "~/lib/vocabulary";
import { findCategory } from "~/modules/case-studies/queries.server";
import { certificateStatus, publicStatusWords } from "~/modules/compliance/certificate-status";
import { withImageAssets } from "~/modules/images/assets.server";
import type { ImageAsset } from "~/modules/images/image-asset";
import { getActiveCategories } from "~/modules/taxonomy/queries.server";
import { getDb } from "~/server/db/db.server";
import { categories, certifications } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { publicCertificateCondition } from "./status.server";

export type PublicCertification = {
  id: string;
  title: string;
  description: string | null;
  categoryName: string | null;
  fileUrl: string;
  fileType: string;
  imageUrl: string | null;
  allowDownload: boolean;
  scheme: CertificateScheme | null;
  certificateNumber: string | null;
  /** The last day it is valid, when it expires. */
  expiresOn: string | null;
  status: "current" | "expiring";
  /** The status as the page says it: "current", "expiring", "expires today". */
  statusWords: string;
  /** The processed variants of the preview image, for its srcset (attached after the select). */
  asset?: ImageAsset | null;
};

/** The certifications the public may see today, newest first, optionally of one category. */
export async function listCertifications(
  options: { categoryId?: string | null; today?: string } = {},
): Promise<PublicCertification[]> {
  const today = options.today ?? nzToday();
  const rows = await getDb()
    .select({
      id: certifications.id,
      title: certifications.title,
      description: certifications.description,
      categoryName: categories.name,
      fileUrl: certifications.fileUrl,
      fileType: certifications.fileType,
      imageUrl: certifications.imageUrl,
      allowDownload: certifications.allowDownload,
      scheme: certifications.scheme,
      certificateNumber: certifications.certificateNumber,
      expiresOn: certifications.expiresOn,
      standing: certifications.standing,
    })
    .from(certifications)
    .leftJoin(categories, eq(certifications.categoryId, categories.id))
    .where(
      and(
        publicCertificateCondition(today),
        options.categoryId ? eq(certifications.categoryId, options.categoryId) : undefined,
      ),
    )
    .orderBy(desc(certifications.createdAt), desc(certifications.id));
  return withImageAssets(
    rows.map(({ standing, ...row }) => {
      const status =
        certificateStatus({ standing, expiresOn: row.expiresOn }, today) === "expiring"
          ? "expiring"
          : "current";
      return { ...row, status, statusWords: publicStatusWords(status, row.expiresOn, today) };
    }),
  );
}

/**
 * Everything the public certifications page shows. A load error is only logged: the page then
 * reads as empty. Categories and certifications fail independently.
 */
export async function getCertificationsPage(params: { category?: string | null }, today = nzToday()) {
  const options = await getActiveCategories("certifications").catch((error: unknown) => {
    logger.error({ err: error }, "Failed to load certification categories");
    return [];
  });
  const activeCategory = findCategory(options, params.category);
  const list = await listCertifications({ categoryId: activeCategory?.id, today }).catch((error: unknown) => {
    logger.error({ err: error }, "Failed to load certifications");
    return [];
  });
  return { categories: options, activeCategory, certifications: list };
}

/** The title of the certification whose file this is, to name its download; null when none is. */
export async function getCertificationTitleForFile(fileUrl: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ title: certifications.title })
    .from(certifications)
    .where(eq(certifications.fileUrl, fileUrl))
    .orderBy(desc(certifications.createdAt))
    .limit(1);
  return row?.title ?? null;
}
