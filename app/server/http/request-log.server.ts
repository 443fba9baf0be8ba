// The access log: one line per request (pino-http), never with a customer's quote link in it.
// The link's token is a bearer secret (whoever has it may accept the quote), so wherever an
// address is logged, /quote/<token> becomes /quote/[redacted-1a2b3c4d]: the first 8 hex
// characters of the token's SHA-256, which is how quote_links.token_hash starts, so a line can
// still be traced to its quote. The same prefix is sent to a proxy in front (X-Quote-Ref), whose
// own log cannot hash (see deploy/nginx/tradecounter.conf); the proxy drops the header.
//
//   app.use(requestLogger());
//   redactQuoteLinks("/quote/Q2x…Zk/pdf?x=1")   // "/quote/[redacted-3f9a01bc]/pdf?x=1"
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { logger } from "../logger.server";

/** The header that carries a quote link's hash prefix to the proxy's log. */
const QUOTE_REF_HEADER = "X-Quote-Ref";

// A path segment after /quote/: the token, whatever it looks like (a mangled one is redacted too).
const QUOTE_LINK = /\/quote\/([^/?#\s"'.]+)/g;

/** The first 8 hex characters of a token's SHA-256, as quote_links.token_hash begins. */
function quoteRef(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex").slice(0, 8);
}

/** An address (or any text) with each quote link's token replaced by its hash prefix. */
export function redactQuoteLinks(text: string): string {
  return text.replace(QUOTE_LINK, (_, token: string) => `/quote/[redacted-${quoteRef(token)}]`);
}

type SerializedRequest = { url?: string; headers?: Record<string, unknown> } & Record<string, unknown>;

function redactRequest(req: SerializedRequest): SerializedRequest {
  const headers = req.headers?.referer
    ? { ...req.headers, referer: redactQuoteLinks(String(req.headers.referer)) }
    : req.headers;
  return { ...req, url: req.url === undefined ? undefined : redactQuoteLinks(req.url), headers };
}

type SerializedResponse = { headers?: Record<string, unknown> } & Record<string, unknown>;

function redactResponse(res: SerializedResponse): SerializedResponse {
  const location = res.headers?.location;
  if (!location) return res;
  return { ...res, headers: { ...res.headers, location: redactQuoteLinks(String(location)) } };
}

/** Requests the access log leaves out: the health check and hashed build files. */
function isQuiet(req: IncomingMessage) {
  return req.url === "/healthz" || req.url?.startsWith("/assets/") === true;
}

/** The proxy's hash prefix of the quote link a request names, if it names one. */
function tagQuoteLink(req: IncomingMessage, res: ServerResponse) {
  const match = /^\/quote\/([^/?#.]+)/.exec(req.url ?? "");
  if (match?.[1]) res.setHeader(QUOTE_REF_HEADER, quoteRef(match[1]));
}

export function requestLogger(): RequestHandler {
  const log = pinoHttp({
    logger,
    autoLogging: { ignore: isQuiet },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    serializers: { req: redactRequest, res: redactResponse },
  });
  return (req, res, next) => {
    tagQuoteLink(req, res);
    log(req, res, next);
  };
}
