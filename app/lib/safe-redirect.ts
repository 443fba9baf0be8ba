// Where the site may send a browser after a form or a sign-in: a page of this site, never another
// site and never one of React Router's data URLs. Every return address taken from a request (a
// `redirectTo` field or search parameter) goes through safeRedirect.
import { isSafeLocalPath } from "./safe-link";

/** Longer return addresses are not ours: the site's own URLs are far shorter. */
const REDIRECT_MAX_LENGTH = 2000;

/**
 * The page a URL of this site shows: React Router's data request for a page
 * (`/admin/catalog.data?page=2&_routes=…`, `/_.data` for the home page) and its `?index` marker on
 * an index route's form are turned back into the address the browser showed.
 */
export function pageAddress(target: string): string {
  const url = new URL(target, "http://site.invalid");
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.slice(0, -"_.data".length);
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A same-site path to send the browser to, or `fallback`. Only a path of printable ASCII is
 * followed (a browser sends its location percent-encoded): "//host" and "/\host" would leave the
 * site, and a control character, a line break, a tab (which browsers drop, turning "/\t/host" into
 * "//host"), a backslash or a character outside ASCII is refused, so no Location header can be
 * broken or bent.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || target.length > REDIRECT_MAX_LENGTH) return fallback;
  if (!/^[\x21-\x7e]*$/.test(target) || !isSafeLocalPath(target)) return fallback;
  const page = pageAddress(target);
  return isSafeLocalPath(page) ? page : fallback;
}
