// What every storage driver is and shares: the buckets, the names a stored file may have, the
// Storage interface, its errors, byte ranges and the serving marks. The drivers (local.server.ts,
// s3.server.ts) and the chooser (storage.server.ts) build on it; it imports neither.
// Buckets: contact_uploads, quotes, imports and consent_packs (private: served only by routes that check the role),
// certificates and media (public: served by the public file route).
import crypto from "node:crypto";
import path from "node:path";
import { type Readable, Transform } from "node:stream";

export const BUCKETS = {
  contact_uploads: { public: false },
  certificates: { public: true },
  media: { public: true },
  /** Sent quotes' PDFs: for staff, and for the customer through their quote's link. */
  quotes: { public: false },
  /** Catalogue sheets uploaded for import: read by the import's jobs, kept until it is done with. */
  imports: { public: false },
  /**
   * Consent packs as drawn, each named from the hash of everything in it: served again while
   * nothing in it changed. A cache: any file here can be deleted and is drawn again on demand.
   */
  consent_packs: { public: false },
} as const;
export type Bucket = keyof typeof BUCKETS;

/** Buckets that only hold what is made again on demand (a cache): a backup leaves them out. */
export const CACHE_BUCKETS: ReadonlySet<Bucket> = new Set<Bucket>(["consent_packs"]);

export class StorageError extends Error {
  constructor(
    message: string,
    readonly code: "too_large" | "bad_name" | "not_found" | "bad_extension" | "bad_range",
    /** With "bad_range": the whole file's size, for the 416 answer's Content-Range. */
    readonly size?: number,
  ) {
    super(message);
  }
}

const STORED_NAME = /^[0-9]{13}-[0-9a-f]{16}\.[a-z0-9]{1,8}$/;
const EXTENSION = /^[a-z0-9]{1,8}$/;

export function isBucket(value: string): value is Bucket {
  return Object.hasOwn(BUCKETS, value);
}

/** timestamp-random.ext, the original extension lower-cased and checked. */
export function generateStoredName(originalName: string) {
  const ext = path.extname(originalName).slice(1).toLowerCase();
  if (!EXTENSION.test(ext)) throw new StorageError(`Unsupported file extension "${ext}"`, "bad_extension");
  return `${Date.now()}-${crypto.randomBytes(8).toString("hex")}.${ext}`;
}

/** Only names this module generated are accepted: nothing from a request can leave its bucket. */
export function isStoredName(name: string) {
  return STORED_NAME.test(name);
}

export type PutResult = { bucket: Bucket; name: string; path: string; size: number };

/** Bytes `start` to `end` inclusive (`end` unset: to the end), or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export type StoredFile = {
  stream: Readable;
  /** The whole file's size, whatever part of it is read. */
  size: number;
  /** The bytes the stream holds, inclusive, when a range was asked for. */
  range?: { start: number; end: number };
};

export type ListedFile = { name: string; size: number; modified: Date };

/**
 * A running server's note in the storage it serves, refreshed while it runs and removed when it
 * stops (runtime/serving-mark.server.ts): a restore reads them and will not replace the files a
 * live site serves unless told so by name.
 */
export type ServingMark = {
  /** Letters, digits, dot, dash and underscore: the file or object name of the note. */
  id: string;
  host: string;
  pid: number;
  port: number;
  /** When the process wrote the note last (ISO 8601). */
  at: string;
};

/** Where the notes live: beside the buckets, a name no bucket can have. */
export const SERVING_FOLDER = ".serving";
const MARK_ID = /^[A-Za-z0-9._-]{1,200}$/;

export function isServingMarkId(id: string) {
  return MARK_ID.test(id) && id !== "." && id !== "..";
}

/** A note's JSON as read back, or null when it is not one (a stray file, a half-written one). */
export function parseServingMark(text: string): ServingMark | null {
  try {
    const data = JSON.parse(text) as Partial<ServingMark>;
    if (
      typeof data.id === "string" &&
      isServingMarkId(data.id) &&
      typeof data.host === "string" &&
      typeof data.pid === "number" &&
      typeof data.port === "number" &&
      typeof data.at === "string" &&
      !Number.isNaN(Date.parse(data.at))
    ) {
      return { id: data.id, host: data.host, pid: data.pid, port: data.port, at: data.at };
    }
  } catch {}
  return null;
}

export type Storage = {
  /**
   * Streams `body` in under a new generated name (or `options.name`, an existing stored name:
   * restoring or migrating files). Past `maxBytes` it fails with "too_large" and keeps nothing.
   */
  put(
    bucket: Bucket,
    originalName: string,
    body: Readable | Uint8Array,
    options?: { maxBytes?: number; name?: string },
  ): Promise<PutResult>;
  /** Fails with "not_found", or "bad_range" when the range starts past the end. */
  get(bucket: Bucket, name: string, options?: { range?: ByteRange }): Promise<StoredFile>;
  exists(bucket: Bucket, name: string): Promise<boolean>;
  delete(bucket: Bucket, name: string): Promise<void>;
  /** Every whole file of the bucket with a stored name (unfinished writes are not listed). */
  list(bucket: Bucket): AsyncIterable<ListedFile>;
  /** Removes what writes that never finished left in the bucket before `olderThan`; how many. */
  deleteUnfinished(bucket: Bucket, olderThan: Date): Promise<number>;
  /** At start: the storage can be reached and written to, else an error that says what to fix. */
  check(): Promise<void>;
  publicUrl(bucket: Bucket, name: string): string;
  /** Writes (or refreshes) this process's serving mark. */
  putServingMark(mark: ServingMark): Promise<void>;
  deleteServingMark(id: string): Promise<void>;
  /** Every serving mark present, fresh or stale. */
  listServingMarks(): Promise<ServingMark[]>;
};

/** The stored name `put` writes to: a new one, or the one given, checked. */
export function nameForPut(originalName: string, given: string | undefined) {
  if (given === undefined) return generateStoredName(originalName);
  if (!isStoredName(given)) throw new StorageError("Invalid file name", "bad_name");
  return given;
}

/** The inclusive byte span of `range` in a file of `size` bytes; "bad_range" when none of it exists. */
export function resolveRange(range: ByteRange, size: number) {
  if ("suffix" in range) {
    if (range.suffix <= 0 || size === 0) throw new StorageError("Range not satisfiable", "bad_range", size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) {
    throw new StorageError("Range not satisfiable", "bad_range", size);
  }
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

export function limitBytes(maxBytes: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new StorageError(`File is larger than ${maxBytes} bytes`, "too_large"));
      else callback(null, chunk);
    },
  });
}

/** Split "bucket/name" (a stored file_url) into its parts, or null if it is not one of ours. */
export function parseStoredPath(value: string | null | undefined): { bucket: Bucket; name: string } | null {
  if (!value) return null;
  const match = /^(?:\/files\/)?([a-z_]+)\/([^/]+)$/.exec(value);
  if (!match) return null;
  const [, bucket, name] = match;
  if (!bucket || !name || !isBucket(bucket) || !isStoredName(name)) return null;
  return { bucket, name };
}
