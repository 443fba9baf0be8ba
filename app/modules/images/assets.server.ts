// Looks up the processed variants of uploaded images by their original URL (the value stored in
// the image_url columns), so pages can write srcset, width and height. An image that was never
// processed (an external URL, or one stored before processing existed) has no entry.
import { inArray } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { imageAssets } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import type { ImageAsset, ImageAssetMap } from "./image-asset";

/** The columns of an image's row that toImageAsset reads, for a query that joins image_assets. */
export const imageAssetColumns = {
  width: imageAssets.width,
  height: imageAssets.height,
  variants: imageAssets.variants,
  socialUrl: imageAssets.socialUrl,
};

type ImageAssetRow = Pick<typeof imageAssets.$inferSelect, keyof typeof imageAssetColumns>;

/** What a page is told of a processed image. */
export function toImageAsset(row: ImageAssetRow): ImageAsset {
  return {
    width: row.width,
    height: row.height,
    // Only what a srcset names, of the formats pages offer: this is part of every page's data.
    variants: row.variants
      .filter((variant) => variant.format === "avif" || variant.format === "webp")
      .map(({ format, width, url }) => ({ format, width, url })),
    socialUrl: row.socialUrl,
  };
}

export async function getImageAssets(urls: Iterable<string | null | undefined>): Promise<ImageAssetMap> {
  const wanted = [...new Set([...urls].filter((url): url is string => Boolean(url)))];
  if (wanted.length === 0) return {};
  const rows = await getDb().select().from(imageAssets).where(inArray(imageAssets.url, wanted));
  const map: ImageAssetMap = {};
  for (const row of rows) map[row.url] = toImageAsset(row);
  return map;
}

/**
 * The rows with their image's processed variants attached as `asset` (null when there are none).
 * A failed lookup is logged and the rows go out without variants: the originals still show.
 */
export async function withImageAssets<Row, Key extends keyof Row & string = "imageUrl" & keyof Row>(
  rows: Row[],
  key: Key = "imageUrl" as Key,
): Promise<Array<Row & { asset: ImageAsset | null }>> {
  let assets: ImageAssetMap = {};
  try {
    assets = await getImageAssets(rows.map((row) => row[key] as string | null | undefined));
  } catch (error) {
    logger.warn({ err: error }, "Failed to look up image variants; showing the originals");
  }
  return rows.map((row) => {
    const url = row[key] as string | null | undefined;
    return { ...row, asset: (url && assets[url]) || null };
  });
}
