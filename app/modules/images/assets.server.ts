// Looks up the processed variants of uploaded images by their original URL (the value stored in
// the image_url columns), so pages can write their srcsets. An image that was never
// processed (an external URL, or one stored before processing existed) has no entry.
import { inArray } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { imageAssets } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { type ImageAsset, type ImageAssetMap, toImageAsset } from "./image-asset";

/** The columns of an image's row a page reads, for a query that joins image_assets. */
export const imageAssetColumns = { variants: imageAssets.variants };

type AssetOptions = {
  /** Add the link-preview picture's URL (a page that names it in its meta). */
  social?: boolean;
};

export async function getImageAssets(
  urls: Iterable<string | null | undefined>,
  options: AssetOptions = {},
): Promise<ImageAssetMap> {
  const wanted = [...new Set([...urls].filter((url): url is string => Boolean(url)))];
  if (wanted.length === 0) return {};
  const rows = await getDb().select().from(imageAssets).where(inArray(imageAssets.url, wanted));
  const map: ImageAssetMap = {};
  for (const row of rows) {
    const asset: ImageAsset = toImageAsset(row.variants);
    if (options.social) asset.socialUrl = row.socialUrl;
    map[row.url] = asset;
  }
  return map;
}

/**
 * The rows with their image's processed variants attached as `asset` (null when there are none).
 * A failed lookup is logged and the rows go out without variants: the originals still show.
 */
export async function withImageAssets<Row, Key extends keyof Row & string = "imageUrl" & keyof Row>(
  rows: Row[],
  key: Key = "imageUrl" as Key,
  options: AssetOptions = {},
): Promise<Array<Row & { asset: ImageAsset | null }>> {
  let assets: ImageAssetMap = {};
  try {
    assets = await getImageAssets(
      rows.map((row) => row[key] as string | null | undefined),
      options,
    );
  } catch (error) {
    logger.warn({ err: error }, "Failed to look up image variants; showing the originals");
  }
  return rows.map((row) => {
    const url = row[key] as string | null | undefined;
    return { ...row, asset: (url && assets[url]) || null };
  });
}
