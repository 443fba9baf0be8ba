// The production server's app: Express 5 around the React Router request handler. Vite bundles
// this file with the whole app into build/server/index.js; server.js starts it.
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { startImportSweeper } from "~/modules/catalog-import/sweeper.server";
import { startImportWorker, stopImportWorker } from "~/modules/catalog-import/worker.server";
import { startCertificateSweeper } from "~/modules/certifications/reminders.server";
import { startConsentPackSweeper } from "~/modules/consent-pack/sweep.server";
import { startRetentionSweeper } from "~/modules/enquiries/retention.server";
import { startQuoteSweeper } from "~/modules/quotes/lifecycle.server";
import { backfillProductSearch } from "~/modules/search/commands.server";
import { countCachedPage } from "~/modules/search/search-log.server";
import { ensureFirstAdmin } from "~/modules/users/first-admin.server";
import { cacheablePaths } from "~/server/cache/cacheable-routes.server";
import { enableContentMemo } from "~/server/cache/content-memo.server";
import {
  announceContentChange,
  getPageCache,
  startPageCacheInvalidation,
  stopPageCacheInvalidation,
} from "~/server/cache/invalidation.server";
import { pageCacheMiddleware } from "~/server/cache/page-cache.server";
import { closeDatabase } from "~/server/db/db.server";
import { runInTurn } from "~/server/db/exclusive-runs.server";
import { getEnv, workerCount } from "~/server/env.server";
import { createRequestHandler, refuseUnservedMethods } from "~/server/http/request-handler.server";
import { requestLogger } from "~/server/http/request-log.server";
import { startImageBackfill } from "~/server/images/backfill.server";
import { logger } from "~/server/logger.server";
import { startMailWorker, stopMailWorker } from "~/server/mail/outbox.server";
import { closeMailTransport } from "~/server/mail/transport.server";
import { boot as bootDatabase } from "~/server/runtime/boot.server";
import { startHousekeeping } from "~/server/runtime/housekeeping.server";
import { startServingMark } from "~/server/runtime/serving-mark.server";
import { collectFormTokens, issueFormToken } from "~/server/security/form-token.server";
import { createSecurityHeaders } from "~/server/security/headers.server";
import { createOriginCheck } from "~/server/security/origin-check.server";
import { clientIpContext, cspNonceContext, receivedAtContext } from "~/server/security/request-context";
import { getStorage } from "~/server/storage/storage.server";

export { logger, workerCount };

let stopHousekeeping: (() => Promise<void>) | undefined;
let stopImageBackfill: (() => Promise<void>) | undefined;
let stopServingMark: (() => Promise<void>) | undefined;

export async function boot() {
  const result = await bootDatabase(ensureFirstAdmin);
  // Products without a search row (the demo just seeded, a catalogue from before the index, rows a
  // script wrote) get one before the first search; processes starting together take turns.
  const indexed = await runInTurn("product-search-backfill", backfillProductSearch);
  if (indexed > 0) logger.info({ products: indexed }, "search index filled");
  stopServingMark = await startServingMark(getStorage(), getEnv().PORT);
  if (getEnv().MAIL_WORKER) startMailWorker();
  startImportWorker();
  stopHousekeeping = startHousekeeping([
    startRetentionSweeper,
    startQuoteSweeper,
    startCertificateSweeper,
    startImportSweeper,
    startConsentPackSweeper,
  ]);
  startPageCacheInvalidation();
  if (getEnv().IMAGE_BACKFILL)
    stopImageBackfill = startImageBackfill({ onProcessed: () => void announceContentChange() });
  return result;
}

export async function shutdown() {
  // Background work in flight writes to the database: it finishes before the database closes.
  await stopHousekeeping?.();
  await stopImageBackfill?.();
  await stopImportWorker();
  await stopMailWorker();
  await closeMailTransport();
  await stopPageCacheInvalidation();
  await stopServingMark?.();
  await closeDatabase();
}

/** A built file's path (hashed assets, favicon, social card): an extension, `.data` aside. */
function isFilePath(pathname: string) {
  return /\.[A-Za-z0-9]+$/.test(pathname) && !pathname.endsWith(".data");
}

/**
 * What is rendered per request is compressed with brotli at quality 3 and a 512 KB window: about
 * half the CPU of the library's default (quality 4, 4 MB window) on a catalogue page, for a body
 * 4% larger. At qualities 2 and 3 the default window costs more than the compression itself (its
 * tables are sized by it, for every response, and several at once miss the CPU's caches), and a
 * page is far smaller than either window. Built files keep the default: each is one of a few,
 * and a browser keeps it for a year.
 */
function compressResponses(): express.RequestHandler {
  const files = compression();
  const pages = compression({
    brotli: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 19 },
    },
  });
  return (req, res, next) => (isFilePath(req.path) ? files : pages)(req, res, next);
}

/** Built files (hashed assets, favicon, social card). */
function serveBuiltFiles(clientDir: string): express.RequestHandler {
  const assetsDir = path.join(clientDir, "assets") + path.sep;
  const files = express.static(clientDir, {
    index: false,
    maxAge: "1h",
    // Hashed file names: a new build makes new names, so these never need asking about again.
    setHeaders(res, file) {
      if (file.startsWith(assetsDir)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    },
  });
  return (req, res, next) => {
    if (isFilePath(req.path)) return files(req, res, next);
    next();
  };
}

/**
 * `clientDir`: the build's client folder, served in production (Vite serves it in development).
 * `build`: the React Router server build, when not the bundled one (tests pass their own).
 */
export function createApp(
  options: { clientDir?: string; build?: () => ServerBuild | Promise<ServerBuild> } = {},
) {
  const env = getEnv();
  const production = env.NODE_ENV === "production";
  const app = express();
  app.disable("x-powered-by");
  // One proxy hop: req.ip is the address the proxy saw, which a client cannot forge with its own
  // X-Forwarded-For (it would be to the left of the proxy's entry).
  if (env.TRUST_PROXY) app.set("trust proxy", 1);

  const security = createSecurityHeaders({
    csp: production,
    hsts: production && env.PUBLIC_URL?.startsWith("https://") === true,
    allowIndexing: env.ALLOW_INDEXING,
  });
  app.use(security.middleware);
  // TRACE and friends: a 405 or a 501, never a 500 from deep inside.
  app.use(refuseUnservedMethods);
  // Before anything reads a body: a post from another site is refused unread.
  app.use(createOriginCheck({ publicUrl: env.PUBLIC_URL }));

  // Not in development, where Vite's scripts carry no nonce. A hit is answered right here, with
  // the security headers above and nothing below (no compression: it is stored gzipped; no access
  // log line: X-Cache says what a proxy's log needs).
  const serverBuild = production && !options.build ? import("virtual:react-router/server-build") : undefined;
  const loadBuild = options.build ?? (() => serverBuild ?? import("virtual:react-router/server-build"));
  // Which pages may be cached is declared by their routes (their handle), read from the build
  // once it is loaded; until then nothing is cached.
  let isCacheable: (pathname: string) => boolean = () => false;
  const pageCache =
    production && env.PAGE_CACHE
      ? pageCacheMiddleware(getPageCache(), {
          issueFormToken: () => issueFormToken(),
          collectFormTokens,
          isCacheable: (pathname) => isCacheable(pathname),
          securityHeaders: security.apply,
          // A catalogue search or a result opened, served without its loader, still counts.
          onHit: countCachedPage,
        })
      : undefined;
  if (pageCache) {
    void Promise.resolve(loadBuild()).then(
      (build) => {
        isCacheable = cacheablePaths(build.routes);
      },
      (error: unknown) => logger.error({ err: error }, "page cache: the route table could not be read"),
    );
    app.use(pageCache.serveHits);
  }
  // Shared reads are kept between content changes with or without the page cache: a signed-in
  // visitor's page, or every page with PAGE_CACHE=false, is rendered each time but need not read
  // the contact details or the filter lists again. The page cache's generation empties both.
  if (production && env.CONTENT_MEMO)
    enableContentMemo(getPageCache(), env.PAGE_CACHE_MAX_AGE_SECONDS * 1000);

  app.use(compressResponses());
  if (options.clientDir) app.use(serveBuiltFiles(options.clientDir));
  // One line per request, quote links' tokens redacted (http/request-log).
  app.use(requestLogger());
  // A miss is rendered below and stored on its way out, before compression.
  if (pageCache) app.use(pageCache.storeMisses);

  app.all(
    "/{*splat}",
    // Counts each request body against its route's limit (http/body-limit) as it arrives.
    createRequestHandler({
      // In production the build is loaded once; in development Vite reloads it on change.
      build: loadBuild,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(cspNonceContext, res.locals.cspNonce as string);
        context.set(clientIpContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
        context.set(receivedAtContext, new Date());
        return context;
      },
    }),
  );
  // server.js hands each request to serveFromCache first: a plain hit is answered there, before
  // Express, with the same headers (see serveEarly in page-cache.server.ts).
  return Object.assign(app, {
    serveFromCache: pageCache?.serveEarly ?? ((): boolean => false),
  });
}
