// File storage behind one interface, with two drivers: the local disk under DATA_DIR/uploads
// (the default) and an S3-compatible bucket (STORAGE_URL; s3.server.ts, ADR 021).
// Buckets: contact_uploads and quotes (private: served only by routes that check the role),
// certificates and media (public: served by the public file route).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getEnv } from "../env.server";
import { describeS3Location, type S3Location } from "../storage-url";

export const BUCKETS = {
  contact_uploads: { public: false },
  certificates: { public: true },
  media: { public: true },
  /** Sent quotes' PDFs: for staff, and for the customer through their quote's link. */
  quotes: { public: false },
} as const;
export type Bucket = keyof typeof BUCKETS;

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

const PART_SUFFIX = ".part";

export function createLocalStorage(root: string): Storage {
  function resolve(bucket: Bucket, name: string) {
    if (!isBucket(bucket)) throw new StorageError("Unknown bucket", "bad_name");
    if (!isStoredName(name)) throw new StorageError("Invalid file name", "bad_name");
    const dir = path.join(root, bucket);
    const full = path.join(dir, name);
    if (path.dirname(full) !== dir) throw new StorageError("Invalid file name", "bad_name");
    return full;
  }

  return {
    async put(bucket, originalName, body, options = {}) {
      const name = nameForPut(originalName, options.name);
      const full = resolve(bucket, name);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      const temp = `${full}${PART_SUFFIX}`;
      const source = body instanceof Uint8Array ? Readable.from([Buffer.from(body)]) : body;
      const sink = fs.createWriteStream(temp, { mode: 0o640 });
      try {
        if (options.maxBytes) await pipeline(source, limitBytes(options.maxBytes), sink);
        else await pipeline(source, sink);
        if (options.name) await fs.promises.link(temp, full).then(() => fs.promises.rm(temp));
        else await fs.promises.rename(temp, full);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
      const { size } = await fs.promises.stat(full);
      return { bucket, name, path: `${bucket}/${name}`, size };
    },
    async get(bucket, name, options = {}) {
      const full = resolve(bucket, name);
      const stat = await fs.promises.stat(full).catch(() => null);
      if (!stat?.isFile()) throw new StorageError("File not found", "not_found");
      if (!options.range) return { stream: fs.createReadStream(full), size: stat.size };
      const range = resolveRange(options.range, stat.size);
      return { stream: fs.createReadStream(full, range), size: stat.size, range };
    },
    async exists(bucket, name) {
      try {
        await fs.promises.access(resolve(bucket, name));
        return true;
      } catch {
        return false;
      }
    },
    async delete(bucket, name) {
      await fs.promises.rm(resolve(bucket, name), { force: true });
    },
    async *list(bucket) {
      if (!isBucket(bucket)) throw new StorageError("Unknown bucket", "bad_name");
      const dir = path.join(root, bucket);
      const names = await fs.promises.readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const name of names.sort()) {
        if (!isStoredName(name)) continue;
        const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
        if (stat?.isFile()) yield { name, size: stat.size, modified: stat.mtime };
      }
    },
    // A write goes to `<name>.part` and is renamed once whole: an old `.part` file is one a
    // killed or failed upload left. Young ones may still be streaming in.
    async deleteUnfinished(bucket, olderThan) {
      if (!isBucket(bucket)) throw new StorageError("Unknown bucket", "bad_name");
      const dir = path.join(root, bucket);
      const names = await fs.promises.readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      let removed = 0;
      for (const name of names) {
        if (!name.endsWith(PART_SUFFIX) || !isStoredName(name.slice(0, -PART_SUFFIX.length))) continue;
        const file = path.join(dir, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (!stat?.isFile() || stat.mtimeMs > olderThan.getTime()) continue;
        await fs.promises.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
    async check() {
      await fs.promises.mkdir(root, { recursive: true });
      await fs.promises.access(root, fs.constants.W_OK);
    },
    publicUrl(bucket, name) {
      if (!BUCKETS[bucket].public) throw new StorageError("This bucket is private", "bad_name");
      resolve(bucket, name);
      return `/files/${bucket}/${name}`;
    },
    async putServingMark(mark) {
      const file = markFile(mark.id);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a reader never sees half a note.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(temp, JSON.stringify(mark), { mode: 0o640 });
      await fs.promises.rename(temp, file);
    },
    async deleteServingMark(id) {
      await fs.promises.rm(markFile(id), { force: true });
    },
    async listServingMarks() {
      const dir = path.join(root, SERVING_FOLDER);
      const names = await fs.promises.readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      const marks: ServingMark[] = [];
      for (const name of names) {
        if (!name.endsWith(".json")) continue;
        const text = await fs.promises.readFile(path.join(dir, name), "utf8").catch(() => null);
        const mark = text === null ? null : parseServingMark(text);
        if (mark) marks.push(mark);
      }
      return marks;
    },
  };

  function markFile(id: string) {
    if (!isServingMarkId(id)) throw new StorageError("Invalid serving mark", "bad_name");
    return path.join(root, SERVING_FOLDER, `${id}.json`);
  }
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

let instance: Storage | undefined;

/** The configured driver: the bucket of STORAGE_URL when set, else the disk under DATA_DIR/uploads. */
/**
 * The S3 driver, its SDK (some 36 MB of memory and 150 ms at start) loaded on first use: a site
 * on the local disk never loads it.
 */
function lazyS3Storage(location: S3Location): Storage {
  let driver: Promise<Storage> | undefined;
  const load = () => {
    driver ??= import("./s3.server").then((module) => module.createS3Storage(location));
    return driver;
  };
  return {
    put: async (...args) => (await load()).put(...args),
    get: async (...args) => (await load()).get(...args),
    exists: async (...args) => (await load()).exists(...args),
    delete: async (...args) => (await load()).delete(...args),
    async *list(bucket) {
      yield* (await load()).list(bucket);
    },
    deleteUnfinished: async (...args) => (await load()).deleteUnfinished(...args),
    check: async () => (await load()).check(),
    publicUrl(bucket, name) {
      if (!BUCKETS[bucket]?.public) throw new StorageError("This bucket is private", "bad_name");
      if (!isStoredName(name)) throw new StorageError("Invalid file name", "bad_name");
      return `/files/${bucket}/${name}`;
    },
    putServingMark: async (...args) => (await load()).putServingMark(...args),
    deleteServingMark: async (...args) => (await load()).deleteServingMark(...args),
    listServingMarks: async () => (await load()).listServingMarks(),
  };
}

/** The storage the settings choose: the bucket of STORAGE_URL, else the disk under DATA_DIR. */
export function createStorage(settings: { STORAGE_URL?: S3Location; dataDir: string }): Storage {
  return settings.STORAGE_URL
    ? lazyS3Storage(settings.STORAGE_URL)
    : createLocalStorage(path.join(settings.dataDir, "uploads"));
}

/** Where the settings put files, in words for logs and messages (no secret is in it). */
export function describeStorage(settings: { STORAGE_URL?: S3Location; dataDir: string }) {
  return settings.STORAGE_URL
    ? `the bucket ${describeS3Location(settings.STORAGE_URL)}`
    : `the disk, in ${path.join(settings.dataDir, "uploads")}`;
}

/**
 * The storage's name as a restore's --into-served-storage must give it: s3://<bucket>/<prefix>
 * for a bucket, the uploads folder's absolute path for the disk.
 */
export function storageIdentity(settings: { STORAGE_URL?: S3Location; dataDir: string }) {
  return settings.STORAGE_URL
    ? `s3://${settings.STORAGE_URL.bucket}/${settings.STORAGE_URL.prefix}`
    : path.join(settings.dataDir, "uploads");
}

export function getStorage(): Storage {
  instance ??= createStorage(getEnv());
  return instance;
}

export function setStorage(storage: Storage | undefined) {
  instance = storage;
}
