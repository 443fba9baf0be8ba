// The Content-Type a stored file is served with, from its extension (which the upload code sets
// from the file's bytes, never from the visitor's file name). No type a browser would run as a
// page or a script is listed: an unknown extension (an old .svg or .html, say) is an octet stream.
const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** Types a browser may show in the page itself; anything else is served as a download. */
const INLINE = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/avif",
  "image/gif",
  "application/pdf",
]);

export function contentTypeFor(name: string) {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return TYPES[ext] ?? "application/octet-stream";
}

export function isInlineType(contentType: string) {
  return INLINE.has(contentType);
}
