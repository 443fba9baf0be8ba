// File storage behind one interface, with a local-disk driver under DATA_DIR/uploads.
// Buckets: contact_uploads (private: staff-only download route), certificates and media (public).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getEnv } from "../env.server";

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
    readonly code: "too_large" | "bad_name" | "not_found" | "bad_extension",
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

export type Storage = {
  put(
    bucket: Bucket,
    originalName: string,
    body: Readable | Uint8Array,
    options?: { maxBytes?: number },
  ): Promise<PutResult>;
  get(bucket: Bucket, name: string): Promise<{ stream: Readable; size: number }>;
  exists(bucket: Bucket, name: string): Promise<boolean>;
  delete(bucket: Bucket, name: string): Promise<void>;
  publicUrl(bucket: Bucket, name: string): string;
};

function limitBytes(maxBytes: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new StorageError(`File is larger than ${maxBytes} bytes`, "too_large"));
      else callback(null, chunk);
    },
  });
}

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
      const name = generateStoredName(originalName);
      const full = resolve(bucket, name);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      const temp = `${full}.part`;
      const source = body instanceof Uint8Array ? Readable.from([Buffer.from(body)]) : body;
      const sink = fs.createWriteStream(temp, { mode: 0o640 });
      try {
        if (options.maxBytes) await pipeline(source, limitBytes(options.maxBytes), sink);
        else await pipeline(source, sink);
        await fs.promises.rename(temp, full);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
      const { size } = await fs.promises.stat(full);
      return { bucket, name, path: `${bucket}/${name}`, size };
    },
    async get(bucket, name) {
      const full = resolve(bucket, name);
      try {
        const { size } = await fs.promises.stat(full);
        return { stream: fs.createReadStream(full), size };
      } catch {
        throw new StorageError("File not found", "not_found");
      }
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
    publicUrl(bucket, name) {
      if (!BUCKETS[bucket].public) throw new StorageError("This bucket is private", "bad_name");
      resolve(bucket, name);
      return `/files/${bucket}/${name}`;
    },
  };
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

export function getStorage(): Storage {
  instance ??= createLocalStorage(path.join(getEnv().dataDir, "uploads"));
  return instance;
}

export function setStorage(storage: Storage | undefined) {
  instance = storage;
}
