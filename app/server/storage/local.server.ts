// The local-disk driver: each bucket a folder under DATA_DIR/uploads.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  BUCKETS,
  type Bucket,
  isBucket,
  isServingMarkId,
  isStoredName,
  limitBytes,
  nameForPut,
  parseServingMark,
  resolveRange,
  SERVING_FOLDER,
  type ServingMark,
  type Storage,
  StorageError,
} from "./contract.server";

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
