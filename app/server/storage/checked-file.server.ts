// Writes a stream from outside (an entry of an uploaded ZIP, a fetched URL's body) into a local
// file we name, told by its first bytes and held to a size as it arrives: a file of a type not
// accepted is refused from its head, before the disk sees a byte, and one that grows past the
// limit is stopped there, never read to its end. Every byte is also read for markup (a polyglot:
// see file-signature) and hashed (SHA-256) on its way to the disk.
//
//   const written = await writeCheckedFile(stream, temp, { maxBytes, accept: IMAGE_TYPES });
//   if (!written.ok) ...   // "too_large", or "wrong_type" with what it is in words ("HTML")
import crypto from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileTypeFromBuffer } from "file-type";
import { type DetectedType, detectFileType, HEAD_BYTES, scanFileContent } from "./file-signature";

export type CheckedFile =
  /** `sha256`: the hex digest of the bytes written, computed as they passed. */
  | { ok: true; type: DetectedType; size: number; sha256: string }
  | { ok: false; problem: "too_large" }
  /** `found`: what the bytes are instead, in words ("HTML", "PDF"), when that can be told. */
  | { ok: false; problem: "wrong_type"; found: string | null };

const HTML = /^\s*(?:<!doctype\s+html|<html|<head|<body|<!--|<\?xml)/i;

/** What a file that is none of the accepted types is, in a word people know ("HTML", "PDF"). */
export async function describeBytes(head: Uint8Array): Promise<string | null> {
  const start = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 1024)).toString("latin1");
  if (HTML.test(start)) return "HTML";
  const found = await fileTypeFromBuffer(head.subarray(0, HEAD_BYTES));
  return found ? found.ext.toUpperCase() : null;
}

async function removeFile(file: string) {
  await fs.promises.rm(file, { force: true });
}

/**
 * Reads `stream` into the file `to` (made with mode 0600). Refused (and `to` left absent) when
 * its first bytes are none of `accept`, when it holds markup, or when it passes `maxBytes`; the
 * stream is destroyed then, so its source stops sending.
 */
export async function writeCheckedFile(
  stream: Readable,
  to: string,
  options: { maxBytes: number; accept: readonly DetectedType[] },
): Promise<CheckedFile> {
  const iterator: AsyncIterator<Buffer> = stream[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  const stop = () => {
    stream.destroy();
  };
  while (headLength < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
    if (headLength > options.maxBytes) {
      stop();
      return { ok: false, problem: "too_large" };
    }
  }
  const headBytes = Buffer.concat(head);
  const detected = await detectFileType(headBytes.subarray(0, HEAD_BYTES));
  if (!detected || !options.accept.includes(detected)) {
    stop();
    return { ok: false, problem: "wrong_type", found: await describeBytes(headBytes) };
  }

  const scan = scanFileContent(detected);
  let size = 0;
  let tooLarge = false;
  const hash = crypto.createHash("sha256");
  async function* chunks() {
    yield headBytes;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  async function* checked() {
    for await (const bytes of chunks()) {
      size += bytes.length;
      if (size > options.maxBytes) {
        tooLarge = true;
        stop();
        return;
      }
      scan.push(bytes);
      if (scan.problem) {
        stop();
        return;
      }
      hash.update(bytes);
      yield bytes;
    }
  }
  try {
    await pipeline(
      Readable.from(checked(), { objectMode: false, highWaterMark: 64 * 1024 }),
      fs.createWriteStream(to, { mode: 0o600 }),
    );
  } catch (error) {
    await removeFile(to);
    throw error;
  }
  if (tooLarge) {
    await removeFile(to);
    return { ok: false, problem: "too_large" };
  }
  if (scan.problem) {
    await removeFile(to);
    return { ok: false, problem: "wrong_type", found: "HTML" };
  }
  return { ok: true, type: detected, size, sha256: hash.digest("hex") };
}
