// The production server's app: Express 5 around the React Router request handler. Vite bundles
// this file with the whole app into build/server/index.js; server.js starts it.
import crypto from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { RouterContextProvider } from "react-router";
import { issueFormToken, readFormToken } from "~/modules/enquiries/spam.server";
import { boot as bootDatabase } from "~/server/boot.server";
import {
  announceContentChange,
  getPageCache,
  startPageCacheInvalidation,
  stopPageCacheInvalidation,
} from "~/server/cache/invalidation.server";
import { pageCacheMiddleware } from "~/server/cache/page-cache.server";
import { closeDatabase } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { startHousekeeping } from "~/server/housekeeping.server";
import { logger } from "~/server/logger.server";
import { startMailWorker, stopMailWorker } from "~/server/mail/outbox.server";
import { closeMailTransport } from "~/server/mail/transport.server";
import { clientIpContext, cspNonceContext } from "~/server/security/request-context";

export { logger };

let stopHousekeeping: (() => Promise<void>) | undefined;

export async function boot() {
  const result = await bootDatabase();
  if (getEnv().MAIL_WORKER) startMailWorker();
  stopHousekeeping = startHousekeeping();
  startPageCacheInvalidation();
  return result;
}

export async function shutdown() {
  // Background work in flight writes to the database: it finishes before the database closes.
  await stopHousekeeping?.();
  await stopMailWorker();
  await closeMailTransport();
  await stopPageCacheInvalidation();
  await closeDatabase();
}

export function createApp() {
  const env = getEnv();
  const production = env.NODE_ENV === "production";
  const app = express();
  app.disable("x-powered-by");
  // One proxy hop: req.ip is the address the proxy saw, which a client cannot forge with its own
  // X-Forwarded-For (it would be to the left of the proxy's entry).
  if (env.TRUST_PROXY) app.set("trust proxy", 1);

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      // Vite's dev server injects inline scripts without nonces, so CSP is on in production only.
      contentSecurityPolicy: production
        ? {
            useDefaults: true,
            directives: {
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              "style-src": ["'self'", "'unsafe-inline'"],
              "img-src": ["'self'", "data:", "blob:", "https:"],
              "frame-src": ["https://www.google.com", "https://maps.google.com"],
              "frame-ancestors": ["'none'"],
              "object-src": ["'none'"],
              "base-uri": ["'self'"],
              "form-action": ["'self'"],
              "upgrade-insecure-requests": null,
            },
          }
        : false,
      hsts: production && env.PUBLIC_URL?.startsWith("https://") ? undefined : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    next();
  });
  // ALLOW_INDEXING=false (staging): search engines drop every response, files and PDFs included.
  if (!env.ALLOW_INDEXING) {
    app.use((_req, res, next) => {
      res.setHeader("X-Robots-Tag", "noindex, nofollow");
      next();
    });
  }
  app.use(compression());
  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url?.startsWith("/assets/") === true },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    }),
  );

  // Every header set per request (CSP, security headers) must be set above this point: a cache
  // hit is answered here. Not in development, where Vite's scripts carry no nonce.
  if (production && env.PAGE_CACHE) {
    app.use(
      pageCacheMiddleware(getPageCache(), {
        issueFormToken: () => issueFormToken(),
        isFormToken: (candidate) => readFormToken(candidate) !== null,
        onContentChange: () => void announceContentChange(),
      }),
    );
  }

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(cspNonceContext, res.locals.cspNonce as string);
        context.set(clientIpContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
        return context;
      },
    }),
  );
  return app;
}
