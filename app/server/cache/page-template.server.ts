// A stored page is a template cut at the two values a page must never repeat, the CSP nonce and
// the enquiry form token, filled with fresh ones on every hit: plain, or gzipped without
// compressing the page again. Its ETag says what the page says, whatever nonce it is served with.
import crypto from "node:crypto";
import zlib from "node:zlib";
import { type GapCrc, gapCrc } from "./crc32.server";

type Slot = "nonce" | "formToken";
/**
 * `segments` with a `slots` value between each two; `gzip` holds each segment compressed on
 * its own and its CRC (see renderGzip), made at the first hit: most one-off URLs (a search) are never asked
 * for again, and their miss is compressed by the compression middleware, off the main thread.
 */
export type PageTemplate = { segments: Buffer[]; slots: Slot[]; gzip?: GzipParts };

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * Cuts a rendered page at every occurrence of its nonce and of the form tokens issued while it
 * was rendered (known values, never guessed from the text's shape).
 */
export function makeTemplate(
  body: string,
  volatile: { nonce: string | undefined; formTokens: readonly string[] },
): PageTemplate {
  const values = new Map<string, Slot>();
  for (const token of volatile.formTokens) if (token) values.set(token, "formToken");
  if (volatile.nonce) values.set(volatile.nonce, "nonce");
  const segments: Buffer[] = [];
  const slots: Slot[] = [];
  if (values.size === 0) return { segments: [Buffer.from(body, "utf8")], slots };
  // Longest first, so that no value is cut at a shorter one it contains.
  const alternatives = [...values.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(alternatives.join("|"), "g");
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    segments.push(Buffer.from(body.slice(last, match.index), "utf8"));
    slots.push(values.get(match[0]) as Slot);
    last = match.index + match[0].length;
  }
  segments.push(Buffer.from(body.slice(last), "utf8"));
  return { segments, slots };
}

/** What a gzipped hit is made of, computed at the page's first hit (see renderGzip). */
export type GzipParts = {
  /** Each segment deflated on its own, every one but the last ending on a byte boundary. */
  deflated: Buffer[];
  /** The page's CRC-32 from the values alone, for the values' lengths at hand. */
  crc?: GapCrc<Slot>;
};

function deflateSegments(segments: Buffer[]) {
  return segments.map((segment, i) =>
    zlib.deflateRawSync(segment, {
      // Every segment but the last ends on a byte boundary without closing the stream.
      finishFlush: i < segments.length - 1 ? zlib.constants.Z_SYNC_FLUSH : zlib.constants.Z_FINISH,
    }),
  );
}

export function renderTemplate(template: PageTemplate, values: Record<Slot, string>) {
  const parts: Buffer[] = [];
  template.segments.forEach((segment, i) => {
    parts.push(segment);
    const slot = template.slots[i];
    if (slot) parts.push(Buffer.from(values[slot], "utf8"));
  });
  return Buffer.concat(parts);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A non-final stored (uncompressed) deflate block: fits between two byte-aligned segments. */
function storedBlock(value: Buffer) {
  const length = value.byteLength;
  const header = Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
  return [header, value] as const;
}

/**
 * The page gzipped without compressing it again: the segments were deflated once, each on its
 * own and ending on a byte boundary, so the fresh nonce and token go between them as stored
 * blocks. The CRC of the whole comes from the values alone (gapCrc, made once per page): a hit
 * reads none of the page's bytes. Compressing 100 KB of HTML on every hit would cost more than
 * everything else the hit does, and so did its CRC, a third of a hit when it read the whole page.
 */
export function renderGzip(template: PageTemplate, values: Record<Slot, string>) {
  const nonce = Buffer.from(values.nonce, "utf8");
  const formToken = Buffer.from(values.formToken, "utf8");
  const blocks = { nonce: storedBlock(nonce), formToken: storedBlock(formToken) };
  template.gzip ??= { deflated: deflateSegments(template.segments) };
  const gzip = template.gzip;
  let crc = gzip.crc?.crcOf({ nonce, formToken }) ?? null;
  if (crc === null) {
    gzip.crc = gapCrc(template.segments, template.slots, {
      nonce: nonce.byteLength,
      formToken: formToken.byteLength,
    });
    crc = gzip.crc.crcOf({ nonce, formToken }) as number;
  }
  const parts: Buffer[] = [GZIP_HEADER];
  let size = 0;
  template.segments.forEach((segment, i) => {
    parts.push(gzip.deflated[i] as Buffer);
    size += segment.byteLength;
    const slot = template.slots[i];
    if (!slot) return;
    const [header, value] = blocks[slot];
    parts.push(header, value);
    size += value.byteLength;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/**
 * A weak ETag of what the page says, whatever nonce it is served with; none for a page with a
 * form token, which is good for one enquiry: a 304 would have the browser send a spent token.
 */
export function etagOf(template: PageTemplate) {
  if (template.slots.includes("formToken")) return null;
  const hash = crypto.createHash("sha1");
  template.segments.forEach((segment, i) => {
    hash.update(segment);
    if (template.slots[i]) hash.update(`\0${template.slots[i]}\0`);
  });
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** If-None-Match by the weak comparison (RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}
