// Streaming multipart/form-data: text fields into FormData, each file straight into storage with
// a byte limit (never whole in memory), its first bytes kept to tell what it really is.
import { Readable } from "node:stream";
import busboy from "busboy";
import { type Bucket, getStorage, type PutResult, StorageError } from "../storage/storage.server";
import { type DetectedType, detectFileType, EXTENSION_FOR, HEAD_BYTES } from "./file-signature";

export type StoredUpload = PutResult & { fieldName: string; originalName: string; detected: DetectedType | null };

export type MultipartResult =
  | { ok: true; fields: FormData; files: Map<string, StoredUpload> }
  | { ok: false; reason: "too_large" | "malformed" | "too_many_parts"; fieldName?: string; fields: FormData };

export type MultipartOptions = {
  bucket: Bucket;
  /** File inputs that are accepted; files in any other part are refused. */
  fileFields: readonly string[];
  maxFileBytes: number;
  maxFieldBytes?: number;
  maxFields?: number;
};

export function isMultipart(request: Request) {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** Files already stored are removed when the request as a whole is refused. */
export async function discardUploads(files: Iterable<StoredUpload>) {
  await Promise.all([...files].map((f) => getStorage().delete(f.bucket, f.name).catch(() => {})));
}

export async function parseMultipart(request: Request, options: MultipartOptions): Promise<MultipartResult> {
  const fields = new FormData();
  const files = new Map<string, StoredUpload>();
  if (!request.body) return { ok: false, reason: "malformed", fields };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: Object.fromEntries(request.headers),
      limits: {
        fileSize: options.maxFileBytes,
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
  let failure: Exclude<MultipartResult, { ok: true }>["reason"] | null = null;
  let failedField: string | undefined;

  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) {
        failure ??= "too_large";
        failedField ??= name;
        return;
      }
      fields.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      if (!options.fileFields.includes(name) || files.has(name) || failure) {
        stream.resume();
        if (!options.fileFields.includes(name) || files.has(name)) failure ??= "too_many_parts";
        return;
      }
      const chunks: Buffer[] = [];
      let headLength = 0;
      let truncated = false;
      stream.on("data", (chunk: Buffer) => {
        if (headLength < HEAD_BYTES) {
          chunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
          headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
        }
      });
      stream.on("limit", () => {
        truncated = true;
        failure ??= "too_large";
        failedField ??= name;
      });
      // An empty file input (no file chosen) sends a part with no name and no bytes.
      if (!info.filename) {
        stream.resume();
        return;
      }
      const extension = info.filename.includes(".") ? info.filename : `${info.filename}.bin`;
      const safeName = `upload.${(extension.split(".").pop() ?? "bin").toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 8) || "bin"}`;
      pending.push(
        getStorage()
          .put(options.bucket, safeName, stream)
          .then(async (stored) => {
            if (truncated) {
              await getStorage().delete(stored.bucket, stored.name);
              return;
            }
            if (stored.size === 0) {
              await getStorage().delete(stored.bucket, stored.name);
              return;
            }
            const detected = detectFileType(Buffer.concat(chunks));
            files.set(name, { ...stored, fieldName: name, originalName: info.filename ?? "", detected });
          })
          .catch((error) => {
            if (error instanceof StorageError) failure ??= "malformed";
            else throw error;
          }),
      );
    });
    parser.on("partsLimit", () => (failure ??= "too_many_parts"));
    parser.on("filesLimit", () => (failure ??= "too_many_parts"));
    parser.on("fieldsLimit", () => (failure ??= "too_many_parts"));
    parser.on("error", reject);
    parser.on("close", resolve);
  });

  try {
    const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);
    body.on("error", () => parser.destroy());
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

/** The stored name's extension follows the detected type, not the visitor's file name. */
export function extensionFor(detected: DetectedType) {
  return EXTENSION_FOR[detected];
}
