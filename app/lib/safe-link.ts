// The one judge of links and redirect targets that come from outside the code: a sign-in
// `redirectTo` and a quote-list return path (through safeRedirect), a hero or home-content link
// saved by staff, a social link. Browsers forgive a lot in a URL: they drop tabs and line breaks anywhere, read "\" as "/",
// and trim control characters and spaces, so "/\t/evil.example" or "/\\evil.example" is followed
// to another site as if it were "//evil.example". Such characters are refused outright rather
// than cleaned, so what is stored or followed is exactly what was checked.

// C0 controls, DEL, backslash and every kind of whitespace (U+00A0, U+3000, U+2028, …).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\\s]/u;

/**
 * A path on this site: "/" alone, or a single "/" followed by a character that is neither "/"
 * nor "\", with no control character, backslash or whitespace anywhere.
 */
export function isSafeLocalPath(value: unknown): value is string {
  if (typeof value !== "string" || UNSAFE_CHARACTERS.test(value)) return false;
  return value === "/" || /^\/[^/\\]/.test(value);
}

/** An absolute http(s) address, with the same characters refused as in a local path. */
export function isSafeExternalUrl(value: unknown): value is string {
  if (typeof value !== "string" || UNSAFE_CHARACTERS.test(value)) return false;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A link a field may hold: a local path, and an http(s) address only where `external` allows. */
export function isSafeLink(value: unknown, options: { external: boolean }): value is string {
  return isSafeLocalPath(value) || (options.external && isSafeExternalUrl(value));
}
