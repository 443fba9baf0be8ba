// A rendered-page cache for anonymous visitors: public pages (and their `.data` twins used by
// client navigation) are rendered once, kept in memory and served again until content changes.
// Two values in a page must never be served twice: the CSP nonce and the enquiry form token.
// A stored page is therefore a template cut at those values, filled with fresh ones on every hit.
// See docs/decisions/009-page-cache.md. This module is the HTTP side: a hit answered (before
// Express when it can be), a miss captured and stored. Which requests qualify is
// page-requests.server.ts, the template page-template.server.ts, the store page-store.server.ts,
// and emptying it on a content change invalidation.server.ts; callers import each from its own file.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import {
  ANONYMOUS_CACHE_CONTROL,
  bypassReason,
  cacheKeyFor,
  isPrivateArea,
  plainAcceptsGzip,
  STAFF_CACHE_CONTROL,
  storedKeyFor,
} from "./page-requests.server";
import type { CachedPage, PageCache } from "./page-store.server";
import { etagOf, makeTemplate, matchesEtag, renderGzip, renderTemplate } from "./page-template.server";

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

type PageCacheHooks = {
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
  /**
   * Told of each GET answered from the cache (its URL as asked for), for what a page's loader
   * would have counted had it run (the catalogue's search log). Must not throw or wait.
   */
  onHit?(url: string): void;
};

function tellHit(hooks: PageCacheHooks, method: string | undefined, url: string) {
  if (method !== "GET" || !hooks.onHit) return;
  try {
    hooks.onHit(url);
  } catch {
    // Counting never fails a page.
  }
}

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
    tellHit(hooks, req.method, req.url);
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
        tellHit(hooks, method, url);
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
