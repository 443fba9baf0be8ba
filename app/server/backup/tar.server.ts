// Backup archives: .tar.gz written and read as streams with tar-stream (never a whole file in
// memory), readable by any `tar -xzf`. This module adds what a backup needs on top: each entry's
// sha256 as it passes, sizes that must not change while archiving, and extraction that writes
// only plain files at accepted paths inside the target folder.
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";

export type TarSource = { path: string; size: number; body: Readable | Uint8Array };
type WrittenEntry = { path: string; bytes: number; sha256: string };

class ArchiveError extends Error {}

/**
 * Writes `sources` in order to a new .tar.gz at `file` (mode 600). Each body must have exactly
 * its announced size; `onWritten` gets its byte count and sha256 once it is in the archive, so a
 * later source (the manifest) can describe the earlier ones.
 */
export async function writeTarGz(
  file: string,
  sources: AsyncIterable<TarSource> | Iterable<TarSource>,
  onWritten: (entry: WrittenEntry) => void = () => {},
) {
  const mtime = new Date();
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(file, { mode: 0o600, flags: "wx" }));
  written.catch(() => {});
  try {
    for await (const source of sources) {
      const hash = crypto.createHash("sha256");
      let bytes = 0;
      let entryDone: (error?: Error | null) => void = () => {};
      const finished = new Promise<void>((resolve, reject) => {
        entryDone = (error) => (error ? reject(error) : resolve());
      });
      const entry = pack.entry({ name: source.path, size: source.size, mode: 0o600, mtime }, entryDone);
      const body = source.body instanceof Uint8Array ? [source.body] : source.body;
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        bytes += buffer.length;
        if (bytes > source.size) break;
        hash.update(buffer);
        if (!entry.write(buffer)) await once(entry, "drain");
      }
      if (bytes !== source.size) {
        throw new ArchiveError(`${source.path} changed while it was being archived; run the backup again`);
      }
      (entry as unknown as NodeJS.WritableStream).end();
      await finished;
      onWritten({ path: source.path, bytes, sha256: hash.digest("hex") });
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
  await written;
}

/** A relative path of plain segments: nothing in an archive may write outside the target folder. */
function isSafeEntryPath(entryPath: string) {
  if (entryPath.length === 0 || entryPath.startsWith("/") || entryPath.includes("\\")) return false;
  return entryPath.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

function damaged(error: unknown): never {
  if (error instanceof ArchiveError) throw error;
  const code = (error as NodeJS.ErrnoException).code ?? "";
  if (code.startsWith("Z_")) {
    throw new ArchiveError(`The backup file is damaged (gzip: ${(error as Error).message})`);
  }
  const message = (error as Error).message ?? "";
  if (/unexpected end|premature|truncated/i.test(message)) {
    throw new ArchiveError("The backup file is truncated (the archive has no end)");
  }
  if (/header|checksum|invalid tar/i.test(message)) {
    throw new ArchiveError(`The backup file is damaged (${message})`);
  }
  throw error;
}

/**
 * Extracts the regular files of a .tar.gz into `dir`, hashing each as it is written. Refuses
 * entries whose path `accept` rejects, duplicates, links and devices, and a damaged or truncated
 * stream (gzip's own CRC covers every byte).
 */
export async function extractTarGz(
  file: string,
  dir: string,
  accept: (entryPath: string) => boolean,
): Promise<Map<string, WrittenEntry>> {
  const entries = new Map<string, WrittenEntry>();
  const extract = tar.extract();
  const read = pipeline(fs.createReadStream(file), createGunzip(), extract);
  // Its failure (a damaged gzip stream) also ends the loop below, which then awaits it.
  read.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name: entryPath, type, size } = entry.header;
      if (type === "directory") {
        entry.resume();
        continue;
      }
      if (type !== "file") {
        throw new ArchiveError(
          `The backup file is damaged or not a backup (${entryPath} is not a plain file)`,
        );
      }
      if (!isSafeEntryPath(entryPath) || !accept(entryPath)) {
        throw new ArchiveError(`The backup file is damaged or not a backup (unexpected entry ${entryPath})`);
      }
      if (entries.has(entryPath)) {
        throw new ArchiveError(`The backup file is damaged or not a backup (${entryPath} twice)`);
      }
      const target = path.join(dir, entryPath);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const hash = crypto.createHash("sha256");
      let bytes = 0;
      const handle = await fs.promises.open(target, "wx", 0o600);
      try {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          hash.update(chunk);
          await handle.write(chunk);
        }
      } finally {
        await handle.close();
      }
      if (bytes !== size) throw new ArchiveError("The backup file is truncated (the archive has no end)");
      entries.set(entryPath, { path: entryPath, bytes, sha256: hash.digest("hex") });
    }
    await read;
  } catch (error) {
    extract.destroy();
    if (error instanceof ArchiveError) throw error;
    // When the gzip stream broke, the loop saw only "destroyed": the pipeline's error says why.
    damaged(
      await read.then(
        () => error,
        (cause: unknown) => cause,
      ),
    );
  }
  return entries;
}
