// The security headers of every response. Helmet decides them (Content-Security-Policy with a
// per-response nonce, HSTS, X-Content-Type-Options, Referrer-Policy, …); it is run once at start
// against a recorder and the resulting list is replayed on each request with a fresh nonce, so a
// page served from the cache pays for a few setHeader calls, not for building a policy.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** Stands for the nonce in the recorded CSP; no real nonce (base64) can contain it. */
const NONCE_MARK = "__csp-nonce__";

export type SecurityHeaderOptions = {
  /** CSP on (production). Vite's dev server injects inline scripts without nonces. */
  csp: boolean;
  /** Strict-Transport-Security: only when the site is served over https. */
  hsts: boolean;
  /** false: X-Robots-Tag noindex on every response (staging), files and PDFs included. */
  allowIndexing: boolean;
};

type Header = [name: string, value: string];

function helmetFor(options: SecurityHeaderOptions) {
  return helmet({
    contentSecurityPolicy: options.csp
      ? {
          useDefaults: true,
          directives: {
            "script-src": ["'self'", `'nonce-${NONCE_MARK}'`],
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
    hsts: options.hsts ? undefined : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

/** The headers helmet sets, recorded from one run against a stand-in response. */
function recordHelmet(options: SecurityHeaderOptions): Header[] {
  const recorded = new Map<string, Header>();
  const response = {
    locals: {},
    setHeader(name: string, value: unknown) {
      recorded.set(name.toLowerCase(), [name, String(value)]);
      return response;
    },
    removeHeader(name: string) {
      recorded.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return recorded.get(name.toLowerCase())?.[1];
    },
  };
  let finished = false;
  helmetFor(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet is synchronous; if a version ever is not, starting must fail rather than serve bare.
  if (!finished) throw new Error("security headers: helmet did not finish synchronously");
  return [...recorded.values()];
}

export function createSecurityHeaders(options: SecurityHeaderOptions) {
  const headers: Header[] = [
    ...recordHelmet(options),
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
  ];
  if (!options.allowIndexing) headers.push(["X-Robots-Tag", "noindex, nofollow"]);
  const fixed = headers.filter(([, value]) => !value.includes(NONCE_MARK));
  const withNonce = headers.filter(([, value]) => value.includes(NONCE_MARK));

  /** Sets the headers on a response with a fresh nonce, and returns the nonce. */
  function apply(res: ServerResponse) {
    const nonce = crypto.randomBytes(16).toString("base64");
    for (const [name, value] of fixed) res.setHeader(name, value);
    for (const [name, value] of withNonce) res.setHeader(name, value.split(NONCE_MARK).join(nonce));
    return nonce;
  }

  /** Middleware: a fresh nonce in res.locals.cspNonce and the headers that name it. */
  const middleware: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = apply(res);
    next();
  };
  return { headers, middleware, apply };
}
