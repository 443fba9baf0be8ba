// A small tar (POSIX ustar) writer and reader over gzip: regular files only, streamed, never
// whole in memory. Enough for our backups, and readable by any `tar -xzf`.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;

export type TarSource = { path: string; size: number; body: Readable | Uint8Array };
export type WrittenEntry = { path: string; bytes: number; sha256: string };

export class ArchiveError extends Error {}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  header.write(`${value.toString(8).padStart(length - 1, "0")}\0`, offset, length, "ascii");
}

// Entries over 8 GiB do not fit the octal field: GNU tar's base-256 form (high bit set).
function writeSize(header: Buffer, size: number) {
  if (size <= MAX_OCTAL_SIZE) return writeOctal(header, size, 124, 12);
  header[124] = 0x80;
  let rest = BigInt(size);
  for (let i = 135; i > 124; i--) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", name };
  const cut = name.lastIndexOf("/", 155);
  const prefix = name.slice(0, cut);
  const rest = name.slice(cut + 1);
  if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(rest) > 100) {
    throw new ArchiveError(`Path too long for the archive: ${name}`);
  }
  return { prefix, name: rest };
}

function checksum(header: Buffer) {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

function tarHeader(entryPath: string, size: number, mtime: Date) {
  const header = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(entryPath);
  header.write(name, 0, 100, "utf8");
  writeOctal(header, 0o600, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeSize(header, size);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.write("0", 156, 1, "ascii");
  header.write("ustar\0", 257, 6, "ascii");
  header.write("00", 263, 2, "ascii");
  header.write(prefix, 345, 155, "utf8");
  header.write(`${checksum(header).toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return header;
}

function padding(size: number) {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

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
  async function* blocks() {
    for await (const source of sources) {
      yield tarHeader(source.path, source.size, mtime);
      const hash = crypto.createHash("sha256");
      let bytes = 0;
      const body = source.body instanceof Uint8Array ? [source.body] : source.body;
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        bytes += buffer.length;
        if (bytes > source.size) break;
        hash.update(buffer);
        yield buffer;
      }
      if (bytes !== source.size) {
        throw new ArchiveError(`${source.path} changed while it was being archived; run the backup again`);
      }
      const pad = padding(bytes);
      if (pad > 0) yield Buffer.alloc(pad);
      onWritten({ path: source.path, bytes, sha256: hash.digest("hex") });
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(blocks, createGzip(), fs.createWriteStream(file, { mode: 0o600, flags: "wx" }));
}

function readOctal(header: Buffer, offset: number, length: number) {
  const text = header
    .toString("ascii", offset, offset + length)
    .replace(/[\0 ]+$/, "")
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveError("The backup file is damaged (a bad tar header)");
  return text === "" ? 0 : Number.parseInt(text, 8);
}

function readSize(header: Buffer) {
  if ((header[124]! & 0x80) === 0) return readOctal(header, 124, 12);
  let size = 0n;
  for (let i = 125; i < 136; i++) size = (size << 8n) | BigInt(header[i]!);
  return Number(size);
}

function readString(header: Buffer, offset: number, length: number) {
  const slice = header.subarray(offset, offset + length);
  const end = slice.indexOf(0);
  return slice.toString("utf8", 0, end === -1 ? length : end);
}

type ParsedHeader = { path: string; size: number; type: "file" | "directory" };

function parseHeader(header: Buffer): ParsedHeader {
  if (readOctal(header, 148, 8) !== checksum(header)) {
    throw new ArchiveError("The backup file is damaged (a tar header fails its checksum)");
  }
  const name = readString(header, 0, 100);
  const prefix = header.toString("ascii", 257, 262) === "ustar" ? readString(header, 345, 155) : "";
  const entryPath = prefix ? `${prefix}/${name}` : name;
  const flag = String.fromCharCode(header[156]!);
  if (flag === "5") return { path: entryPath, size: 0, type: "directory" };
  if (flag !== "0" && flag !== "\0") {
    throw new ArchiveError(`The backup file is damaged or not a backup (${entryPath} is not a plain file)`);
  }
  return { path: entryPath, size: readSize(header), type: "file" };
}

/** A relative path of plain segments: nothing in an archive may write outside the target folder. */
export function isSafeEntryPath(entryPath: string) {
  if (entryPath.length === 0 || entryPath.startsWith("/") || entryPath.includes("\\")) return false;
  return entryPath.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
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
  // Kept in one object: closures change it, and TypeScript would narrow plain locals wrongly.
  const state: {
    header: Buffer;
    skip: number;
    ended: boolean;
    open?: { entry: ParsedHeader; handle: fs.promises.FileHandle; hash: crypto.Hash; remaining: number };
  } = { header: Buffer.alloc(0), skip: 0, ended: false };

  async function finishEntry() {
    const open = state.open;
    if (!open) return;
    await open.handle.close();
    entries.set(open.entry.path, {
      path: open.entry.path,
      bytes: open.entry.size,
      sha256: open.hash.digest("hex"),
    });
    state.skip = padding(open.entry.size);
    state.open = undefined;
  }

  async function startEntry(entry: ParsedHeader) {
    if (entry.type === "directory") return;
    if (!isSafeEntryPath(entry.path) || !accept(entry.path)) {
      throw new ArchiveError(`The backup file is damaged or not a backup (unexpected entry ${entry.path})`);
    }
    if (entries.has(entry.path)) {
      throw new ArchiveError(`The backup file is damaged or not a backup (${entry.path} twice)`);
    }
    const target = path.join(dir, entry.path);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const handle = await fs.promises.open(target, "wx", 0o600);
    state.open = { entry, handle, hash: crypto.createHash("sha256"), remaining: entry.size };
    if (entry.size === 0) await finishEntry();
  }

  async function consume(chunk: Buffer) {
    let offset = 0;
    while (offset < chunk.length && !state.ended) {
      const open = state.open;
      if (state.skip > 0) {
        const n = Math.min(state.skip, chunk.length - offset);
        state.skip -= n;
        offset += n;
      } else if (open) {
        const n = Math.min(open.remaining, chunk.length - offset);
        const part = chunk.subarray(offset, offset + n);
        open.hash.update(part);
        await open.handle.write(part);
        open.remaining -= n;
        offset += n;
        if (open.remaining === 0) await finishEntry();
      } else {
        const n = Math.min(BLOCK - state.header.length, chunk.length - offset);
        state.header = Buffer.concat([state.header, chunk.subarray(offset, offset + n)]);
        offset += n;
        if (state.header.length === BLOCK) {
          const header = state.header;
          state.header = Buffer.alloc(0);
          if (header.every((byte) => byte === 0)) state.ended = true;
          else await startEntry(parseHeader(header));
        }
      }
    }
  }

  try {
    await pipeline(fs.createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) await consume(chunk);
    });
  } catch (error) {
    await state.open?.handle.close();
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (code.startsWith("Z_")) {
      throw new ArchiveError(`The backup file is damaged (gzip: ${(error as Error).message})`);
    }
    throw error;
  }
  if (!state.ended || state.open) {
    throw new ArchiveError("The backup file is truncated (the archive has no end)");
  }
  return entries;
}
