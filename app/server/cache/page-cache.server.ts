// A rendered-page cache for anonymous visitors: public pages (and their `.data` twins used by
// client navigation) are rendered once, kept in memory and served again until content changes.
// Two values in a page must never be served twice: the CSP nonce and the enquiry form token.
// A stored page is therefore a template cut at those values, filled with fresh ones on every hit.
// See docs/decisions/009-page-cache.md.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { QUOTE_LIST_COOKIE, TOAST_COOKIE } from "~/lib/cookie-names";
import { type GapCrc, gapCrc } from "./crc32.server";

/** The flash-toast cookie of app/server/toast.server.ts: a page that shows a toast is personal. */
/** Longer URLs are not worth a slot (and would let one client fill the cache faster). */
const MAX_KEY_LENGTH = 2048;
/** Paths whose answers are for one signed-in person: never stored by anyone. */
const PRIVATE_AREA = /^\/(admin|auth)(\/|\.|$)/;
/** Headers that are made afresh for every response, never replayed from a stored page. */
const PER_RESPONSE_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "etag",
  "cache-control",
  "x-cache",
  "vary",
  "set-cookie",
]);

export const ANONYMOUS_CACHE_CONTROL = "private, no-cache";
export const STAFF_CACHE_CONTROL = "private, no-store";

type Slot = "nonce" | "formToken";
/**
 * `segments` with a `slots` value between each two; `gzip` holds each segment compressed on
 * its own and its CRC (see renderGzip), made at the first hit: most one-off URLs (a search) are never asked
 * for again, and their miss is compressed by the compression middleware, off the main thread.
 */
export type PageTemplate = { segments: Buffer[]; slots: Slot[]; gzip?: GzipParts };
export type CachedPage = {
  template: PageTemplate;
  /** Null for a page with a form: each view needs a fresh single-use form token, never a 304. */
  etag: string | null;
  headers: [string, string][];
  storedAt: number;
  bytes: number;
};
export type PageCacheOptions = { maxBytes: number; maxAgeMs: number; now?: () => number };
export type PageCache = ReturnType<typeof createPageCache>;

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
function storedKeyFor(url: string): string | null {
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

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * Cuts a rendered page at every occurrence of its nonce and of the form tokens issued while it
 * was rendered (known values, never guessed from the text's shape).
 */
export function makeTemplate(
  body: string,
  volatile: { nonce: string | undefined; formTokens: readonly string[] },
): PageTemplate {
  const values = new Map<string, Slot>();
  for (const token of volatile.formTokens) if (token) values.set(token, "formToken");
  if (volatile.nonce) values.set(volatile.nonce, "nonce");
  const segments: Buffer[] = [];
  const slots: Slot[] = [];
  if (values.size === 0) return { segments: [Buffer.from(body, "utf8")], slots };
  // Longest first, so that no value is cut at a shorter one it contains.
  const alternatives = [...values.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(alternatives.join("|"), "g");
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    segments.push(Buffer.from(body.slice(last, match.index), "utf8"));
    slots.push(values.get(match[0]) as Slot);
    last = match.index + match[0].length;
  }
  segments.push(Buffer.from(body.slice(last), "utf8"));
  return { segments, slots };
}

/** What a gzipped hit is made of, computed at the page's first hit (see renderGzip). */
export type GzipParts = {
  /** Each segment deflated on its own, every one but the last ending on a byte boundary. */
  deflated: Buffer[];
  /** The page's CRC-32 from the values alone, for the values' lengths at hand. */
  crc?: GapCrc<Slot>;
};

function deflateSegments(segments: Buffer[]) {
  return segments.map((segment, i) =>
    zlib.deflateRawSync(segment, {
      // Every segment but the last ends on a byte boundary without closing the stream.
      finishFlush: i < segments.length - 1 ? zlib.constants.Z_SYNC_FLUSH : zlib.constants.Z_FINISH,
    }),
  );
}

export function renderTemplate(template: PageTemplate, values: Record<Slot, string>) {
  const parts: Buffer[] = [];
  template.segments.forEach((segment, i) => {
    parts.push(segment);
    const slot = template.slots[i];
    if (slot) parts.push(Buffer.from(values[slot], "utf8"));
  });
  return Buffer.concat(parts);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A non-final stored (uncompressed) deflate block: fits between two byte-aligned segments. */
function storedBlock(value: Buffer) {
  const length = value.byteLength;
  const header = Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
  return [header, value] as const;
}

/**
 * The page gzipped without compressing it again: the segments were deflated once, each on its
 * own and ending on a byte boundary, so the fresh nonce and token go between them as stored
 * blocks. The CRC of the whole comes from the values alone (gapCrc, made once per page): a hit
 * reads none of the page's bytes. Compressing 100 KB of HTML on every hit would cost more than
 * everything else the hit does, and so did its CRC, a third of a hit when it read the whole page.
 */
export function renderGzip(template: PageTemplate, values: Record<Slot, string>) {
  const nonce = Buffer.from(values.nonce, "utf8");
  const formToken = Buffer.from(values.formToken, "utf8");
  const blocks = { nonce: storedBlock(nonce), formToken: storedBlock(formToken) };
  template.gzip ??= { deflated: deflateSegments(template.segments) };
  const gzip = template.gzip;
  let crc = gzip.crc?.crcOf({ nonce, formToken }) ?? null;
  if (crc === null) {
    gzip.crc = gapCrc(template.segments, template.slots, {
      nonce: nonce.byteLength,
      formToken: formToken.byteLength,
    });
    crc = gzip.crc.crcOf({ nonce, formToken }) as number;
  }
  const parts: Buffer[] = [GZIP_HEADER];
  let size = 0;
  template.segments.forEach((segment, i) => {
    parts.push(gzip.deflated[i] as Buffer);
    size += segment.byteLength;
    const slot = template.slots[i];
    if (!slot) return;
    const [header, value] = blocks[slot];
    parts.push(header, value);
    size += value.byteLength;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/**
 * A weak ETag of what the page says, whatever nonce it is served with; none for a page with a
 * form token, which is good for one enquiry: a 304 would have the browser send a spent token.
 */
export function etagOf(template: PageTemplate) {
  if (template.slots.includes("formToken")) return null;
  const hash = crypto.createHash("sha1");
  template.segments.forEach((segment, i) => {
    hash.update(segment);
    if (template.slots[i]) hash.update(`\0${template.slots[i]}\0`);
  });
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** If-None-Match by the weak comparison (RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/**
 * The store: LRU by bytes, a max age as a safety net, and a generation that a content change
 * bumps. A render that began in an older generation is not stored: it may have read the data
 * from before the change.
 */
export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let generation = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  return {
    get generation() {
      return generation;
    },
    get size() {
      return { entries: entries.size, bytes };
    },
    /** Forget every page: content changed. */
    invalidate() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },
    get(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt > options.maxAgeMs) {
        remove(key);
        return undefined;
      }
      // Most recently used goes last; eviction takes from the front.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    /** Stores a page rendered in `renderedInGeneration`; false when it was not kept. */
    set(key: string, page: Omit<CachedPage, "storedAt" | "bytes">, renderedInGeneration: number) {
      if (renderedInGeneration !== generation) return false;
      const size =
        key.length +
        // Twice the page: its gzipped copy, made at the first hit, is never larger than the page.
        2 * page.template.segments.reduce((sum, segment) => sum + segment.byteLength, 0) +
        page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
      // One page may not push out most of the others.
      if (size > options.maxBytes / 4) return false;
      remove(key);
      entries.set(key, { ...page, storedAt: now(), bytes: size });
      bytes += size;
      for (const [oldest] of entries) {
        if (bytes <= options.maxBytes) break;
        remove(oldest);
      }
      return true;
    },
  };
}

export type PageCacheHooks = {
  /** A fresh enquiry form token for each page served from the cache. */
  issueFormToken(): string;
  /** Runs `render`, adding to `issued` every form token issued for it (as it runs, and after). */
  collectFormTokens(issued: string[], render: () => void): void;
  /** Whether the route answering this path allows the page cache (its handle). */
  isCacheable(pathname: string): boolean;
  /**
   * Sets the security headers on a response and returns its CSP nonce: what the app's first
   * middleware does, for serveEarly, which answers before the app runs.
   */
  securityHeaders?(res: ServerResponse): string;
};

function isStorableType(contentType: unknown) {
  const type = String(contentType ?? "");
  // HTML documents and React Router's turbo-stream `.data` answers.
  return type.startsWith("text/html") || type.startsWith("text/x-script");
}

/** Where serveHits tells storeMisses that this response is a cacheable miss. */
const MISS_KEY = "pageCacheMiss";

/**
 * The cache as two Express middlewares. `serveHits` goes first, right after the security headers
 * (a hit needs nothing else: no compression, no access log line); `storeMisses` goes after the
 * compression middleware, so that what it captures is the page as rendered, not as compressed.
 */
export function pageCacheMiddleware(
  cache: PageCache,
  hooks: PageCacheHooks,
): {
  serveHits: RequestHandler;
  storeMisses: RequestHandler;
  serveEarly(req: IncomingMessage, res: ServerResponse): boolean;
} {
  /**
   * A hit in its plainest form answered from node:http's own request, before Express: a GET or
   * HEAD of a stored page, no cookie that makes it personal, and an Accept-Encoding without
   * weights. Anything else returns false, and the app (serveHits first) takes the request.
   * Express's routing of a request cost as much as the rest of a hit.
   */
  function serveEarly(req: IncomingMessage, res: ServerResponse) {
    if (!hooks.securityHeaders || (req.method !== "GET" && req.method !== "HEAD") || !req.url) return false;
    const gzip = plainAcceptsGzip(req.headers["accept-encoding"]);
    if (gzip === null || bypassReason(req.headers.cookie)) return false;
    const key = storedKeyFor(req.url);
    const hit = key ? cache.get(key) : undefined;
    if (!hit) return false;
    const nonce = hooks.securityHeaders(res);
    sendHit(req, res, hit, { nonce, formToken: hooks.issueFormToken }, gzip);
    return true;
  }

  const serveHits: RequestHandler = (req, res, next) => {
    const method = req.method;
    const url = req.originalUrl;

    if (method !== "GET" && method !== "HEAD") {
      if (isPrivateArea(url)) res.setHeader("Cache-Control", STAFF_CACHE_CONTROL);
      return next();
    }

    // The common case first: no cookie that makes the page personal, and the page is stored.
    const storedKey = storedKeyFor(url);
    if (storedKey && !bypassReason(req.headers.cookie)) {
      const hit = cache.get(storedKey);
      if (hit) {
        const nonce = String(res.locals.cspNonce ?? "");
        const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
        return sendHit(req, res, hit, { nonce, formToken: hooks.issueFormToken }, gzip);
      }
    }

    const key = cacheKeyFor(url, hooks.isCacheable);
    if (!key) {
      if (isPrivateArea(url)) {
        res.setHeader("Cache-Control", STAFF_CACHE_CONTROL);
        res.setHeader("X-Cache", "BYPASS");
      }
      return next();
    }
    const bypass = bypassReason(req.headers.cookie);
    if (bypass) {
      res.setHeader("Cache-Control", bypass === "session" ? STAFF_CACHE_CONTROL : ANONYMOUS_CACHE_CONTROL);
      res.setHeader("X-Cache", "BYPASS");
      return next();
    }

    res.locals[MISS_KEY] = key;
    next();
  };

  const storeMisses: RequestHandler = (req, res, next) => {
    const key = res.locals[MISS_KEY];
    if (typeof key !== "string") return next();
    // The tokens the render issues are collected as it runs: the page is cut at exactly those.
    const formTokens: string[] = [];
    captureAndStore(req, res, key, cache, formTokens);
    hooks.collectFormTokens(formTokens, () => next());
  };
  return { serveHits, storeMisses, serveEarly };
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

/** A page from the cache, as plain node:http calls, with the fresh values spliced in. */
function sendHit(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  fresh: { nonce: string; formToken: () => string },
  gzip: boolean,
) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  if (page.etag) res.setHeader("ETag", page.etag);
  res.setHeader("Cache-Control", ANONYMOUS_CACHE_CONTROL);
  res.setHeader("X-Cache", "HIT");
  if (page.etag && matchesEtag(req.headers["if-none-match"], page.etag)) return sendNotModified(res);
  const values = { nonce: fresh.nonce, formToken: fresh.formToken() };
  // Nothing before a hit sets Vary: the security headers never do.
  res.setHeader("Vary", "Accept-Encoding");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  const body = gzip ? renderGzip(page.template, values) : renderTemplate(page.template, values);
  res.statusCode = 200;
  res.setHeader("Content-Length", body.byteLength);
  res.end(req.method === "HEAD" ? undefined : body);
}

// The browser keeps the body it has, with the nonce it had: a 304 must not carry this response's
// CSP (a new nonce), or the browser would pair the old body with the new policy and block scripts.
function sendNotModified(res: ServerResponse) {
  res.removeHeader("Content-Security-Policy");
  res.removeHeader("Content-Type");
  res.statusCode = 304;
  res.end();
}

type WriteArgs = [chunk?: unknown, encoding?: unknown, callback?: unknown];

function toBuffer(chunk: unknown, encoding: unknown) {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return Buffer.from(chunk as Uint8Array);
}

/**
 * A miss: the response body is held back (React has rendered the whole page before the first
 * byte anyway), stored when it is a plain public page, then sent with its ETag.
 */
function captureAndStore(
  req: Request,
  res: Response,
  key: string,
  cache: PageCache,
  formTokens: readonly string[],
) {
  const generation = cache.generation;
  const headersBefore = new Set(res.getHeaderNames());
  const chunks: Buffer[] = [];
  const write = res.write;
  const end = res.end;

  res.write = ((...[chunk, encoding, callback]: WriteArgs) => {
    const buffer = toBuffer(chunk, encoding);
    if (buffer) chunks.push(buffer);
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") process.nextTick(done as () => void);
    return true;
  }) as Response["write"];

  res.end = ((...[chunk, encoding, callback]: WriteArgs) => {
    const buffer = toBuffer(chunk, encoding);
    if (buffer) chunks.push(buffer);
    res.write = write;
    res.end = end;
    const body = Buffer.concat(chunks);
    res.setHeader("X-Cache", "MISS");
    if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", ANONYMOUS_CACHE_CONTROL);
    const storable =
      req.method === "GET" &&
      res.statusCode === 200 &&
      !res.hasHeader("Set-Cookie") &&
      isStorableType(res.getHeader("Content-Type"));
    if (storable) {
      const template = makeTemplate(body.toString("utf8"), {
        nonce: res.locals.cspNonce as string | undefined,
        formTokens,
      });
      const etag = etagOf(template);
      const headers = res
        .getHeaderNames()
        .filter((name) => !headersBefore.has(name) && !PER_RESPONSE_HEADERS.has(name))
        .map((name): [string, string] => [name, String(res.getHeader(name))]);
      cache.set(key, { template, etag, headers }, generation);
      if (etag) res.setHeader("ETag", etag);
      if (etag && matchesEtag(req.headers["if-none-match"], etag)) {
        sendNotModified(res);
        return res;
      }
    }
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") res.once("finish", done as () => void);
    return (end as (chunk: Buffer) => Response).call(res, body);
  }) as Response["end"];
}

/** After a staff member's post to the back office is answered without error, content changed. */
