// How many bytes a request body may carry, by route, counted as they arrive: a body that
// declares a larger Content-Length is refused before a byte of it is read, and one sent without
// a length (chunked) is cut off at the byte that goes over. Either way the answer is a 413 in
// plain text, the connection is closed so the rest is never read, and the action never runs, so
// nothing is written.
//
// Multipart bodies on the pages that take files (the enquiry forms, the back office's upload
// screens) are the one exception: they are read by the streaming form reader (http/form-body),
// which holds each file in the request's quarantine with its own size cut (10 MB for an enquiry,
// 5 MB for an image) and caps every text field by these same numbers, so their size never reaches
// memory.

const KB = 1024;
const MB = 1024 * KB;

type BodyLimit = {
  /** The most bytes a form-encoded, JSON or any other body may carry. */
  maxBytes: number;
  /** Multipart bodies are left to the streaming parser and its per-file cut. */
  streamsUploads: boolean;
};

/** Sign-in and sign-up: an e-mail, a name and a password fit many times over. */
export const SIGN_IN_MAX_BYTES = 16 * KB;
/** A quote-list change, whichever of the server or the quote-list reader counts first. */
export const QUOTE_LIST_MAX_BYTES = 16 * KB;
/** An ordinary form: an intent and a few fields. */
const FORM_MAX_BYTES = 64 * KB;
/** An enquiry: a 5,000-character message percent-encoded four bytes a character, and the rest. */
const ENQUIRY_MAX_BYTES = 128 * KB;
/** The back office's long texts: product and case-study descriptions, business hours, the map. */
const ADMIN_FORM_MAX_BYTES = 1 * MB;

/** The path a route answers, whether asked for as a page or as its data (`.data`). */
function routePath(pathname: string) {
  if (pathname === "/_root.data") return "/";
  return pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
}

/** The limit for a request to `pathname`. */
export function bodyLimitFor(pathname: string): BodyLimit {
  const path = routePath(pathname);
  if (path === "/auth") return { maxBytes: SIGN_IN_MAX_BYTES, streamsUploads: false };
  // A quote-list change: an intent, a product id and a quantity.
  if (path === "/quote-list") return { maxBytes: QUOTE_LIST_MAX_BYTES, streamsUploads: false };
  if (path === "/" || path === "/contact") return { maxBytes: ENQUIRY_MAX_BYTES, streamsUploads: true };
  if (path === "/admin" || path.startsWith("/admin/")) {
    // These screens read their whole form at once (no file fields), so a multipart body counts too.
    const readsWhole = path === "/admin/users" || path.startsWith("/admin/contact-management/");
    return { maxBytes: ADMIN_FORM_MAX_BYTES, streamsUploads: !readsWhole };
  }
  return { maxBytes: FORM_MAX_BYTES, streamsUploads: false };
}

/** The bytes a body of `contentType` to `pathname` may carry, or null for no cap here. */
export function maxBodyBytes(pathname: string, contentType: string | undefined): number | null {
  const limit = bodyLimitFor(pathname);
  const multipart = (contentType ?? "").toLowerCase().startsWith("multipart/form-data");
  return multipart && limit.streamsUploads ? null : limit.maxBytes;
}

function describe(bytes: number) {
  return bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`;
}

export function bodyTooLargeMessage(maxBytes: number) {
  return `Request too large: this form accepts at most ${describe(maxBytes)}. Nothing was saved.`;
}
