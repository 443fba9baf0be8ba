// An import's uploaded sheet, read from storage (the private imports bucket) as often as the
// sheet readers ask: each call of the opener is a new stream of the stored file.
import { PassThrough, pipeline } from "node:stream";
import { readSheet } from "~/server/sheets/read-sheet.server";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";

/** A new stream of the stored file each time it is called. */
function openStored(path: string) {
  const stored = parseStoredPath(path);
  if (!stored) throw new Error(`Not a stored file: ${path}`);
  return () => {
    const out = new PassThrough();
    getStorage()
      .get(stored.bucket, stored.name)
      .then(
        ({ stream }) => {
          if (out.destroyed) stream.destroy();
          else pipeline(stream, out, () => {});
        },
        (error: unknown) => out.destroy(error as Error),
      );
    return out;
  };
}

/** The stored sheet at `path` (its worksheet `sheetName`, else the first), for reading once. */
export function openImportSheet(path: string, sheetName: string | null) {
  return readSheet(openStored(path), sheetName ? { sheet: sheetName } : {});
}
