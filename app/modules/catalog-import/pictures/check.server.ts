// The dry run's look at a picture cell, without reading the picture: a file name must be in the
// ZIP of pictures (once, or with its folder), an http(s) address is fetched only when the import
// is applied, and an address on this site ("/files/media/…", as the export writes a picture the
// site stores) is taken as it is.
import crypto from "node:crypto";
import { pipeline } from "node:stream/promises";
import { inArray } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { imageAssets } from "~/server/db/schema";
import { type ZipEntry, ZipError } from "~/server/storage/zip-reader.server";
import { PICTURE_MAX_BYTES, pictureRefProblem } from "./source.server";
import type { ZipPictures } from "./zip-pictures.server";

/** Why a picture cell is refused, or null, for an import with this ZIP of pictures (or none). */
export function pictureChecker(zip: ZipPictures | null) {
  return (ref: string): string | null => (isSitePicture(ref) ? null : pictureRefProblem(ref, zip));
}

/** A picture this site already stores, named by its address here. */
export function isSitePicture(ref: string) {
  return ref.trim().startsWith("/");
}

/**
 * The rows whose picture cell names the picture their product shows already: the address it was
 * fetched from, or a file in the ZIP with the same bytes (by SHA-256, as it arrived). Such a cell
 * is no change, so the same file imported again fetches and processes nothing.
 */
export async function rowsShowingTheirPicture(
  rows: readonly { rowNumber: number; ref: string; imageUrl: string }[],
  zip: ZipPictures | null,
): Promise<Set<number>> {
  const same = new Set<number>();
  if (rows.length === 0) return same;
  const assets = await getDb()
    .select({
      url: imageAssets.url,
      contentHash: imageAssets.contentHash,
      fetchedFrom: imageAssets.fetchedFrom,
    })
    .from(imageAssets)
    .where(inArray(imageAssets.url, [...new Set(rows.map((row) => row.imageUrl))]));
  const byUrl = new Map(assets.map((asset) => [asset.url, asset]));
  for (const row of rows) {
    const asset = byUrl.get(row.imageUrl);
    if (!asset) continue;
    const ref = row.ref.trim();
    if (/^https?:\/\//i.test(ref)) {
      if (asset.fetchedFrom === ref) same.add(row.rowNumber);
      continue;
    }
    if (!zip || !asset.contentHash) continue;
    const found = zip.find(ref);
    if ("entry" in found && (await entryHash(zip, found.entry)) === asset.contentHash)
      same.add(row.rowNumber);
  }
  return same;
}

/** The SHA-256 of a file in the ZIP, or null when it cannot be read within the picture limit. */
async function entryHash(zip: ZipPictures, entry: ZipEntry) {
  try {
    const hash = crypto.createHash("sha256");
    await pipeline(await zip.read(entry, { maxBytes: PICTURE_MAX_BYTES }), hash);
    return hash.digest("hex");
  } catch (error) {
    if (error instanceof ZipError) return null;
    throw error;
  }
}
