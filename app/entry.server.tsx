import { EventEmitter } from "node:events";
import { STATUS_CODES } from "node:http";
import type { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isDatabaseUnavailable, noteDatabaseError } from "~/server/db/client.server";
import { leanDocument } from "~/server/http/lean-document.server";
import { redactQuoteLinks } from "~/server/http/request-log.server";
import { logger } from "~/server/logger.server";
import { cspNonceContext } from "~/server/security/request-context";

export const streamTimeout = 5_000;

/** Every answer carries its status text ("403 Forbidden"), which React Router leaves empty. */
function statusTextOf(status: number) {
  return STATUS_CODES[status] ?? "";
}

/** A refused data request (a 403 or 404 for a client-side navigation) says so in words too. */
export function handleDataRequest(response: Response) {
  if (response.status < 400 || response.statusText || !statusTextOf(response.status)) return response;
  return new Response(response.body, {
    status: response.status,
    statusText: statusTextOf(response.status),
    headers: response.headers,
  });
}

/**
 * A loader or action that failed because PostgreSQL is unreachable is an outage, not a bug: the
 * root middleware answers 503 for it, and one line is logged instead of a stack per request.
 * Anything else is reported as React Router does by default.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    noteDatabaseError(error);
    logger.warn(
      { url: redactQuoteLinks(request.url), reason: String((error as Error).cause ?? error) },
      "database unavailable",
    );
    return;
  }
  console.error(isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      statusText: statusTextOf(responseStatusCode),
      headers: responseHeaders,
    });
  }
  const nonce = loadContext.get(cspNonceContext) || undefined;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // Wait for all content: every page's content is in the first HTML, for people and crawlers.
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Every Suspense boundary is written in its place. By default React moves a boundary that
        // comes after the first 12.8 KB into a hidden element that an inline script reveals: the
        // home page's sections that hydrate on their own would then be invisible without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The page is sent in one piece: everything is rendered by now, and a document that
          // arrives in pieces can be painted half-way (the header without its buttons), which
          // moves the rest when the next piece lands.
          const page = collectPage((error, body) => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            if (error) return reject(error);
            resolve(
              new Response(leanDocument(body ?? ""), {
                headers: responseHeaders,
                status: responseStatusCode,
                statusText: statusTextOf(responseStatusCode),
              }),
            );
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * A destination for React's pipe that keeps what it is given and hands it over whole when React
 * ends it (or the error it was destroyed with). Once everything is ready React writes the page in
 * one go, so a stream (a PassThrough, its events and buffering per 4 KB piece) would be work for
 * nothing. React writes strings, and views it does not touch again.
 */
function collectPage(done: (error: unknown, body?: string) => void): Writable {
  const chunks: Buffer[] = [];
  let finished = false;
  const destination = Object.assign(new EventEmitter(), {
    write(chunk: Uint8Array | string) {
      chunks.push(
        typeof chunk === "string"
          ? Buffer.from(chunk)
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength),
      );
      return true;
    },
    end() {
      if (finished) return;
      finished = true;
      done(null, Buffer.concat(chunks).toString("utf8"));
    },
    destroy(error?: unknown) {
      if (finished) return;
      finished = true;
      done(error ?? new Error("The page's render was abandoned"));
    },
  });
  return destination as unknown as Writable;
}
