// What a file is, from its first bytes: the name and the declared type are never trusted. The
// signatures are read by the file-type package; the rules on top of it are ours.
//
// A file is one of the types below only when its signature sits at byte 0; anything else
// (an executable renamed .pdf, an SVG, an HTML page named .png) is no type at all. A polyglot,
// here, is a file with a valid signature that anywhere in it holds an HTML tag opener (`<html`,
// `<!doctype html`, `<script`, `<body`, `<iframe`, `<svg`, `<object`, `<embed`): bytes meant to
// be read as a page by a sniffing browser or a lax viewer. The type is told from the first
// HEAD_BYTES; the markup is looked for in every byte, as the file streams past (scanFileContent),
// and a polyglot is refused as no type, whatever its signature. (PDF readers look for `%PDF` in
// the first 1 KB, so an HTML page with a PDF inside is already refused by the signature having to
// be at byte 0.)
//
// A PDF is also refused when it carries actions a reader runs by itself: JavaScript (`/JavaScript`,
// `/JS`, which an `/OpenAction` would name to run on opening), additional actions on pages and
// fields (`/AA`) and `/Launch`. PDF names may spell a letter as `#xx`, so names are read with
// those undone. Streams compressed inside the file (object streams) are not opened.

import { fileTypeFromBuffer } from "file-type";

export type DetectedType = "jpeg" | "png" | "webp" | "gif" | "avif" | "pdf" | "doc" | "docx";

export const HEAD_BYTES = 64 * 1024;

function startsWith(head: Uint8Array, bytes: number[], offset = 0) {
  return bytes.every((b, i) => head[offset + i] === b);
}

function ascii(text: string) {
  return Array.from(text, (c) => c.charCodeAt(0));
}

const MARKUP = /<\s*(?:!doctype\s+html|html|script|body|iframe|svg|object|embed)\b/i;

/** Whether the first bytes carry markup a browser would run (see the polyglot note above). */
function containsMarkup(head: Uint8Array) {
  return MARKUP.test(Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString("latin1"));
}

/** What a scan of the whole file found that refuses it, whatever its first bytes said. */
type ContentProblem =
  /** An HTML tag opener somewhere in the file: a polyglot. */
  | "markup"
  /** A PDF with JavaScript or actions run on their own. */
  | "pdf_actions";

// Past the head, where a type is already told, an opener must be followed by what ends a tag
// name: compressed bytes (a photo, a PDF's streams) then hold one by chance about once in 20 GB.
const MARKUP_TAG = /<(?:!doctype\s+html|html|script|body|iframe|svg|object|embed)[\s>/]/i;
const PDF_ACTION = /\/(?:JavaScript|JS|AA|Launch)[\s/<>[\]()%]/;
const PDF_STREAM_START = /stream(?:\r\n|\n|\r)/g;
/** Bytes kept to be read again with the next chunk, so a marker split between two is found. */
const OVERLAP = 256;

function undoNameEscapes(text: string) {
  return text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/**
 * Reads a file chunk by chunk as it streams to storage: `push` each chunk, then `problem` says
 * what, if anything, refuses it. Only a few bytes are kept from one chunk to the next. A PDF's
 * actions are looked for in its objects, not inside its streams (page contents, images, fonts),
 * where such bytes mean nothing to a reader.
 */
export function scanFileContent(type: DetectedType | null) {
  let tail = "";
  let pdfCarry = "";
  let inStream = false;
  let problem: ContentProblem | null = null;

  function scanPdf(text: string) {
    let pos = 0;
    while (pos < text.length) {
      if (inStream) {
        const end = text.indexOf("endstream", pos);
        if (end < 0) {
          pdfCarry = text.slice(Math.max(pos, text.length - "endstream".length));
          return;
        }
        inStream = false;
        pos = end + "endstream".length;
        continue;
      }
      PDF_STREAM_START.lastIndex = pos;
      const start = PDF_STREAM_START.exec(text);
      const objects = text.slice(pos, start ? start.index : text.length);
      if (PDF_ACTION.test(undoNameEscapes(objects))) {
        problem = "pdf_actions";
        return;
      }
      if (!start) {
        pdfCarry = text.slice(Math.max(pos, text.length - OVERLAP));
        return;
      }
      inStream = true;
      pos = start.index + start[0].length;
    }
    pdfCarry = "";
  }

  return {
    push(chunk: Uint8Array) {
      if (problem) return;
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
      const text = tail + bytes;
      if (MARKUP_TAG.test(text)) {
        problem = "markup";
        return;
      }
      tail = text.slice(-OVERLAP);
      if (type === "pdf") scanPdf(pdfCarry + bytes);
    },
    get problem() {
      return problem;
    },
  };
}

/** The types we keep, by file-type's name for them (an OLE2 compound file is a Word 97 .doc). */
const KEPT: Record<string, DetectedType> = {
  jpg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "avif",
  pdf: "pdf",
  cfb: "doc",
  docx: "docx",
};

/** The file's type from its first bytes (file-type reads the signatures), or null. */
export async function detectFileType(head: Uint8Array): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(head.subarray(0, HEAD_BYTES));
  const type = found ? (KEPT[found.ext] ?? null) : null;
  // A signature that is not at byte 0 (file-type also finds some further in) is no type here.
  if (type === "jpeg" && !startsWith(head, [0xff, 0xd8, 0xff])) return null;
  if (type === "pdf" && !startsWith(head, ascii("%PDF-"))) return null;
  return type && !containsMarkup(head.subarray(0, HEAD_BYTES)) ? type : null;
}

export const EXTENSION_FOR: Record<DetectedType, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "avif",
  pdf: "pdf",
  doc: "doc",
  docx: "docx",
};

export type ImageType = Extract<DetectedType, "jpeg" | "png" | "webp" | "gif" | "avif">;

export const IMAGE_TYPES: readonly DetectedType[] = ["jpeg", "png", "webp", "gif", "avif"];

export function isImageType(type: DetectedType | null): type is ImageType {
  return type !== null && IMAGE_TYPES.includes(type);
}
