// Reads an uploaded ZIP archive (a file on the local disk) without unpacking it: its central
// directory is read once into a list of entries, then one entry at a time is streamed to whoever
// asks. Nothing is ever written to a path taken from the archive: an entry's name is only a key
// (its ".", ".." and empty segments and any drive letter dropped), so an entry named
// "../../evil.jpg" can be read as "evil.jpg" and can land nowhere but where the reader of its
// stream puts it (zip-slip is impossible by construction).
//
// A zip bomb is stopped three ways: the entry count is capped before any entry is read, an entry
// whose declared size is over the caller's limit is refused before a byte of it is inflated, and
// the bytes actually inflated are counted, the stream failing the moment they pass the declared
// size (yauzl checks this too) or the limit.
//
//   const zip = await openZip(file, { maxEntries: 20_000 });
//   try {
//     const entry = zip.entries.find((e) => e.path === "photos/deck.jpg");
//     const stream = await zip.read(entry, { maxBytes: 5 * 1024 * 1024 });
//   } finally { zip.close(); }
import { type Readable, Transform } from "node:stream";
import yauzl from "yauzl";

export type ZipEntry = {
  /** The entry's name as a key: folders joined by "/", never "." or "..", never absolute. */
  path: string;
  /** Its uncompressed size as the archive declares it (checked against the bytes as they come). */
  size: number;
};

export type ZipProblem =
  /** Not a ZIP archive at all, or its central directory is unreadable. */
  | "not_zip"
  | "too_many_entries"
  /** The entry is (or inflates to) more than the caller's limit. */
  | "too_large"
  | "encrypted"
  /** Compressed by a method other than stored or deflate. */
  | "unsupported"
  /** The entry's bytes do not match what the archive says of them. */
  | "damaged";

export class ZipError extends Error {
  constructor(
    message: string,
    readonly problem: ZipProblem,
  ) {
    super(message);
  }
}

export type ZipArchive = {
  /** Its files (folders left out), in the archive's order. */
  readonly entries: readonly ZipEntry[];
  /** The entry's bytes, inflated; the stream fails with a ZipError when they pass `maxBytes`. */
  read(entry: ZipEntry, options: { maxBytes: number }): Promise<Readable>;
  close(): void;
};

/**
 * The archive's name for an entry as a key: backslashes read as "/", and ".", "..", empty
 * segments and a leading drive letter dropped.
 */
export function entryKey(name: string) {
  return name
    .replace(/\\/g, "/")
    .replace(/^[a-zA-Z]:/, "")
    .split("/")
    .filter((segment) => segment !== "" && segment !== "." && segment !== "..")
    .join("/");
}

/** Counts the bytes that pass and fails past `limit` (the smaller of the declared size and the caller's). */
function byteCounter(entry: ZipEntry, maxBytes: number) {
  let count = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count += chunk.length;
      if (count > maxBytes) return done(new ZipError(`${entry.path} inflates past the limit`, "too_large"));
      if (count > entry.size)
        return done(new ZipError(`${entry.path} inflates past its declared size`, "damaged"));
      done(null, chunk);
    },
    flush(done) {
      done(count === entry.size ? null : new ZipError(`${entry.path} is shorter than declared`, "damaged"));
    },
  });
}

/**
 * Opens the ZIP archive in `file` and reads its list of entries (not their contents). Fails with
 * a ZipError "not_zip" for a file that is no archive, "too_many_entries" past `maxEntries`.
 */
export async function openZip(file: string, limits: { maxEntries: number }): Promise<ZipArchive> {
  let zip: yauzl.ZipFile;
  try {
    // Names are decoded here, not by yauzl: it refuses the whole archive for one entry named
    // "../x", where a key without the ".." is all that is needed.
    zip = await yauzl.openPromise(file, { autoClose: false, decodeStrings: false, validateEntrySizes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw new ZipError(`${file} is not a readable ZIP archive: ${(error as Error).message}`, "not_zip");
  }
  const raw = new Map<ZipEntry, yauzl.Entry>();
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new ZipError(`the archive holds ${zip.entryCount} entries`, "too_many_entries");
    for await (const entry of zip.eachEntry()) {
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        false,
      );
      if (name.endsWith("/")) continue;
      const path = entryKey(name);
      if (path === "") continue;
      raw.set({ path, size: entry.uncompressedSize }, entry);
    }
  } catch (error) {
    zip.close();
    if (error instanceof ZipError) throw error;
    throw new ZipError(`the archive's list of entries is unreadable: ${(error as Error).message}`, "not_zip");
  }

  return {
    entries: [...raw.keys()],
    async read(entry, options) {
      const found = raw.get(entry);
      if (!found) throw new Error(`${entry.path} is not an entry of this archive`);
      if (entry.size > options.maxBytes)
        throw new ZipError(`${entry.path} is ${entry.size} bytes, over the limit`, "too_large");
      if (found.isEncrypted()) throw new ZipError(`${entry.path} is encrypted`, "encrypted");
      if (!found.canDecodeFileData())
        throw new ZipError(`${entry.path} is compressed by an unknown method`, "unsupported");
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(found);
      } catch (error) {
        throw new ZipError(`${entry.path} cannot be read: ${(error as Error).message}`, "damaged");
      }
      const counted = byteCounter(entry, options.maxBytes);
      // A failure of the archive's bytes (a bad inflate, yauzl's own size check) reaches the
      // reader of `counted` as a ZipError; a reader that stops early stops the inflating too.
      stream.on("error", (error) => {
        counted.destroy(
          error instanceof ZipError
            ? error
            : new ZipError(`${entry.path} cannot be read: ${error.message}`, "damaged"),
        );
      });
      counted.on("close", () => stream.destroy());
      return stream.pipe(counted);
    },
    close() {
      zip.close();
    },
  };
}
