// An imported picture made ready before the import's transaction, or removed when it does not commit.
//
// Pictures are written before the import's transaction, never under its row locks: the import
// command's `prepare` calls preparePicture for each picture cell, one at a time, and its
// `discard` calls discardPicture for each prepared one when the import does not commit. A
// picture goes through the same pipeline as one chosen in the product dialog: cleaned (upright,
// no metadata, encoded again), stored in the public media bucket, and processed into its WebP and
// AVIF sizes and social card with its image_assets row. One already on the site (the same bytes,
// by SHA-256) is used at its address and not processed again.
//
//   const source = await openPictureSource({ zipFile });
//   try {
//     const picture = await preparePicture(row.picture, source);
//     if ("refused" in picture) ...          // the row's message: picture.refused
//     else imageUrl = picture.url;
//   } finally { await source.close(); }
//   ...
//   discard: (prepared) => Promise.all(prepared.pictures.map(discardPicture))
import fs from "node:fs";
import { cleanImageFile, processStoredImage, removeImageAsset } from "~/server/images/process-image.server";
import { logger } from "~/server/logger.server";
import { EXTENSION_FOR } from "~/server/storage/file-signature";
import { generateStoredName, getStorage, parseStoredPath } from "~/server/storage/storage.server";
import { findStoredPicture } from "./reuse.server";
import { type PictureSource, readPicture } from "./source.server";

/** A picture ready for a product: its public URL; `reused` when it was on the site already. */
export type PreparedPicture = { url: string; hash: string; reused: boolean };
/** A picture not taken, and why, in words for the person importing. */
export type RefusedPicture = { refused: string };

const PICTURE_BUCKET = "media";

/**
 * Reads, checks and stores the picture a cell names (a file name in the ZIP of pictures, or an
 * http(s) address), processed into its sizes; or says why it is refused. Slow (a fetch, sharp):
 * for a command's `prepare`, one picture at a time. A failure of ours (disk, database, storage)
 * is thrown.
 */
export async function preparePicture(
  ref: string,
  source: PictureSource,
): Promise<PreparedPicture | RefusedPicture> {
  const read = await readPicture(ref, source);
  if (!read.ok) return { refused: read.refused };
  const temporary = [read.file];
  try {
    const hash = read.sha256;
    const found = await findStoredPicture(hash, source.stored.get(hash));
    if (found) return { url: found, hash, reused: true };

    const clean = await source.newFile();
    temporary.push(clean);
    if (!(await cleanImageFile(read.file, clean, read.type)))
      return { refused: `${read.label} could not be read as a picture.` };

    const storage = getStorage();
    const name = generateStoredName(`picture.${EXTENSION_FOR[read.type]}`);
    await storage.put(PICTURE_BUCKET, name, fs.createReadStream(clean), { name });
    const url = storage.publicUrl(PICTURE_BUCKET, name);
    // A failure of ours while writing the sizes does not refuse the picture: the original still
    // shows, only without a srcset (the backfill makes its sizes after the next start).
    const processed = await processStoredImage({ bucket: PICTURE_BUCKET, name }, { contentHash: hash }).catch(
      (error: unknown) => {
        logger.error({ err: error, url }, "Failed to process an imported picture; keeping the original only");
        return null;
      },
    );
    if (processed && !processed.ok) {
      await storage.delete(PICTURE_BUCKET, name);
      return { refused: `${read.label} could not be read as a picture.` };
    }
    if (processed) source.stored.set(hash, url);
    return { url, hash, reused: false };
  } finally {
    await Promise.all(temporary.map((file) => fs.promises.rm(file, { force: true })));
  }
}

/**
 * Removes what preparePicture stored (the picture, its sizes and its image_assets row) when the
 * import did not commit. A picture that was reused, or refused, has nothing to remove.
 */
export async function discardPicture(prepared: PreparedPicture | RefusedPicture) {
  if ("refused" in prepared || prepared.reused) return;
  await removeImageAsset(prepared.url);
  const stored = parseStoredPath(prepared.url);
  if (stored) await getStorage().delete(stored.bucket, stored.name);
}
