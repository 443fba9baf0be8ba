// The Content-Disposition of a download named after something a person wrote (a certificate's
// title): quotes, slashes, control characters and line breaks never reach the header; a name
// with non-ASCII letters is sent twice, plain ASCII in `filename` and UTF-8 in `filename*`
// (RFC 6266 with RFC 5987 encoding), so every browser saves a sensible name.

const MAX_NAME_LENGTH = 100;

/** "BRANZ Appraisal #1234 / 2025" → "BRANZ-Appraisal-1234-2025": letters, digits and single dashes. */
function toNameWords(title: string, keep: RegExp) {
  const words = title
    .normalize("NFC")
    .split(/[^\p{L}\p{N}._-]+/u)
    .map((word) => [...word].filter((c) => keep.test(c)).join(""))
    // A word of dots and dashes alone ("..") says nothing.
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  return words
    .join("-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, MAX_NAME_LENGTH)
    .replace(/[-.]+$/, "");
}

function toAscii(text: string) {
  return text.normalize("NFKD").replace(/\p{M}/gu, "");
}

// encodeURIComponent leaves ' ( ) * unescaped; RFC 5987's attr-char does not allow them.
function encodeRfc5987(value: string) {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A download's file name from a title and the stored file's extension ("pdf"), or `fallback`. */
export function downloadFileName(title: string, extension: string, fallback = "download") {
  const ext = extension.replace(/[^a-z0-9]/gi, "").toLowerCase();
  const unicode = toNameWords(title, /[\p{L}\p{N}._-]/u) || fallback;
  const ascii = toNameWords(toAscii(unicode), /[A-Za-z0-9._-]/) || fallback;
  const withExt = (name: string) => (ext ? `${name}.${ext}` : name);
  return { ascii: withExt(ascii), unicode: withExt(unicode) };
}

/** `attachment; filename="…"` (and `filename*=UTF-8''…` when the name is not plain ASCII). */
export function attachmentDisposition(title: string, extension: string, fallback?: string) {
  const { ascii, unicode } = downloadFileName(title, extension, fallback);
  const plain = `attachment; filename="${ascii}"`;
  return unicode === ascii ? plain : `${plain}; filename*=UTF-8''${encodeRfc5987(unicode)}`;
}
