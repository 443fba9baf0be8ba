// Where an import's pictures come from, and each one read into a local file of ours.
//
// A picture cell holds a file name or an http(s) address. A file name is looked up in the ZIP of
// pictures uploaded beside the sheet (zip-pictures); an address is fetched by the server within
// limits (server/http/fetch-limited): at most the product dialog's picture size, 20 seconds, 5
// redirects, never to this machine or a private network unless IMPORT_FETCH_ALLOW_PRIVATE says so,
// never to a link-local or cloud metadata address. Either way the bytes are told by their first
// bytes (a page named .jpg is no picture) and land in the source's own temporary folder, under a
// name we choose. A refusal is said in words, naming the picture as the sheet does.
//
//   const source = await openPictureSource({ zipFile });    // zipFile: null when none was sent
//   try {
//     const read = await readPicture("deck.jpg", source);   // { ok: true, file, type, sha256 }
//   } finally { await source.close(); }
import fs from "node:fs";
import { getEnv } from "~/server/env.server";
import { fetchToFile } from "~/server/http/fetch-limited.server";
import { IMAGE_MAX_BYTES } from "~/server/http/image-upload.server";
import { openQuarantine, type Quarantine } from "~/server/http/quarantine.server";
import { writeCheckedFile } from "~/server/storage/checked-file.server";
import { IMAGE_TYPES, type ImageType, isImageType } from "~/server/storage/file-signature";
import { ZipError } from "~/server/storage/zip-reader.server";
import { openZipPictures, type ZipPictures } from "./zip-pictures.server";

/** An imported picture may be as large as one chosen in the product dialog. */
export const PICTURE_MAX_BYTES = IMAGE_MAX_BYTES;
/** The whole fetch of a picture's address, redirects included. */
export const PICTURE_FETCH_TIMEOUT_MS = 20_000;
export const PICTURE_FETCH_MAX_REDIRECTS = 5;

const SIZE_IN_WORDS = `${PICTURE_MAX_BYTES / (1024 * 1024)} MB`;

export type PictureSource = {
  /** The ZIP of pictures, when one was uploaded with the sheet. */
  zip: ZipPictures | null;
  fetchTimeoutMs: number;
  /** A path in the source's temporary folder for a new file. */
  newFile(): Promise<string>;
  /** Pictures this source stored, by the SHA-256 of the bytes they arrived as (their public URL). */
  stored: Map<string, string>;
  /** Closes the ZIP and removes the temporary folder. */
  close(): Promise<void>;
};

type SourceOptions = {
  /** The uploaded ZIP of pictures on the local disk, or null. */
  zipFile?: string | null;
  /** The time a fetch may take (default 20 seconds). */
  fetchTimeoutMs?: number;
};

/** Opens an import's pictures: its ZIP (InputError when it is refused) and a temporary folder. */
export async function openPictureSource(options: SourceOptions = {}): Promise<PictureSource> {
  const zip = options.zipFile ? await openZipPictures(options.zipFile) : null;
  const quarantine: Quarantine = openQuarantine();
  return {
    zip,
    fetchTimeoutMs: options.fetchTimeoutMs ?? PICTURE_FETCH_TIMEOUT_MS,
    newFile: () => quarantine.newFile(),
    stored: new Map(),
    async close() {
      zip?.close();
      await quarantine.release();
    },
  };
}

export type ReadPicture =
  /** `file`: a temporary file of the source's, the caller's to remove. */
  | {
      ok: true;
      file: string;
      type: ImageType;
      sha256: string;
      label: string;
      /** The address it was fetched from (none for a file from the ZIP). */
      fetchedFrom?: string;
    }
  | { ok: false; refused: string };

const WEB_ADDRESS = /^https?:\/\//i;
const OTHER_ADDRESS = /^[a-z][a-z0-9+.-]*:\/\//i;

/** "HTML", or "a PDF file": what a file that is no picture is. */
function whatItIs(found: string | null) {
  if (!found) return "";
  if (found === "HTML") return " (it is HTML)";
  return ` (it is ${/^[AEFHILMNORSX]/.test(found) ? "an" : "a"} ${found} file)`;
}

/** A seconds figure for the fetch's time limit. */
function durationInWords(ms: number) {
  const seconds = ms / 1000;
  return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
}

async function fetchPicture(url: string, source: PictureSource): Promise<ReadPicture> {
  const label = `The picture at ${url}`;
  const file = await source.newFile();
  const fetched = await fetchToFile(url, file, {
    maxBytes: PICTURE_MAX_BYTES,
    timeoutMs: source.fetchTimeoutMs,
    maxRedirects: PICTURE_FETCH_MAX_REDIRECTS,
    allowPrivate: getEnv().IMPORT_FETCH_ALLOW_PRIVATE,
    accept: IMAGE_TYPES,
  });
  if (fetched.ok && isImageType(fetched.type))
    return { ok: true, file, type: fetched.type, sha256: fetched.sha256, label, fetchedFrom: url };
  await fs.promises.rm(file, { force: true });
  if (fetched.ok) return { ok: false, refused: `${label} is not a picture.` };
  const couldNot = `${label} could not be fetched:`;
  switch (fetched.reason) {
    case "status":
      return { ok: false, refused: `${couldNot} the server answered ${fetched.status}.` };
    case "private_address":
      return { ok: false, refused: `${label} points to a private network address.` };
    case "too_large":
      return { ok: false, refused: `${label} is larger than ${SIZE_IN_WORDS}.` };
    case "wrong_type":
      return { ok: false, refused: `${label} is not a picture${whatItIs(fetched.found)}.` };
    case "timeout":
      return {
        ok: false,
        refused: `${couldNot} it took longer than ${durationInWords(source.fetchTimeoutMs)}.`,
      };
    case "too_many_redirects":
      return {
        ok: false,
        refused: `${couldNot} it redirects more than ${PICTURE_FETCH_MAX_REDIRECTS} times.`,
      };
    case "not_http":
      return fetched.url === url
        ? { ok: false, refused: `${label} could not be fetched: it is not a valid web address.` }
        : { ok: false, refused: `${couldNot} it redirects to an address that is not http or https.` };
    case "unreachable":
      return { ok: false, refused: `${couldNot} the server could not be reached.` };
  }
}

function zipRefusal(label: string, problem: ZipError["problem"]) {
  switch (problem) {
    case "too_large":
      return `${label} is larger than ${SIZE_IN_WORDS}.`;
    case "encrypted":
      return `${label} is protected by a password in the ZIP of pictures.`;
    case "unsupported":
      return `${label} is compressed in a way that cannot be read; zip it again with the usual settings.`;
    default:
      return `${label} could not be read from the ZIP of pictures: the archive is damaged.`;
  }
}

async function unzipPicture(ref: string, zip: ZipPictures, source: PictureSource): Promise<ReadPicture> {
  const label = `The picture "${ref}"`;
  const found = zip.find(ref);
  if ("refused" in found) return { ok: false, refused: found.refused };
  const file = await source.newFile();
  try {
    const stream = await zip.read(found.entry, { maxBytes: PICTURE_MAX_BYTES });
    const written = await writeCheckedFile(stream, file, {
      maxBytes: PICTURE_MAX_BYTES,
      accept: IMAGE_TYPES,
    });
    if (written.ok && isImageType(written.type))
      return { ok: true, file, type: written.type, sha256: written.sha256, label };
    await fs.promises.rm(file, { force: true });
    if (written.ok) return { ok: false, refused: `${label} is not a picture.` };
    return written.problem === "too_large"
      ? { ok: false, refused: zipRefusal(label, "too_large") }
      : { ok: false, refused: `${label} is not a picture${whatItIs(written.found)}.` };
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    if (error instanceof ZipError) return { ok: false, refused: zipRefusal(label, error.problem) };
    throw error;
  }
}

/**
 * What the dry run can tell of a picture cell without reading the picture: a file name that is not
 * in the ZIP (or with no ZIP at all), or an address of another kind, refused in words. Null for
 * an http(s) address (its answer is known only when it is fetched) or a file the ZIP has.
 */
export function pictureRefProblem(ref: string, zip: ZipPictures | null): string | null {
  const text = ref.trim();
  if (WEB_ADDRESS.test(text)) return null;
  if (OTHER_ADDRESS.test(text))
    return `The picture "${text}" is neither a file name nor an http or https address.`;
  if (!zip) return `The picture "${text}" names a file, but no ZIP of pictures was uploaded with the sheet.`;
  const found = zip.find(text);
  return "refused" in found ? found.refused : null;
}

/**
 * Reads the picture a cell names (`ref`: a file name in the ZIP, or an http(s) address) into a
 * temporary file of the source's. A picture refused says why, in words; a failure of ours (the
 * disk) is thrown.
 */
export async function readPicture(ref: string, source: PictureSource): Promise<ReadPicture> {
  const text = ref.trim();
  if (WEB_ADDRESS.test(text)) return fetchPicture(text, source);
  const problem = pictureRefProblem(text, source.zip);
  if (problem || !source.zip) return { ok: false, refused: problem ?? "" };
  return unzipPicture(text, source.zip, source);
}
