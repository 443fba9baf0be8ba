// What a file is, from its first bytes: the name and the declared type are never trusted.

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

export function detectFileType(head: Uint8Array): DetectedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "webp";
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return "gif";
  if (startsWith(head, ascii("ftypavif"), 4) || startsWith(head, ascii("ftypavis"), 4)) return "avif";
  if (startsWith(head, ascii("%PDF-"))) {
    // A PDF that also carries HTML is a polyglot meant to run as a page somewhere: refuse it.
    return /<\s*(html|script|body|iframe)\b/i.test(Buffer.from(head).toString("latin1")) ? null : "pdf";
  }
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

export const IMAGE_TYPES: readonly DetectedType[] = ["jpeg", "png", "webp", "gif", "avif"];
