// Express in front of React Router's request handler, in place of @react-router/express, for
// four things that adapter cannot do:
//
// - Request bodies are counted as they arrive, against the route's limit (http/body-limit): a
//   larger declared Content-Length is answered 413 before anything is read, and a body without
//   one is cut off at the byte that goes over.
// - Every page and form of this site is read with GET or HEAD and sent with POST. Any other
//   method the server knows (PUT, DELETE, TRACE, …) is answered 405, one it has no use for
//   (WebDAV's PROPFIND, …) 501, and OPTIONS 204, each with Allow and no CORS headers (other sites
//   may not call it), where React Router would have failed with a 500.
// - A request whose Host header names no valid host ("[::1", "a b", a port past 65535) is
//   answered 400, where building its address would have failed with a 500.
// - A header the route's response names replaces the one a middleware set before it (the
//   security headers), so a file download sends its own Content-Security-Policy once, not two
//   policies side by side. Set-Cookie is the one header sent as many times as it is given.
import { Transform } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { RouterContextProvider } from "react-router";
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import { logger } from "../logger.server";
import { bodyTooLargeMessage, maxBodyBytes } from "./body-limit.server";

/** Methods a page or a form of this site is ever sent with. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST"]);
/** Methods of HTTP itself that are known, and not allowed here. */
const REFUSED_METHODS = new Set(["PUT", "PATCH", "DELETE", "TRACE", "TRACK", "CONNECT"]);
const ALLOWED_METHODS = "GET, HEAD, POST";

/** A gate for the front of the app: odd methods get a 405 or a 501 before any other work. */
export function refuseUnservedMethods(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (SERVED_METHODS.has(req.method)) return next();
  res.set("Allow", ALLOWED_METHODS);
  if (req.method === "OPTIONS") {
    res.status(204).end();
    return;
  }
  const status = REFUSED_METHODS.has(req.method) ? 405 : 501;
  res.set("Connection", "close");
  res.set("Cache-Control", "no-store");
  res
    .status(status)
    .type("text/plain")
    .send(status === 405 ? "Method Not Allowed" : "Not Implemented");
}

function refuseTooLarge(res: ExpressResponse, maxBytes: number, seen: number | null) {
  if (res.headersSent) return;
  logger.warn({ maxBytes, declared: seen }, "request body over the limit refused");
  // Closing the connection is what stops the rest of the body being read.
  res.set("Connection", "close");
  res.set("Cache-Control", "no-store");
  res.status(413).type("text/plain").send(bodyTooLargeMessage(maxBytes));
}

class BodyTooLargeError extends Error {}

/** The request's body as a web stream that errors at the first byte past `maxBytes`. */
function countedBody(req: ExpressRequest, res: ExpressResponse, maxBytes: number | null) {
  if (maxBytes === null) return createReadableStreamFromReadable(req);
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen <= maxBytes) return callback(null, chunk);
      req.unpipe(counter);
      req.pause();
      refuseTooLarge(res, maxBytes, null);
      callback(new BodyTooLargeError(bodyTooLargeMessage(maxBytes)));
    },
  });
  req.on("error", (error) => counter.destroy(error));
  req.pipe(counter);
  return createReadableStreamFromReadable(counter);
}

/**
 * The address the browser asked for, as @react-router/express makes it: the host it used (or the
 * proxy's, when trusted). Null when the Host (or X-Forwarded-Host) header names no valid host,
 * such as "[::1", "a b" or a port past 65535.
 */
function requestUrl(req: ExpressRequest): URL | null {
  // Of several forwarded hosts, the first, as Express reads it.
  const trusted = req.app?.enabled("trust proxy")
    ? req.get("X-Forwarded-Host")?.split(",")[0]?.trim()
    : undefined;
  for (const given of [req.get("host"), trusted]) {
    if (given !== undefined && !URL.canParse(`http://${given}`)) return null;
  }
  const [, forwardedPort] = trusted?.split(":") ?? [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((value) => Number.parseInt(value ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  try {
    return new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    return null;
  }
}

/** The answer to a request whose Host header names no valid host: 400, nothing else done. */
function refuseBadHost(res: ExpressResponse) {
  res.set("Cache-Control", "no-store");
  res.status(400).type("text/plain").send("Bad Request: the Host header is not a valid host name.");
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL, maxBytes: number | null) {
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = countedBody(req, res, maxBytes);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** Writes a Fetch response: each header replaces any already set, Set-Cookie is added to. */
async function sendFetchResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    if (name === "vary" && res.getHeader("vary")) res.vary(value);
    else res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

type RequestHandlerOptions = {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  mode?: string;
};

/**
 * React Router's handler for the build. Given a function, React Router derives its route table
 * and static handler again on every request (for development's reloads); here that is done once
 * per build object, so a production request pays for it only once and a reload still gets a
 * new one.
 */
function handlerPerBuild(build: RequestHandlerOptions["build"], mode: string | undefined) {
  if (typeof build !== "function") return createReactRouterHandler(build, mode);
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createReactRouterHandler>>();
  return async (request: Request, context?: RouterContextProvider) => {
    const current = await build();
    let handle = handlers.get(current);
    if (!handle) {
      handle = createReactRouterHandler(current, mode);
      handlers.set(current, handle);
    }
    return handle(request, context);
  };
}

export function createRequestHandler(options: RequestHandlerOptions) {
  const handle = handlerPerBuild(options.build, options.mode ?? process.env.NODE_ENV);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const maxBytes = maxBodyBytes(req.path, req.get("content-type"));
    const declared = Number(req.get("content-length") ?? 0);
    if (maxBytes !== null && declared > maxBytes) return refuseTooLarge(res, maxBytes, declared);
    const url = requestUrl(req);
    if (!url) return refuseBadHost(res);
    try {
      const request = toFetchRequest(req, res, url, maxBytes);
      const response = await handle(request, options.getLoadContext(req, res));
      await sendFetchResponse(res, response);
    } catch (error) {
      // The 413 has been answered already; whatever the action made of its cut-off body is moot.
      if (res.headersSent) return;
      next(error);
    }
  };
}
