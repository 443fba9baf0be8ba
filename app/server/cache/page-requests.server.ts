// Which requests the page cache may answer, and under which key: a public page's path and query
// (parameters in a stable order), never the back office or sign-in, never for a visitor whose
// cookies make the page personal.
import { QUOTE_LIST_COOKIE, TOAST_COOKIE } from "~/lib/cookie-names";

/** Longer URLs are not worth a slot (and would let one client fill the cache faster). */
const MAX_KEY_LENGTH = 2048;
/** Paths whose answers are for one signed-in person: never stored by anyone. */
const PRIVATE_AREA = /^\/(admin|auth|account)(\/|\.|$)/;
export const ANONYMOUS_CACHE_CONTROL = "private, no-cache";
export const STAFF_CACHE_CONTROL = "private, no-store";

/**
 * The cache key of a request URL: path and query with the parameters in a stable order, or null
 * when the route answering the path does not allow the cache (`isCacheable`, from the routes'
 * handles: see cacheable-routes.server.ts).
 */
export function cacheKeyFor(url: string, isCacheable: (pathname: string) => boolean): string | null {
  const key = storedKeyFor(url);
  return key && isCacheable(key.split("?")[0] as string) ? key : null;
}

/**
 * The key a page for this URL would be stored under, without asking the route table: a hit
 * needs no route matching (a page is only ever stored under a key cacheKeyFor allowed, and the
 * route table does not change while the server runs), so only a miss pays for it.
 */
export function storedKeyFor(url: string): string | null {
  if (url.length > MAX_KEY_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, "http://cache.invalid");
  } catch {
    return null;
  }
  if (!parsed.search) return parsed.pathname;
  // A stable sort by name keeps the order of repeated names, which getAll() callers see.
  const params = [...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}

export function isPrivateArea(url: string) {
  return PRIVATE_AREA.test(url.split("?")[0] ?? "");
}

function cookieNames(header: string | undefined) {
  if (!header) return [];
  return header.split(";").map((pair) => pair.split("=")[0]?.trim() ?? "");
}

/**
 * Why this request must get a page of its own: "session" (signed in, better-auth's cookies,
 * `__Secure-` prefixed or not), "personal" (quote list or toast shown in the page), else null.
 */
export function bypassReason(cookieHeader: string | undefined): "session" | "personal" | null {
  const names = cookieNames(cookieHeader);
  if (names.some((name) => name.includes("better-auth"))) return "session";
  if (names.some((name) => name === QUOTE_LIST_COOKIE || name === TOAST_COOKIE)) return "personal";
  return null;
}

/**
 * Whether an Accept-Encoding without weights or wildcards takes gzip (no header: identity only,
 * as Express's negotiation has it), or null for any other header, left to Express's negotiation.
 */
export function plainAcceptsGzip(header: string | undefined): boolean | null {
  if (header === undefined) return false;
  if (header.includes(";") || header.includes("*")) return null;
  return header.split(",").some((coding) => coding.trim().toLowerCase() === "gzip");
}
