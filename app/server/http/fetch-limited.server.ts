// A fetch the server makes on someone else's word (a picture's address in an imported sheet),
// held to limits so it cannot be turned against the server or its network:
// - http and https only;
// - every address the name resolves to is checked (network-address) before a connection, and the
//   connection goes to the address that was checked (the check is the socket's own DNS lookup),
//   so a name cannot answer one address to the check and another to the connection; this
//   machine and private networks are refused unless `allowPrivate`, link-local and cloud
//   metadata addresses always;
// - redirects are followed by hand, each hop checked again, at most `maxRedirects`;
// - one time limit for the whole fetch, redirects included;
// - a size limit: a declared Content-Length over it is refused before the body is read, and a
//   body that passes it while streaming is cut there (the connection closed);
// - the type is told from the bytes (file-type), never from the Content-Type header.
//
//   const fetched = await fetchToFile(url, temp, { maxBytes, timeoutMs: 20_000, maxRedirects: 5,
//     allowPrivate: false, accept: IMAGE_TYPES });
//   if (!fetched.ok) fetched.reason   // "status", "private_address", "too_large", "wrong_type"...
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { writeCheckedFile } from "../storage/checked-file.server";
import type { DetectedType } from "../storage/file-signature";
import { mayConnectTo } from "./network-address";

export type FetchLimits = {
  maxBytes: number;
  /** For the whole fetch, every redirect included. */
  timeoutMs: number;
  maxRedirects: number;
  /** Whether this machine and private networks may be reached (never link-local or metadata). */
  allowPrivate: boolean;
  /** The types the body may be, told from its first bytes. */
  accept: readonly DetectedType[];
};

export type FetchRefusal =
  /** The address (or a redirect's) is not an http or https URL. */
  | { reason: "not_http" }
  /** It resolves to an address the server may not connect to. */
  | { reason: "private_address"; address: string }
  /** No answer: the name does not resolve, the connection was refused or broke. */
  | { reason: "unreachable"; detail: string }
  | { reason: "status"; status: number }
  | { reason: "too_many_redirects" }
  | { reason: "timeout" }
  | { reason: "too_large" }
  /** `found`: what it is instead, in words ("HTML"), when that can be told. */
  | { reason: "wrong_type"; found: string | null };

export type FetchedFile =
  | { ok: true; url: string; type: DetectedType; size: number; sha256: string }
  /** `url`: the address the refusal is about (a redirect's, when it was one). */
  | ({ ok: false; url: string } & FetchRefusal);

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = "TradeCounter/1 (catalogue import)";

class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`${address} may not be connected to`);
  }
}

/** The socket's DNS lookup: every address the name has is checked; the connection uses them. */
function checkedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const refused = addresses.find((entry) => !mayConnectTo(entry.address, { allowPrivate }));
      if (refused) return callback(new RefusedAddressError(refused.address), "", 0);
      const [first] = addresses;
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

function requestOnce(url: URL, lookup: net.LookupFunction, signal: AbortSignal) {
  const client = url.protocol === "https:" ? https : http;
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "GET",
        // A socket of its own: a pooled one could have been opened to another checked address.
        agent: false,
        lookup,
        signal,
        headers: { accept: "image/*", "user-agent": USER_AGENT },
      },
      resolve,
    );
    request.on("error", reject);
    request.end();
  });
}

function isHttp(url: URL) {
  return url.protocol === "http:" || url.protocol === "https:";
}

/**
 * Fetches `address` into the file `to` within `limits`. A refusal says why in `reason` (and `to`
 * is then absent); a failure of the server's own (its disk) is thrown.
 */
export async function fetchToFile(address: string, to: string, limits: FetchLimits): Promise<FetchedFile> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, url: address, reason: "not_http" };
  }
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const lookup = checkedLookup(limits.allowPrivate);

  for (let hop = 0; ; hop += 1) {
    const at = url.href;
    if (!isHttp(url)) return { ok: false, url: at, reason: "not_http" };
    // A literal address is connected to without a lookup: it is checked here instead.
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(literal) && !mayConnectTo(literal, { allowPrivate: limits.allowPrivate }))
      return { ok: false, url: at, reason: "private_address", address: literal };

    let response: http.IncomingMessage;
    try {
      response = await requestOnce(url, lookup, signal);
    } catch (error) {
      if (signal.aborted) return { ok: false, url: at, reason: "timeout" };
      if (error instanceof RefusedAddressError)
        return { ok: false, url: at, reason: "private_address", address: error.address };
      const detail = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      return { ok: false, url: at, reason: "unreachable", detail };
    }

    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.destroy();
      if (hop >= limits.maxRedirects) return { ok: false, url: at, reason: "too_many_redirects" };
      try {
        url = new URL(location, url);
      } catch {
        return { ok: false, url: location, reason: "not_http" };
      }
      continue;
    }
    if (status !== 200) {
      response.destroy();
      return { ok: false, url: at, reason: "status", status };
    }
    const declared = Number(response.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      response.destroy();
      return { ok: false, url: at, reason: "too_large" };
    }

    let broken: Error | null = null;
    response.on("error", (error) => {
      broken = error;
    });
    try {
      const written = await writeCheckedFile(response, to, {
        maxBytes: limits.maxBytes,
        accept: limits.accept,
      });
      if (!written.ok)
        return written.problem === "too_large"
          ? { ok: false, url: at, reason: "too_large" }
          : { ok: false, url: at, reason: "wrong_type", found: written.found };
      return { ok: true, url: at, type: written.type, size: written.size, sha256: written.sha256 };
    } catch (error) {
      if (signal.aborted) return { ok: false, url: at, reason: "timeout" };
      if (broken || response.errored)
        return { ok: false, url: at, reason: "unreachable", detail: (error as Error).message };
      throw error;
    }
  }
}
