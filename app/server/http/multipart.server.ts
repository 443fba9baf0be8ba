// Streaming multipart/form-data: text fields into FormData, each file straight into storage with
// a byte limit (never whole in memory), its first bytes read first to tell what it really is and
// every byte read on its way to the disk for markup (a polyglot) and, in a PDF, for scripts.
// Busboy stops passing a file's bytes on at the limit plus one and discards the rest of that part
// as it arrives, so an oversized upload costs a stream's buffers, not its size. An image stored in
// a public bucket is then encoded again without its metadata (images/process-image), since the
// original is served as it is stored.
import { Readable } from "node:stream";
import busboy from "busboy";
import { rewriteImageOriginal } from "../images/process-image.server";
import {
  type DetectedType,
  detectFileType,
  EXTENSION_FOR,
  HEAD_BYTES,
  isImageType,
  scanFileContent,
} from "../storage/file-signature";
import { BUCKETS, type Bucket, getStorage, type PutResult, StorageError } from "../storage/storage.server";

/** `size` is the bytes the visitor sent (a rewritten public image's stored file may differ). */
export type StoredUpload = PutResult & {
  fieldName: string;
  originalName: string;
  detected: DetectedType | null;
};

type MultipartFailure =
  | "too_large"
  | "malformed"
  | "too_many_parts"
  /** A file whose bytes are none of `acceptTypes` (or, read whole, a polyglot): not kept. */
  | "unsupported_type"
  /** A PDF with JavaScript or actions a reader runs on its own: not kept. */
  | "active_content"
  /** Storage could not write the file (disk full, permissions): the request itself was fine. */
  | "upload_failed";

export type MultipartResult =
  | { ok: true; fields: FormData; files: Map<string, StoredUpload> }
  | { ok: false; reason: MultipartFailure; fieldName?: string; fields: FormData };

export type MultipartOptions = {
  bucket: Bucket;
  /** File inputs that are accepted; files in any other part are refused. */
  fileFields: readonly string[];
  maxFileBytes: number;
  /** When set, a file whose first bytes are none of these is refused without being stored. */
  acceptTypes?: readonly DetectedType[];
  maxFieldBytes?: number;
  maxFields?: number;
};

export function isMultipart(request: Request) {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

export function isUrlEncoded(request: Request) {
  return (request.headers.get("content-type") ?? "")
    .toLowerCase()
    .startsWith("application/x-www-form-urlencoded");
}

/** Files already stored are removed when the request as a whole is refused. */
export async function discardUploads(files: Iterable<StoredUpload>) {
  await Promise.all(
    [...files].map((f) =>
      getStorage()
        .delete(f.bucket, f.name)
        .catch(() => {}),
    ),
  );
}

async function drain(iterator: AsyncIterator<Buffer>) {
  while (!(await iterator.next()).done) {}
}

/**
 * Busboy (and so this parser) also reads application/x-www-form-urlencoded bodies, with the same
 * field limits; such a body simply has no files.
 */
export async function parseMultipart(request: Request, options: MultipartOptions): Promise<MultipartResult> {
  const fields = new FormData();
  const files = new Map<string, StoredUpload>();
  if (!request.body) return { ok: false, reason: "malformed", fields };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: Object.fromEntries(request.headers),
      limits: {
        // Busboy flags a file as truncated on reaching the limit, so a file of exactly maxFileBytes
        // would be refused; one byte more makes maxFileBytes the largest size accepted.
        fileSize: options.maxFileBytes + 1,
        files: options.fileFields.length,
        fields: options.maxFields ?? 50,
        fieldSize: options.maxFieldBytes ?? 64 * 1024,
        parts: (options.maxFields ?? 50) + options.fileFields.length,
      },
    });
  } catch {
    return { ok: false, reason: "malformed", fields };
  }

  const pending: Promise<void>[] = [];
  const seenFileFields = new Set<string>();
  let failure: MultipartFailure | null = null;
  let failedField: string | undefined;

  function fail(reason: MultipartFailure, fieldName?: string) {
    if (failure) return;
    failure = reason;
    failedField = fieldName;
  }

  // The head is read before storage sees a byte, so the stored name's extension follows what the
  // file is, and a refused type never touches the disk. Consuming through one async iterator (not
  // a "data" listener beside a pipe) means no chunk can be lost before storage starts reading.
  async function storeFile(name: string, stream: Readable, originalName: string, isTruncated: () => boolean) {
    const iterator: AsyncIterator<Buffer> = stream[Symbol.asyncIterator]();
    const head: Buffer[] = [];
    let headLength = 0;
    let ended = false;
    while (headLength < HEAD_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headLength += next.value.length;
    }
    if (!ended) {
      if (isTruncated() || failure) return drain(iterator);
    }
    // An empty file input (no file chosen) may still send a named part with no bytes.
    if (headLength === 0 || isTruncated() || failure) return;
    const detected = await detectFileType(Buffer.concat(head).subarray(0, HEAD_BYTES));
    if (options.acceptTypes && (!detected || !options.acceptTypes.includes(detected))) {
      fail("unsupported_type", name);
      if (!ended) await drain(iterator);
      return;
    }
    // Every byte is read for markup (and a PDF for its actions) on its way to the disk.
    const scan = scanFileContent(detected);
    async function* replay() {
      for (const chunk of head) {
        scan.push(chunk);
        yield chunk;
      }
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        scan.push(next.value);
        yield next.value;
      }
    }
    const uploaded = await getStorage().put(
      options.bucket,
      `upload.${detected ? EXTENSION_FOR[detected] : "bin"}`,
      // Bytes, not chunks, bound what waits between the parser and the disk.
      Readable.from(replay(), { objectMode: false, highWaterMark: 64 * 1024 }),
    );
    if (isTruncated() || failure) {
      await getStorage().delete(uploaded.bucket, uploaded.name);
      return;
    }
    let stored = uploaded;
    let type = detected;
    if (scan.problem) {
      await getStorage().delete(uploaded.bucket, uploaded.name);
      if (scan.problem === "pdf_actions") return fail("active_content", name);
      // A polyglot is no type at all, as if its markup had been in the first bytes.
      if (options.acceptTypes) return fail("unsupported_type", name);
      files.set(name, { ...uploaded, fieldName: name, originalName, detected: null });
      return;
    }
    if (BUCKETS[options.bucket].public && isImageType(type)) {
      const clean = await rewriteImageOriginal(uploaded, type).catch(async (error: unknown) => {
        await getStorage().delete(uploaded.bucket, uploaded.name);
        throw error;
      });
      // Image bytes at the start but no picture behind them: to the caller it is no type at all.
      if (clean) stored = clean;
      else type = null;
    }
    files.set(name, { ...stored, size: uploaded.size, fieldName: name, originalName, detected: type });
  }

  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) {
        fail("too_large", name);
        return;
      }
      fields.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      if (!options.fileFields.includes(name) || seenFileFields.has(name)) {
        stream.resume();
        fail("too_many_parts", name);
        return;
      }
      seenFileFields.add(name);
      let truncated = false;
      stream.on("limit", () => {
        truncated = true;
        fail("too_large", name);
      });
      if (!info.filename || failure) {
        stream.resume();
        return;
      }
      pending.push(
        storeFile(name, stream, info.filename, () => truncated).catch((error) => {
          stream.resume();
          if (error instanceof StorageError) fail("malformed", name);
          else if ((error as NodeJS.ErrnoException)?.code) fail("upload_failed", name);
          else fail("malformed", name);
        }),
      );
    });
    parser.on("partsLimit", () => fail("too_many_parts"));
    parser.on("filesLimit", () => fail("too_many_parts"));
    parser.on("fieldsLimit", () => fail("too_many_parts"));
    parser.on("error", reject);
    parser.on("close", resolve);
  });

  try {
    const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);
    body.on("error", (error) => parser.destroy(error));
    body.pipe(parser);
    await done;
    await Promise.all(pending);
  } catch {
    await Promise.allSettled(pending);
    await discardUploads(files.values());
    return { ok: false, reason: "malformed", fields };
  }
  if (failure) {
    await discardUploads(files.values());
    return { ok: false, reason: failure, fieldName: failedField, fields };
  }
  return { ok: true, fields, files };
}
