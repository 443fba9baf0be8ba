// A picture already on the site is not processed again: found by the SHA-256 of the bytes it
// arrived as (image_assets.content_hash), it is used at the address it already has.
import { and, eq, exists } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { imageAssets, products } from "~/server/db/schema";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";

async function stillStored(url: string) {
  const stored = parseStoredPath(url);
  return stored !== null && (await getStorage().exists(stored.bucket, stored.name));
}

/**
 * The address of a picture with the content `hash` that can be used as it is: one this import
 * stored already (`own`, while its row is there: it was not discarded), else one a product shows.
 * Null when there is none, or its file is gone.
 */
export async function findStoredPicture(hash: string, own: string | undefined): Promise<string | null> {
  const db = getDb();
  if (own) {
    const [row] = await db.select({ url: imageAssets.url }).from(imageAssets).where(eq(imageAssets.url, own));
    if (row && (await stillStored(row.url))) return row.url;
  }
  const [shown] = await db
    .select({ url: imageAssets.url })
    .from(imageAssets)
    .where(
      and(
        eq(imageAssets.contentHash, hash),
        exists(db.select({ id: products.id }).from(products).where(eq(products.imageUrl, imageAssets.url))),
      ),
    )
    .limit(1);
  return shown && (await stillStored(shown.url)) ? shown.url : null;
}
