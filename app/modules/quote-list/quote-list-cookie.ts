// The quote list as it lives in the visitor's browser: the `tc_quote` cookie, product id to
// quantity, in the order the products were added. The cookie is the one source of truth (no
// account, no JavaScript needed), so this codec is strict on the way in: a value we could not
// have written is ignored, a bad entry is dropped, and nothing in it can make the server fail.
//
// Encoding: each line is the product's UUID as 32 hex digits, ":" and the quantity; lines are
// joined by ".". Fifty lines of at most 9999 stay under 1,900 bytes, well below the 4 KB a
// browser keeps per cookie, and every character is a plain cookie octet (no quoting, no escapes).
//
//   tc_quote=3f2a9c1e0b7d4c55a1e2f3a4b5c6d7e8:40.7b1e…:2

import { QUOTE_LIST_COOKIE } from "~/lib/cookie-names";

export const QUOTE_LIST_MAX_LINES = 50;
export const QUOTE_LIST_MAX_QUANTITY = 9999;
/** 90 days: long enough for a job that is priced over a few weeks. */
export const QUOTE_LIST_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** Longer than any value we write (50 × 37 + 49 separators): such a value was not ours. */
export const QUOTE_LIST_MAX_VALUE_LENGTH = 2048;

export type QuoteEntry = { productId: string; quantity: number };

export type QuoteListChange =
  | { ok: true; entries: QuoteEntry[] }
  | { ok: false; reason: "full" | "quantity" };

const ENTRY = /^([0-9a-f]{32}):([0-9]{1,4})$/i;

function toUuid(hex: string) {
  const h = hex.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function toHex(uuid: string) {
  return uuid.replaceAll("-", "").toLowerCase();
}

export function isQuoteQuantity(value: number) {
  return Number.isInteger(value) && value >= 1 && value <= QUOTE_LIST_MAX_QUANTITY;
}

function capQuantity(value: number) {
  return Math.min(value, QUOTE_LIST_MAX_QUANTITY);
}

/**
 * The entries of a cookie value. Malformed lines are dropped, a product listed twice keeps its
 * first place with the quantities added (capped), and only the first 50 products count.
 */
export function parseQuoteList(value: string | null | undefined): QuoteEntry[] {
  if (!value || value.length > QUOTE_LIST_MAX_VALUE_LENGTH) return [];
  const byId = new Map<string, QuoteEntry>();
  for (const part of value.split(".")) {
    const match = ENTRY.exec(part);
    if (!match?.[1] || !match[2]) continue;
    const quantity = Number(match[2]);
    if (!isQuoteQuantity(quantity)) continue;
    const productId = toUuid(match[1]);
    const known = byId.get(productId);
    if (known) known.quantity = capQuantity(known.quantity + quantity);
    else if (byId.size < QUOTE_LIST_MAX_LINES) byId.set(productId, { productId, quantity });
  }
  return [...byId.values()];
}

/** The cookie value for the entries (the caller keeps them valid: parse output or a change's). */
export function encodeQuoteList(entries: readonly QuoteEntry[]): string {
  return entries
    .slice(0, QUOTE_LIST_MAX_LINES)
    .map((entry) => `${toHex(entry.productId)}:${entry.quantity}`)
    .join(".");
}

/** The raw `tc_quote` value from a Cookie header (or document.cookie), if there is one. */
export function readQuoteListValue(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0 || pair.slice(0, eq).trim() !== QUOTE_LIST_COOKIE) continue;
    return pair.slice(eq + 1).trim();
  }
  return null;
}

/** Adds to a product's quantity (capped at 9999), or appends it while there is room. */
export function addToQuoteList(
  entries: readonly QuoteEntry[],
  productId: string,
  quantity: number,
): QuoteListChange {
  if (!isQuoteQuantity(quantity)) return { ok: false, reason: "quantity" };
  const known = entries.find((entry) => entry.productId === productId);
  if (known) {
    return {
      ok: true,
      entries: entries.map((entry) =>
        entry === known ? { productId, quantity: capQuantity(entry.quantity + quantity) } : entry,
      ),
    };
  }
  if (entries.length >= QUOTE_LIST_MAX_LINES) return { ok: false, reason: "full" };
  return { ok: true, entries: [...entries, { productId, quantity }] };
}

/** Sets a product's quantity, keeping its place (or appending it while there is room). */
export function setQuoteQuantity(
  entries: readonly QuoteEntry[],
  productId: string,
  quantity: number,
): QuoteListChange {
  if (!isQuoteQuantity(quantity)) return { ok: false, reason: "quantity" };
  if (!entries.some((entry) => entry.productId === productId)) {
    if (entries.length >= QUOTE_LIST_MAX_LINES) return { ok: false, reason: "full" };
    return { ok: true, entries: [...entries, { productId, quantity }] };
  }
  return {
    ok: true,
    entries: entries.map((entry) => (entry.productId === productId ? { productId, quantity } : entry)),
  };
}

export function removeFromQuoteList(entries: readonly QuoteEntry[], productId: string): QuoteEntry[] {
  return entries.filter((entry) => entry.productId !== productId);
}
