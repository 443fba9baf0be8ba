// File storage behind one interface, with two drivers: the local disk under DATA_DIR/uploads
// (the default; local.server.ts) and an S3-compatible bucket (STORAGE_URL; s3.server.ts, ADR 021).
// This module chooses the driver; callers import everything storage from here.
import path from "node:path";
import { getEnv } from "../env.server";
import { describeS3Location, type S3Location } from "../storage-url";
import { BUCKETS, isStoredName, type Storage, StorageError } from "./contract.server";
import { createLocalStorage as createDiskStorage } from "./local.server";

export {
  BUCKETS,
  type Bucket,
  type ByteRange,
  CACHE_BUCKETS,
  generateStoredName,
  isBucket,
  isServingMarkId,
  isStoredName,
  type ListedFile,
  limitBytes,
  nameForPut,
  type PutResult,
  parseServingMark,
  parseStoredPath,
  resolveRange,
  SERVING_FOLDER,
  type ServingMark,
  type Storage,
  StorageError,
  type StoredFile,
} from "./contract.server";

let instance: Storage | undefined;

/** Where a storage keeps its files: what a worker thread needs to open the same storage. */
export type StorageLocation = { kind: "disk"; root: string } | { kind: "s3"; location: S3Location };
const locations = new WeakMap<Storage, StorageLocation>();

function located(storage: Storage, location: StorageLocation) {
  locations.set(storage, location);
  return storage;
}

/** The disk driver, its files under `root` (one folder per bucket). */
export function createLocalStorage(root: string): Storage {
  return located(createDiskStorage(root), { kind: "disk", root });
}

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
    ? located(lazyS3Storage(settings.STORAGE_URL), { kind: "s3", location: settings.STORAGE_URL })
    : createLocalStorage(path.join(settings.dataDir, "uploads"));
}

/** The same storage opened again (in a worker thread) from where the first keeps its files. */
export function storageAt(location: StorageLocation): Storage {
  return location.kind === "s3"
    ? createStorage({ STORAGE_URL: location.location, dataDir: "" })
    : createLocalStorage(location.root);
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

/** Where the storage in use keeps its files; none for a storage made up otherwise (a test's). */
export function storageLocation(): StorageLocation | undefined {
  return locations.get(getStorage());
}

export function setStorage(storage: Storage | undefined) {
  instance = storage;
}
