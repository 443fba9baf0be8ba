// The uploaded files as a backup sees them: every file of every bucket folder under
// DATA_DIR/uploads, listed from the disk (rows may point at files, but files are what we keep).
import fs from "node:fs";
import path from "node:path";
import type { BackupPart } from "./manifest.server";

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
export const UPLOAD_ENTRY = /^uploads\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export type UploadedFile = { entryPath: string; fullPath: string; bytes: number };

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

async function moveFile(from: string, to: string) {
  try {
    await fs.promises.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await fs.promises.copyFile(from, to, fs.constants.COPYFILE_EXCL);
    await fs.promises.rm(from);
  }
}

/** Moves the verified upload parts from the staging folder into `root`; never overwrites a file. */
export async function placeUploads(stagingDir: string, root: string, parts: readonly BackupPart[]) {
  let count = 0;
  let bytes = 0;
  for (const part of parts) {
    if (!UPLOAD_ENTRY.test(part.path)) continue;
    const target = path.join(root, part.path.slice("uploads/".length));
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    if (fs.existsSync(target)) throw new Error(`${target} already exists; it was not replaced`);
    await moveFile(path.join(stagingDir, part.path), target);
    await fs.promises.chmod(target, 0o640);
    count++;
    bytes += part.bytes;
  }
  return { count, bytes };
}
