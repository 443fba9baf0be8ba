// The uploaded files as a backup sees them: every file of every bucket, listed and read through
// the storage interface, so from the disk under DATA_DIR/uploads or from the S3 bucket alike
// (rows may point at files, but files are what we keep). listUploads reads the disk itself, to
// report what lies there that storage would not list.
import fs from "node:fs";
import path from "node:path";
import {
  BUCKETS,
  type Bucket,
  CACHE_BUCKETS,
  isBucket,
  isStoredName,
  SERVING_FOLDER,
  type Storage,
} from "../storage/storage.server";
import type { BackupPart } from "./manifest.server";

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
export const UPLOAD_ENTRY = /^uploads\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

type UploadedFile = { entryPath: string; fullPath: string; bytes: number };
export type StoredUpload = { entryPath: string; bucket: Bucket; name: string; bytes: number };

async function readDirectory(dir: string) {
  try {
    return (await fs.promises.readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * Files under `root`/<bucket>/. Half-written uploads (`*.part`) are left out, and so is anything
 * that is not a plain file with a plain name (reported in `skipped`).
 */
export async function listUploads(root: string): Promise<{ files: UploadedFile[]; skipped: string[] }> {
  const files: UploadedFile[] = [];
  const skipped: string[] = [];
  for (const bucket of await readDirectory(root)) {
    // The running servers' notes (storage.server.ts): not files of the site.
    if (bucket.name === SERVING_FOLDER) continue;
    const bucketPath = path.join(root, bucket.name);
    if (!bucket.isDirectory() || !SAFE_NAME.test(bucket.name)) {
      skipped.push(bucketPath);
      continue;
    }
    for (const entry of await readDirectory(bucketPath)) {
      const fullPath = path.join(bucketPath, entry.name);
      if (entry.isFile() && entry.name.endsWith(".part")) continue;
      if (!entry.isFile() || !SAFE_NAME.test(entry.name)) {
        skipped.push(fullPath);
        continue;
      }
      const { size } = await fs.promises.stat(fullPath);
      files.push({ entryPath: `uploads/${bucket.name}/${entry.name}`, fullPath, bytes: size });
    }
  }
  return { files, skipped };
}

export function sumBytes(items: readonly { bytes: number }[]) {
  return items.reduce((sum, item) => sum + item.bytes, 0);
}

/**
 * The files of every bucket as the storage lists them (the disk's or the S3 bucket's); without
 * the caches (consent packs, made again on demand) when `caches` is false, as a backup takes them.
 */
export async function listStoredUploads(
  storage: Storage,
  { caches = true }: { caches?: boolean } = {},
): Promise<StoredUpload[]> {
  const files: StoredUpload[] = [];
  for (const bucket of Object.keys(BUCKETS) as Bucket[]) {
    if (!caches && CACHE_BUCKETS.has(bucket)) continue;
    for await (const file of storage.list(bucket)) {
      files.push({ entryPath: `uploads/${bucket}/${file.name}`, bucket, name: file.name, bytes: file.size });
    }
  }
  return files;
}

/** The bucket and stored name of an `uploads/<bucket>/<name>` entry, or null if not one of ours. */
export function storedUploadOf(entryPath: string): { bucket: Bucket; name: string } | null {
  const [, bucket = "", name = "", ...rest] = entryPath.split("/");
  return rest.length === 0 && isBucket(bucket) && isStoredName(name) ? { bucket, name } : null;
}

/**
 * Puts the verified upload parts from the staging folder into the storage under their own names.
 * An entry that is not a stored name in one of our buckets (older backups took any file under
 * uploads/) is left out and returned in `skipped`.
 */
export async function putUploads(stagingDir: string, storage: Storage, parts: readonly BackupPart[]) {
  let count = 0;
  let bytes = 0;
  const skipped: string[] = [];
  for (const part of parts) {
    if (!UPLOAD_ENTRY.test(part.path)) continue;
    const stored = storedUploadOf(part.path);
    if (!stored) {
      skipped.push(part.path);
      continue;
    }
    await storage.put(stored.bucket, stored.name, fs.createReadStream(path.join(stagingDir, part.path)), {
      name: stored.name,
    });
    count++;
    bytes += part.bytes;
  }
  return { count, bytes, skipped };
}
