// Requests that change something must come from the site's own pages. SameSite=Lax cookies
// already keep a session off most cross-site posts; this check refuses the rest (a same-site
// sub-domain, an old browser, a top-level form post) before any body is read:
//
// - GET and HEAD pass: they never change anything.
// - Sec-Fetch-Site, when the browser sends it, decides: `same-origin` passes (the browser itself
//   saw our page post to our page, whatever a proxy did to Host), `cross-site` and `same-site`
//   are refused, and `none` (typed, bookmarked) goes on to the Origin check.
// - Origin, when sent, must be this site's: PUBLIC_URL's origin, or the host the request was sent
//   to (with the scheme Express sees, or https when a proxy ended TLS in front of it).
// - With neither header (curl, scripts, very old browsers) a Referer, if any, must be this site's.
//   Such clients carry no victim's cookies, so there is nothing to forge with them.
//
// A refusal is a 403 in plain text; the connection is closed so an unread upload is not drained.
import type { Request, RequestHandler } from "express";
import { logger } from "../logger.server";

export const FORGED_REQUEST_MESSAGE = "Forbidden: this request did not come from this site.";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

type OriginCheckOptions = {
  /** The site's public address (PUBLIC_URL); its origin is always accepted. */
  publicUrl?: string;
};

function originOf(value: string | undefined): string | null {
  if (!value || value === "null") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins this request may come from. */
function ownOrigins(req: Request, publicOrigin: string | null) {
  const origins = new Set<string>();
  if (publicOrigin) origins.add(publicOrigin);
  // req.host follows X-Forwarded-Host only with "trust proxy"; the raw Host header is the address
  // the browser itself used when nothing rewrote it.
  for (const host of [req.host, req.headers.host]) {
    if (!host) continue;
    for (const scheme of new Set([req.protocol, "https"])) {
      const origin = originOf(`${scheme}://${host}`);
      if (origin) origins.add(origin);
    }
  }
  return origins;
}

/** Why the request is refused, or null when it may go on. */
function forgeryReason(req: Request, publicOrigin: string | null): string | null {
  if (SAFE_METHODS.has(req.method)) return null;
  const fetchSite = req.get("sec-fetch-site");
  if (fetchSite === "same-origin") return null;
  if (fetchSite !== undefined && fetchSite !== "none") return `sec-fetch-site ${fetchSite}`;
  const origin = req.get("origin");
  if (origin !== undefined) {
    const parsed = originOf(origin);
    return parsed && ownOrigins(req, publicOrigin).has(parsed) ? null : "foreign origin";
  }
  if (fetchSite !== undefined) return null;
  const referer = req.get("referer");
  if (referer === undefined) return null;
  const parsed = originOf(referer);
  return parsed && ownOrigins(req, publicOrigin).has(parsed) ? null : "foreign referer";
}

export function createOriginCheck(options: OriginCheckOptions = {}): RequestHandler {
  const publicOrigin = originOf(options.publicUrl);
  return (req, res, next) => {
    const reason = forgeryReason(req, publicOrigin);
    if (!reason) return next();
    logger.warn(
      {
        method: req.method,
        path: req.path,
        reason,
        origin: req.get("origin"),
        fetchSite: req.get("sec-fetch-site"),
        referer: req.get("referer"),
      },
      "cross-site request refused",
    );
    res.set("Connection", "close");
    res.set("Cache-Control", "no-store");
    res.status(403).type("text/plain").send(FORGED_REQUEST_MESSAGE);
  };
}
