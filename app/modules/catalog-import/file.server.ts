// An import's uploaded files, read from storage (the private imports bucket): the sheet as often
// as the sheet readers ask (each call of the opener is a new stream of the stored file), and the
// ZIP of pictures copied once to this machine's disk for a job's run (a ZIP is read from its end,
// its directory first, so it needs a file it can seek in, whichever the storage driver).
import fs from "node:fs";
import { PassThrough, pipeline } from "node:stream";
import { pipeline as pipelineDone } from "node:stream/promises";
import { openQuarantine } from "~/server/http/quarantine.server";
import { readSheet } from "~/server/sheets/read-sheet.server";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";
import { openPictureSource, type PictureSource } from "./pictures/source.server";

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

/**
 * The import's pictures for a job's run: its ZIP (`picturesPath`, null when none was uploaded)
 * copied to a temporary file and opened, and the fetching of addresses. Close it when done.
 */
export async function openImportPictures(picturesPath: string | null): Promise<PictureSource> {
  if (!picturesPath) return openPictureSource({});
  const local = openQuarantine();
  try {
    const zipFile = await local.newFile();
    await pipelineDone(openStored(picturesPath)(), fs.createWriteStream(zipFile));
    const source = await openPictureSource({ zipFile });
    return {
      ...source,
      async close() {
        await source.close();
        await local.release();
      },
    };
  } catch (error) {
    await local.release();
    throw error;
  }
}
