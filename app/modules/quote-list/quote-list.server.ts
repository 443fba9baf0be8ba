// The visitor's quote list on the server: read from the `tc_quote` cookie on every request and
// resolved to published products (an id the catalogue no longer shows simply drops out), and
// written back as a Set-Cookie header. No table holds it: it belongs to the browser until it is
// sent with an enquiry, when the enquiry's lines keep a snapshot of the names and quantities.
import { and, eq, inArray } from "drizzle-orm";
import { createContext, type RouterContextProvider } from "react-router";
import { QUOTE_LIST_COOKIE } from "~/lib/cookie-names";
import type { StockStatus } from "~/lib/vocabulary";
import { getDb } from "~/server/db/db.server";
import { products } from "~/server/db/schema";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import {
  encodeQuoteList,
  parseQuoteList,
  QUOTE_LIST_MAX_AGE_SECONDS,
  type QuoteEntry,
  readQuoteListValue,
} from "./quote-list-cookie";
import type { QuoteListItem, QuoteListSummary } from "./schema";

/** One line of the list as it goes with an enquiry. */
export type QuoteLine = { productId: string; productName: string; quantity: number };

type RequestContext = Readonly<RouterContextProvider>;

// The layout and the page loaders of one request share one read; an action that emptied the list
// puts the empty list here, since the loaders that follow it still see the old Cookie header.
const quoteListOfRequest = createContext<Promise<QuoteListItem[]> | null>(null);

export type PublishedProduct = {
  id: string;
  name: string;
  imageUrl: string | null;
  stockStatus: StockStatus;
};

/** The published products among the ids, by id (one query, on the primary key). */
export async function getPublishedProducts(ids: readonly string[]): Promise<Map<string, PublishedProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb()
    .select({
      id: products.id,
      name: products.name,
      imageUrl: products.imageUrl,
      stockStatus: products.stockStatus,
    })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.isPublished, true)));
  return new Map(rows.map((row) => [row.id, { ...row, stockStatus: row.stockStatus as StockStatus }]));
}

/** The entries whose product is published, in list order, with the product's current name. */
export function toQuoteListItems(
  entries: readonly QuoteEntry[],
  published: Map<string, PublishedProduct>,
): QuoteListItem[] {
  return entries.flatMap((entry) => {
    const product = published.get(entry.productId);
    if (!product) return [];
    return [
      {
        productId: product.id,
        productName: product.name,
        quantity: entry.quantity,
        imageUrl: product.imageUrl,
        stockStatus: product.stockStatus,
      },
    ];
  });
}

async function resolveQuoteList(entries: readonly QuoteEntry[]) {
  const published = await getPublishedProducts(entries.map((entry) => entry.productId));
  return toQuoteListItems(entries, published);
}

/** The entries of the request's cookie, unresolved. */
export function readQuoteEntries(request: Request): QuoteEntry[] {
  return parseQuoteList(readQuoteListValue(request.headers.get("cookie")));
}

/** The visitor's list, resolved to published products (shared by the loaders of one request). */
export function getQuoteListItems(request: Request, context?: RequestContext): Promise<QuoteListItem[]> {
  const known = context?.get(quoteListOfRequest);
  if (known) return known;
  const pending = resolveQuoteList(readQuoteEntries(request));
  context?.set(quoteListOfRequest, pending);
  return pending;
}

/** The list for a page: never the reason the page fails to render (it shows empty instead). */
export async function getQuoteListForPage(
  request: Request,
  context?: RequestContext,
): Promise<QuoteListItem[]> {
  try {
    return await getQuoteListItems(request, context);
  } catch (error) {
    logger.error({ err: error }, "Failed to read the quote list");
    return [];
  }
}

/** For the header on every public page. */
export async function getQuoteListSummary(
  request: Request,
  context?: RequestContext,
): Promise<QuoteListSummary> {
  const items = await getQuoteListForPage(request, context);
  return {
    count: items.length,
    quantities: Object.fromEntries(items.map((item) => [item.productId, item.quantity])),
  };
}

/** The lines of a list (its cookie's entries), resolved to published products, as they go with an enquiry. */
export async function resolveQuoteLines(entries: readonly QuoteEntry[]): Promise<QuoteLine[]> {
  const items = await resolveQuoteList(entries);
  return items.map(({ productId, productName, quantity }) => ({ productId, productName, quantity }));
}

function cookieAttributes(maxAge: number) {
  const env = getEnv();
  // Not HttpOnly: the page's script compares it to spot a change made in another tab.
  const secure = env.NODE_ENV === "production" && env.PUBLIC_URL?.startsWith("https://");
  return `Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value that stores the entries (an empty list deletes the cookie). */
export function quoteListCookie(entries: readonly QuoteEntry[]): string {
  if (entries.length === 0) return clearQuoteListCookie();
  return `${QUOTE_LIST_COOKIE}=${encodeQuoteList(entries)}; ${cookieAttributes(QUOTE_LIST_MAX_AGE_SECONDS)}`;
}

/** Set-Cookie value that empties the list (sent after a successful enquiry). */
export function clearQuoteListCookie(): string {
  return `${QUOTE_LIST_COOKIE}=; ${cookieAttributes(0)}`;
}

/**
 * Empties the visitor's list once it went with an enquiry: the loaders of this request (which
 * still see the old Cookie header) read the empty list, so a page posted without JavaScript shows
 * it at once; the answer is the Set-Cookie value that empties it in the browser.
 */
export function emptyQuoteList(context: RequestContext): string {
  context.set(quoteListOfRequest, Promise.resolve([]));
  return clearQuoteListCookie();
}
