// A consent pack as an HTTP answer: a PDF to save (attachment) under the council-style name,
// streamed from storage, never cached by a browser or proxy (it is one person's job). When it
// cannot be made now (too many packs ahead, the time limit passed, too many downloads from one
// address) the answer is a short readable page with the reason and, where waiting helps,
// Retry-After: the forms are plain GET forms, so this page is what a visitor sees.
import { PassThrough, Readable } from "node:stream";
import { nzToday } from "~/lib/nz-date";
import type { Actor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { rateLimitSubject } from "~/server/security/client-subject.server";
import { hitRateLimit } from "~/server/security/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";
import {
  type ConsentPackRequestOf,
  consentPackFileName,
  getConsentPack,
  type PackJob,
  type ProductPackHistory,
  type ServedPack,
} from "./build.server";
import { type PackDownload, recordConsentPackDownload } from "./commands.server";
import { PackBusy, PackTimedOut } from "./gate.server";
import { type ConsentPackRequest, readConsentPackQuery } from "./schema";
import { getConsentPackZip } from "./zip.server";

export function consentPackResponse(pack: ServedPack, fileName: string) {
  return new Response(Readable.toWeb(pack.body) as ReadableStream, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pack.size),
      // The name is letters, digits, dashes and underscores: safe in the header as it is.
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

/** The ZIP as it is written (its length is not known before), to save under the council name. */
export function consentPackZipResponse(stream: Readable, fileName: string) {
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * `body` as it is, except that its end waits for `recorded`: a download whose audit event or
 * count could not be written is broken off rather than finished unrecorded.
 */
function endingAfter(body: Readable, recorded: Promise<unknown>): Readable {
  const out = new PassThrough();
  const failed = (error: unknown) => {
    logger.error({ err: error }, "a consent pack download could not be recorded");
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  recorded.catch(() => undefined);
  body.on("error", (error) => out.destroy(error));
  out.on("close", () => body.destroy());
  body.pipe(out, { end: false });
  body.once("end", () => recorded.then(() => out.end(), failed));
  return out;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page of its own (no scripts, no styles from elsewhere) saying why there is no pack now. */
export function packRefusalPage(
  status: number,
  title: string,
  message: string,
  retryAfterSeconds: number | null,
  back = "/",
) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Consent pack</title>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(back)}">Go back</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      ...(retryAfterSeconds === null ? {} : { "Retry-After": String(retryAfterSeconds) }),
    },
  });
}

function seconds(count: number) {
  return `${count} ${count === 1 ? "second" : "seconds"}`;
}

/** The pack's answer, or the readable refusal when the queue is full or the time limit passed. */
export async function answerPack(make: () => Promise<Response>, back = "/") {
  try {
    return await make();
  } catch (error) {
    if (error instanceof PackBusy)
      return packRefusalPage(
        429,
        "Busy making consent packs",
        `Busy: ${error.ahead} ${error.ahead === 1 ? "pack" : "packs"} ahead of yours, try again in ${seconds(error.retryAfterSeconds)}.`,
        error.retryAfterSeconds,
        back,
      );
    if (error instanceof PackTimedOut)
      return packRefusalPage(
        503,
        "The consent pack took too long",
        `Making this consent pack took longer than ${seconds(error.seconds)}, so it was stopped. Try again in a minute, or with fewer products.`,
        60,
        back,
      );
    throw error;
  }
}

/**
 * Counts one pack download from the public site (a visitor, or a customer in their account)
 * against the address's hourly limit: the refusal page when over it, else null.
 */
export async function packRateRefusal(clientIp: string, back = "/") {
  const max = getEnv().CONSENT_PACK_RATE_LIMIT_PER_HOUR;
  const result = await hitRateLimit(`consent-pack:${rateLimitSubject(clientIp)}`, [{ seconds: 3600, max }]);
  if (!result.limited) return null;
  return packRefusalPage(
    429,
    "Too many consent packs",
    `You have downloaded ${max} consent packs this hour, the most one address may. Try again in ${seconds(result.retryAfterSeconds)}.`,
    result.retryAfterSeconds,
    back,
  );
}

/**
 * A request for a pack answered in the format asked: the PDF (served from storage when drawn
 * before) or the ZIP; `empty` when none of the products is packable; `downloaded` once the file
 * is on its way (the staff's audit event; every download is counted for the month). Refusals as answerPack.
 */
export async function servePack(options: {
  request: ConsentPackRequestOf;
  format: "pdf" | "zip";
  /** The job as the file name gives it (a quote's number, say). */
  named: PackJob;
  back: string;
  empty: () => Response | Promise<Response>;
  /** Who asked, for the count: the actor of the request and where it came from. */
  actor: Actor;
  source: PackDownload["source"];
  downloaded?: (products: number) => Promise<unknown>;
}) {
  const { request, format, named, back, empty, actor, source } = options;
  const downloaded = async (products: number, history: ProductPackHistory[]) => {
    await options.downloaded?.(products);
    await runCommand(recordConsentPackDownload, actor, { source, products, format, history });
  };
  return answerPack(async () => {
    const today = nzToday(request.now);
    if (format === "zip") {
      const zip = await getConsentPackZip(request);
      if (!zip) return empty();
      await downloaded(zip.products, zip.history);
      return consentPackZipResponse(zip.stream, consentPackFileName(named, today, "zip"));
    }
    const pack = await getConsentPack(request);
    if (!pack) return empty();
    // The file starts on its way while the download is recorded; it ends once that is done.
    const body = endingAfter(pack.body, downloaded(pack.products, pack.history));
    return consentPackResponse({ ...pack, body }, consentPackFileName(named, today));
  }, back);
}

/**
 * The pack of a list on the public site (the quote list, a product's page, a customer's job),
 * asked for by its plain GET form: the form's fields read from the query (a value that is not
 * one sends the person back with the reason), `empty` for a list with nothing on it (not
 * counted), then the address's hourly limit, then the pack of the list's published products,
 * named for the job `job` gives from the form's fields.
 */
export async function servePublicPack(options: {
  request: Request;
  clientIp: string;
  actor: Actor;
  back: string;
  productIds: readonly string[];
  job: (fields: ConsentPackRequest) => PackJob;
  empty: () => Response | Promise<Response>;
}) {
  const { back, empty } = options;
  const query = readConsentPackQuery(new URL(options.request.url));
  if (!query.success)
    return redirectWithToast(back, {
      type: "error",
      title: "The consent pack was not made",
      description: query.error.issues[0]?.message,
    });
  if (options.productIds.length === 0) return empty();
  const refused = await packRateRefusal(options.clientIp, back);
  if (refused) return refused;
  const job = options.job(query.data);
  return servePack({
    request: { productIds: options.productIds, job, neededUntil: query.data.until, publishedOnly: true },
    format: query.data.format,
    named: job,
    back,
    empty,
    actor: options.actor,
    source: "visitor",
  });
}
