// A consent pack for a list of products, drawn once for what goes in and then served from
// storage. Its name is the hash of everything it prints (the products and their sheets, every
// certificate covering them with its standing, dates and file, the job's words, the trader's
// details, the New Zealand date and the builder's "needed until" date): the same products with
// the same documents on the same day give the same file without drawing it again, and any change
// to a sheet or a certificate gives a new name, so a new drawing. "Valid as at" on the cover is
// when that file was drawn: nothing it depends on has changed since, and a new day is a new file.
//
//   const pack = await getConsentPack({ productIds, job, neededUntil: null, publishedOnly: true });
//   if (pack) return new Response(pack.body, …)
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { nzToday } from "~/lib/nz-date";
import { publicBaseUrl } from "~/server/env.server";
import { getStorage, StorageError } from "~/server/storage/storage.server";
import { getQuoteSettings } from "../quotes/settings.server";
import { keepConsentPack } from "./commands.server";
import { type DrawnPack, drawConsentPack } from "./draw.server";
import { readCertificateFile } from "./files.server";
import { drawInTurn, unlessAborted } from "./gate.server";
import { type PackPlan, type ProductPackHistory, planPack } from "./index";
import { loadPackHistory, loadPackRecords, PACK_MAX_PRODUCTS } from "./queries.server";

export type { ProductPackHistory };

/** Changes whenever the drawing changes, so packs drawn by older code are drawn again. */
const DRAWING_VERSION = 2;

export type PackJob = { name: string; siteAddress: string; reference?: string | null };

export type ConsentPackRequestOf = {
  productIds: readonly string[];
  job: PackJob;
  neededUntil: string | null;
  /** The public may only pack published products; staff pack a quote's products as they are. */
  publishedOnly: boolean;
  now?: Date;
};

export type ServedPack = {
  /** The stored name: the same for the same content. */
  name: string;
  size: number;
  body: Readable;
  /** Whether it was served from storage without drawing. */
  cached: boolean;
  products: number;
  /** The products' histories to keep once the pack is on its way (see keepPackHistory). */
  history: ProductPackHistory[];
};

/**
 * A stored name (13 digits, a dash, 16 hex digits) made from the content hash, so the storage
 * module accepts it as one of its own and the same content always has the same name.
 */
export function packStoredName(hash: string) {
  const digits = (BigInt(`0x${hash.slice(0, 16)}`) % 10n ** 13n).toString().padStart(13, "0");
  return `${digits}-${hash.slice(16, 32)}.pdf`;
}

function absoluteFor(base: string) {
  return (url: string) => (url.startsWith("/") ? `${base}${url}` : url);
}

/** What a pack for this request prints, read once; null when none of its products is packable. */
async function packInputs(request: ConsentPackRequestOf) {
  const now = request.now ?? new Date();
  const today = nzToday(now);
  const [records, settings, lastPacks] = await Promise.all([
    loadPackRecords(request.productIds, { publishedOnly: request.publishedOnly }),
    getQuoteSettings(),
    loadPackHistory(request.productIds.slice(0, PACK_MAX_PRODUCTS)),
  ]);
  if (records.products.length === 0) return null;
  const trader = {
    name: settings.traderName || "Trade Counter Ltd",
    gstNumber: settings.gstNumber,
    nzbn: settings.nzbn,
  };
  const base = publicBaseUrl();
  const plan = planPack({
    ...records,
    today,
    neededUntil: request.neededUntil,
    history: lastPacks,
  });
  const history = plan.entries.flatMap((entry) =>
    entry.history ? [{ productId: entry.product.id, history: entry.history }] : [],
  );
  const hash = crypto
    .createHash("sha256")
    .update(
      JSON.stringify({
        version: DRAWING_VERSION,
        today,
        neededUntil: request.neededUntil,
        job: request.job,
        trader,
        base,
        records,
        // What each product lost since its last pack is printed, so it is part of the content
        // (as arrays: a loss read back from jsonb has its keys in another order).
        lost: plan.entries.map((entry) => entry.lost && [entry.lost.since, ...entry.lost.names]),
      }),
    )
    .digest("hex");
  return { now, today, records, plan, history, trader, base, name: packStoredName(hash) };
}

type PackInputs = NonNullable<Awaited<ReturnType<typeof packInputs>>>;

type DrawnFile = { plan: PackPlan; drawn: DrawnPack };

/**
 * Draws the pack (inside a turn) into a file of its own in the temporary folder, hands it to
 * `use`, and removes the file afterwards, whatever happened; stops when `signal` aborts.
 */
async function drawPack<T>(
  request: ConsentPackRequestOf,
  inputs: PackInputs,
  signal: AbortSignal,
  use: (pack: DrawnFile) => Promise<T>,
): Promise<T> {
  const absolute = absoluteFor(inputs.base);
  const { plan } = inputs;
  const into = path.join(os.tmpdir(), `tc-consent-pack-${crypto.randomBytes(8).toString("hex")}.pdf`);
  try {
    const drawn = await drawConsentPack({
      plan,
      front: {
        job: request.job,
        trader: inputs.trader,
        validAsAt: inputs.now,
        neededUntil: request.neededUntil,
      },
      absolute,
      readCertificate: (certificate) => unlessAborted(readCertificateFile(certificate, absolute), signal),
      signal,
      into,
    });
    signal.throwIfAborted();
    return await use({ plan, drawn });
  } finally {
    await fs.promises.rm(into, { force: true });
  }
}

/**
 * The pack for these products, served as drawn before or drawn now in turn; null when none is
 * packable. Throws PackBusy when the queue is full and PackTimedOut past the time limit.
 */
export async function getConsentPack(request: ConsentPackRequestOf): Promise<ServedPack | null> {
  const inputs = await packInputs(request);
  if (!inputs) return null;
  const { name, records, history } = inputs;
  const storage = getStorage();
  const served = async (cached: boolean): Promise<ServedPack> => {
    const file = await storage.get("consent_packs", name);
    return { name, size: file.size, body: file.stream, cached, products: records.products.length, history };
  };
  const stored = async () => {
    try {
      return await served(true);
    } catch (error) {
      if (!(error instanceof StorageError && error.code === "not_found")) throw error;
      return null;
    }
  };
  const kept = await stored();
  if (kept) return kept;
  // Drawn in turn (at most CONSENT_PACK_CONCURRENCY at once, gate.server.ts); a pack another
  // request drew while this one waited is served as it is.
  return drawInTurn(async (signal) => {
    const meanwhile = await stored();
    if (meanwhile) return meanwhile;
    // A drawing abandoned at the time limit keeps nothing (drawPack throws before `use`).
    await drawPack(request, inputs, signal, ({ drawn }) =>
      keepConsentPack(name, fs.createReadStream(drawn.path)),
    );
    return served(false);
  });
}

/**
 * The pack drawn now, in turn, with its plan and where each document's pages are, handed to
 * `finish` inside the same turn (the ZIP is split from it there). Not kept: the cache holds whole
 * PDFs. Null when none of the products is packable.
 */
export async function withDrawnConsentPack<T>(
  request: ConsentPackRequestOf,
  finish: (
    pack: DrawnFile & {
      today: string;
      absolute: (url: string) => string;
      history: ProductPackHistory[];
    },
    signal: AbortSignal,
  ) => Promise<T>,
): Promise<T | null> {
  const inputs = await packInputs(request);
  if (!inputs) return null;
  return drawInTurn(async (signal) => {
    return drawPack(request, inputs, signal, (drawn) =>
      finish(
        { ...drawn, today: inputs.today, absolute: absoluteFor(inputs.base), history: inputs.history },
        signal,
      ),
    );
  });
}

/** Words for a file name: letters, digits and dashes, at most 60 characters. */
export function fileWords(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/**
 * The file name councils ask technical literature to carry: what it is, the job, the date.
 * Letters, digits and dashes only, so it is safe in a header as it is.
 */
export function consentPackFileName(job: PackJob, today: string, extension: "pdf" | "zip" = "pdf") {
  const named = fileWords(job.name) || fileWords(job.reference ?? "") || "Job";
  return `Technical-literature_Consent-pack_${named}_${today}.${extension}`;
}
