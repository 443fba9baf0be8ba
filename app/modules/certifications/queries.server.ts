import { desc, eq } from "drizzle-orm";
import { findCategory } from "~/modules/case-studies/queries.server";
import { withImageAssets } from "~/modules/images/assets.server";
import type { ImageAsset } from "~/modules/images/image-asset";
import { getActiveCategories } from "~/modules/taxonomy/queries.server";
import { getDb } from "~/server/db/db.server";
import { categories, certifications } from "~/server/db/schema";
import { logger } from "~/server/logger.server";

export type PublicCertification = {
  id: string;
  title: string;
  description: string | null;
  categoryName: string | null;
  fileUrl: string;
  fileType: string;
  imageUrl: string | null;
  allowDownload: boolean;
  /** The processed variants of the preview image, for its srcset (attached after the select). */
  asset?: ImageAsset | null;
};

/** Certifications newest first, optionally of one category. */
export async function listCertifications(
  options: { categoryId?: string | null } = {},
): Promise<PublicCertification[]> {
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
    })
    .from(certifications)
    .leftJoin(categories, eq(certifications.categoryId, categories.id))
    .where(options.categoryId ? eq(certifications.categoryId, options.categoryId) : undefined)
    .orderBy(desc(certifications.createdAt), desc(certifications.id));
  return withImageAssets(rows);
}

/**
 * Everything the public certifications page shows. The spec has load errors only logged: the
 * page then reads as empty. Categories and certifications fail independently.
 */
export async function getCertificationsPage(params: { category?: string | null }) {
  const options = await getActiveCategories("certifications").catch((error: unknown) => {
    logger.error({ err: error }, "Failed to load certification categories");
    return [];
  });
  const activeCategory = findCategory(options, params.category);
  const list = await listCertifications({ categoryId: activeCategory?.id }).catch((error: unknown) => {
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
