// What a file is, from its first bytes: the name and the declared type are never trusted.
//
// A file is one of the types below only when its signature sits at byte 0; anything else
// (an executable renamed .pdf, an SVG, an HTML page named .png) is no type at all. A polyglot,
// here, is a file with a valid signature whose first HEAD_BYTES (64 KB) also hold an HTML tag
// opener (`<html`, `<!doctype html`, `<script`, `<body`, `<iframe`, `<svg`, `<object`, `<embed`):
// bytes meant to be read as a page by a sniffing browser or a lax viewer. It is refused as no
// type, whatever its signature. (PDF readers look for `%PDF` in the first 1 KB, so an HTML page
// with a PDF inside is already refused by the signature having to be at byte 0.)

export type DetectedType = "jpeg" | "png" | "webp" | "gif" | "avif" | "pdf" | "doc" | "docx";

export const HEAD_BYTES = 64 * 1024;

function startsWith(head: Uint8Array, bytes: number[], offset = 0) {
  return bytes.every((b, i) => head[offset + i] === b);
}

function ascii(text: string) {
  return Array.from(text, (c) => c.charCodeAt(0));
}

function includesAscii(head: Uint8Array, text: string) {
  return Buffer.from(head.buffer, head.byteOffset, head.byteLength).includes(text, 0, "latin1");
}

const MARKUP = /<\s*(?:!doctype\s+html|html|script|body|iframe|svg|object|embed)\b/i;

/** Whether the first bytes carry markup a browser would run (see the polyglot note above). */
export function containsMarkup(head: Uint8Array) {
  return MARKUP.test(Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString("latin1"));
}

export function detectFileType(head: Uint8Array): DetectedType | null {
  const type = detectSignature(head);
  return type && !containsMarkup(head.subarray(0, HEAD_BYTES)) ? type : null;
}

function detectSignature(head: Uint8Array): DetectedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "webp";
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return "gif";
  if (startsWith(head, ascii("ftypavif"), 4) || startsWith(head, ascii("ftypavis"), 4)) return "avif";
  if (startsWith(head, ascii("%PDF-"))) return "pdf";
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "doc";
  if (
    startsWith(head, [0x50, 0x4b, 0x03, 0x04]) &&
    includesAscii(head, "[Content_Types].xml") &&
    includesAscii(head, "word/")
  ) {
    return "docx";
  }
  return null;
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
