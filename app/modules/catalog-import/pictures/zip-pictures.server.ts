// The ZIP of pictures uploaded beside a sheet: which of its files a picture cell names.
//
// A cell's file name is matched without regard to case (and to how its accents are composed):
// a bare name ("deck.jpg") matches a file of that name in any folder of the archive, a name with
// folders ("decking/deck.jpg") a file whose path ends with them. A name two files answer to is
// refused as ambiguous, with their paths, so the sheet can give the folder too; no file is picked
// for it. The archive's names are keys only (server/storage/zip-reader): ".." and a leading "/"
// are dropped, and nothing is ever written where they point.
import fs from "node:fs";
import { InputError } from "~/server/http/input-error";
import {
  entryKey,
  openZip,
  type ZipArchive,
  type ZipEntry,
  ZipError,
} from "~/server/storage/zip-reader.server";
import { PICTURES_ZIP_MAX_BYTES, PICTURES_ZIP_MAX_ENTRIES } from "./limits";

/** macOS's Finder adds these beside every file it zips: never a picture. */
const FINDER_FOLDER = /^__macosx\//;

/** How a cell's file name and an archive's path are compared. */
export function pictureKey(name: string) {
  return entryKey(name.trim().normalize("NFC").toLowerCase());
}

/** What a cell names: the file's key and every shorter path it could be found under. */
function suffixesOf(key: string) {
  const segments = key.split("/");
  return segments.map((_, i) => segments.slice(i).join("/"));
}

export type ZipPictures = {
  /** The file `ref` (a cell's text) names, or why none is taken, in words. */
  find(ref: string): { entry: ZipEntry } | { refused: string };
  read: ZipArchive["read"];
  close(): void;
};

function listed(entries: readonly ZipEntry[]) {
  const shown = entries.slice(0, 3).map((entry) => entry.path);
  return entries.length > 3 ? `${shown.join(", ")} and ${entries.length - 3} more` : shown.join(", ");
}

/**
 * Opens the ZIP of pictures in `file` and indexes its files by name. Refuses (InputError, in
 * words for the person importing) an archive that is too large, has too many files or is no ZIP.
 */
export async function openZipPictures(file: string): Promise<ZipPictures> {
  const { size } = await fs.promises.stat(file);
  if (size > PICTURES_ZIP_MAX_BYTES) throw new InputError("The ZIP of pictures is larger than 1 GB.");
  let zip: ZipArchive;
  try {
    zip = await openZip(file, { maxEntries: PICTURES_ZIP_MAX_ENTRIES });
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    throw new InputError(
      error.problem === "too_many_entries"
        ? `The ZIP of pictures holds more than ${PICTURES_ZIP_MAX_ENTRIES.toLocaleString("en-NZ")} files.`
        : "The ZIP of pictures could not be read: it is not a ZIP archive, or it is damaged.",
    );
  }

  const bySuffix = new Map<string, ZipEntry[]>();
  for (const entry of zip.entries) {
    const key = pictureKey(entry.path);
    if (FINDER_FOLDER.test(key)) continue;
    for (const suffix of suffixesOf(key)) {
      const found = bySuffix.get(suffix);
      if (found) found.push(entry);
      else bySuffix.set(suffix, [entry]);
    }
  }

  return {
    find(ref) {
      const key = pictureKey(ref);
      if (key === "") return { refused: `The picture "${ref}" is not a file name.` };
      const found = bySuffix.get(key) ?? [];
      const [only] = found;
      if (!only) return { refused: `The picture "${ref}" is not in the ZIP of pictures.` };
      if (found.every((entry) => entry.path === only.path) && found.length > 1)
        return { refused: `The picture "${ref}" is in the ZIP of pictures ${found.length} times.` };
      if (found.length > 1)
        return {
          refused:
            `The picture "${ref}" matches ${found.length} files in the ZIP of pictures ` +
            `(${listed(found)}): give its folder too, as in "${only.path}".`,
        };
      return { entry: only };
    },
    read: (entry, options) => zip.read(entry, options),
    close: () => zip.close(),
  };
}
