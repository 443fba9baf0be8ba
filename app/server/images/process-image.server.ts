// Processes an uploaded image once, at upload: decoded (a file that does not decode is refused),
// turned upright by its EXIF orientation, stripped of its metadata (no camera GPS in anything
// served), and written as WebP at a few widths, AVIF where it pays, and a 1200x630 social card.
// The original itself is never served as uploaded: cleanImageFile (called for every image bound
// for a public bucket while it waits in quarantine, see http/form-body) encodes it again at full
// size in its own format, upright and without metadata. The variants sit next to it in the same bucket
// and the image_assets row, keyed by the original's public URL, tells pages what there is.
//
//   const ok = await cleanImageFile(quarantined, cleanCopy, "jpeg");  // false: not decodable, refuse it
//   const processed = await processStoredImage({ bucket: "media", name });
//   if (!processed.ok) ...                       // not decodable: refuse the upload
//   await removeImageAsset(url);                 // the record was not saved after all
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import type { Sharp } from "sharp";
import { getDb } from "~/server/db/db.server";
import { type ImageVariant, imageAssets } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import type { ImageType } from "~/server/storage/file-signature";
import { type Bucket, getStorage, parseStoredPath } from "~/server/storage/storage.server";

/** Widths a page may ask for; an image narrower than one of them is never enlarged to it. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
const SOCIAL_CARD = { width: 1200, height: 630 } as const;

// Visually close to the originals at a fraction of their bytes. AVIF effort stays low: at the
// default it takes seconds per width on a small server, for files only a few per cent smaller.
const WEBP = { quality: 78, effort: 4 } as const;
const AVIF = { quality: 52, effort: 2 } as const;
const SOCIAL_JPEG = { quality: 82, mozjpeg: true } as const;

type ProcessedImage = {
  url: string;
  width: number;
  height: number;
  variants: ImageVariant[];
  socialUrl: string;
};

type ProcessResult = { ok: true; asset: ProcessedImage } | { ok: false; reason: "undecodable" };

type SharpModule = typeof import("sharp");
let sharpModule: Promise<SharpModule> | undefined;

// Loaded on first use: a server that never receives an upload never loads libvips. One thread
// per image and no operation cache keep a small server's memory flat while it works. Every
// use of sharp in the server goes through here (the demo seed's pictures too).
export function loadSharp() {
  sharpModule ??= import("sharp").then((module) => {
    const sharp = module.default;
    sharp.concurrency(1);
    sharp.cache(false);
    return module;
  });
  return sharpModule;
}

// One image at a time: uploads are rare and a queue bounds the decoded pixels held at once.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

// Full size, so close to the upload: a second generation of a JPEG at 90 is hard to tell apart.
function encodeOriginal(image: Sharp, format: ImageType, palette: boolean) {
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality: 90 });
    case "png":
      // A palette PNG (a logo) written as truecolour would be several times the size.
      return image.png(palette ? { palette: true, quality: 100 } : {});
    case "webp":
      return image.webp({ quality: 90 });
    case "gif":
      return image.gif();
    case "avif":
      return image.avif({ quality: 70, effort: 2 });
  }
}

/**
 * Encodes the picture in the file `from` again into `to`, full size and in its own format, turned
 * upright and with no metadata (EXIF, GPS, XMP, comments: sharp writes none unless asked), every
 * frame of an animation kept. Both are local files (an upload in quarantine); false when `from`
 * does not decode, and `to` is then not written.
 */
export function cleanImageFile(from: string, to: string, format: ImageType): Promise<boolean> {
  return oneAtATime(async () => {
    const { default: sharp } = await loadSharp();
    try {
      const animated = format === "gif" || format === "webp";
      const decoder = sharp(from, { failOn: "error", limitInputPixels: 50_000_000, animated });
      const { pages = 1, isPalette } = await decoder.metadata();
      // An animation has no EXIF orientation worth turning every frame for.
      const upright = pages > 1 ? decoder : decoder.autoOrient();
      const data = await encodeOriginal(upright, format, isPalette).toBuffer();
      await fs.promises.writeFile(to, data, { mode: 0o600 });
      return true;
    } catch (error) {
      // The disk failing (ENOSPC …) is ours, not a picture that does not decode.
      const code = (error as NodeJS.ErrnoException)?.code;
      if (code && !code.startsWith("ERR_")) throw error;
      logger.info({ err: error, file: from }, "Uploaded image could not be decoded");
      return false;
    }
  });
}

/** The widths to write for an image `width` pixels wide: the list's smaller ones, then its own (capped). */
function variantWidthsFor(width: number): number[] {
  const largest = Math.min(width, Math.max(...VARIANT_WIDTHS));
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < largest);
  widths.push(largest);
  return widths;
}

type ProcessOptions = {
  /** The SHA-256 of the bytes the picture arrived as, kept on its row (an import finds it by it). */
  contentHash?: string;
  /** The web address an imported picture was fetched from, kept on its row. */
  fetchedFrom?: string;
};

/**
 * Decodes the stored file and writes its variants and its image_assets row. An image that does
 * not decode leaves nothing behind (the original is the caller's to discard).
 */
export function processStoredImage(
  file: { bucket: Bucket; name: string },
  options: ProcessOptions = {},
): Promise<ProcessResult> {
  return oneAtATime(() => processNow(file, options));
}

async function processNow(
  file: { bucket: Bucket; name: string },
  options: ProcessOptions,
): Promise<ProcessResult> {
  const { default: sharp } = await loadSharp();
  const storage = getStorage();
  const url = storage.publicUrl(file.bucket, file.name);

  // Decoded once: upright, in sRGB, no larger than the widest variant, metadata gone. Every
  // output is cut from these pixels, so a large photo is not decoded once per variant.
  let base: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  let original: { width: number; height: number };
  try {
    const { stream } = await storage.get(file.bucket, file.name);
    const decoder = sharp({ failOn: "error", limitInputPixels: 50_000_000 });
    stream.pipe(decoder);
    const metadata = await decoder.metadata();
    original = { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
    const widest = variantWidthsFor(original.width).at(-1) ?? original.width;
    base = await decoder
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    logger.info({ err: error, file: `${file.bucket}/${file.name}` }, "Uploaded image could not be decoded");
    return { ok: false, reason: "undecodable" };
  }

  const pixels = () =>
    sharp(base.data, {
      raw: { width: base.info.width, height: base.info.height, channels: base.info.channels },
    });
  const written: string[] = [];
  async function store(image: Sharp, extension: string) {
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    const stored = await storage.put(file.bucket, `variant.${extension}`, data);
    const variantUrl = storage.publicUrl(file.bucket, stored.name);
    written.push(variantUrl);
    return { url: variantUrl, width: info.width, height: info.height, bytes: info.size };
  }

  try {
    const webp: ImageVariant[] = [];
    let avif: ImageVariant[] = [];
    // A <source> must offer every width, or a browser would pick a too-small one: AVIF is kept
    // for the image only when it is the smaller file at every width. The first width where it
    // is not ends the AVIF encoding (the slow part) for this image.
    let avifPays = true;
    for (const width of variantWidthsFor(original.width)) {
      const resized = () => pixels().resize({ width, withoutEnlargement: true });
      const webpVariant: ImageVariant = { format: "webp", ...(await store(resized().webp(WEBP), "webp")) };
      webp.push(webpVariant);
      if (!avifPays) continue;
      const avifVariant: ImageVariant = { format: "avif", ...(await store(resized().avif(AVIF), "avif")) };
      avif.push(avifVariant);
      if (avifVariant.bytes >= webpVariant.bytes) {
        avifPays = false;
        await deleteUrls(avif.map((variant) => variant.url));
        avif = [];
      }
    }
    const social = await store(
      pixels()
        .resize({ ...SOCIAL_CARD, fit: "cover", position: "attention" })
        .flatten({ background: "#ffffff" })
        .jpeg(SOCIAL_JPEG),
      "jpg",
    );
    const asset: ProcessedImage = {
      url,
      width: original.width,
      height: original.height,
      variants: [...webp, ...avif],
      socialUrl: social.url,
    };
    const contentHash = options.contentHash ?? null;
    const fetchedFrom = options.fetchedFrom ?? null;
    await getDb()
      .insert(imageAssets)
      .values({ ...asset, contentHash, fetchedFrom })
      .onConflictDoUpdate({
        target: imageAssets.url,
        set: {
          width: asset.width,
          height: asset.height,
          variants: asset.variants,
          socialUrl: asset.socialUrl,
          // A picture recorded before its sizes were made keeps what was known of it then.
          contentHash: sql`coalesce(excluded.content_hash, ${imageAssets.contentHash})`,
          fetchedFrom: sql`coalesce(excluded.fetched_from, ${imageAssets.fetchedFrom})`,
        },
      });
    return { ok: true, asset };
  } catch (error) {
    await deleteUrls(written);
    throw error;
  }
}

/**
 * Records a stored picture whose sizes are made afterwards, in the background (images/backfill):
 * its image_assets row with its size, content hash and source, and no variants yet, so pages show
 * the original until they exist. `local` is the stored file's copy on this machine's disk (its
 * header gives the size). False when it does not decode.
 */
export async function recordPendingImage(
  file: { bucket: Bucket; name: string },
  local: string,
  options: ProcessOptions = {},
): Promise<boolean> {
  const { default: sharp } = await loadSharp();
  let size: { width: number; height: number };
  try {
    const { autoOrient } = await sharp(local, { limitInputPixels: 50_000_000 }).metadata();
    size = { width: autoOrient.width, height: autoOrient.height };
  } catch (error) {
    logger.info({ err: error, file: local }, "Uploaded image could not be decoded");
    return false;
  }
  const url = getStorage().publicUrl(file.bucket, file.name);
  await getDb()
    .insert(imageAssets)
    .values({
      url,
      ...size,
      variants: [],
      socialUrl: null,
      contentHash: options.contentHash ?? null,
      fetchedFrom: options.fetchedFrom ?? null,
    })
    .onConflictDoNothing();
  return true;
}

/** Removes an image's variants, its social card and its image_assets row (not the original). */
export async function removeImageAsset(url: string) {
  const [row] = await getDb().delete(imageAssets).where(eq(imageAssets.url, url)).returning();
  if (!row) return;
  await deleteUrls([...row.variants.map((variant) => variant.url), row.socialUrl]);
}

async function deleteUrls(urls: Array<string | null>) {
  const storage = getStorage();
  await Promise.allSettled(
    urls.map(async (url) => {
      const stored = parseStoredPath(url);
      if (stored) await storage.delete(stored.bucket, stored.name);
    }),
  );
}
