// One change to the visitor's quote list: add, set a quantity, remove, clear. The server is the
// authority: only published products that are in stock may be added, quantities stay 1–9999 and
// the list at 50 products. A refusal writes nothing; a change also drops the products the
// catalogue no longer shows, so a stale cookie heals itself.

import { bodyTooLargeMessage, QUOTE_LIST_MAX_BYTES } from "~/server/http/body-limit.server";
import { readBody } from "~/server/http/form-body.server";
import type { Toast } from "~/server/toast.server";
import {
  getPublishedProducts,
  quoteListCookie,
  readQuoteEntries,
  toQuoteListItems,
} from "./quote-list.server";
import {
  addToQuoteList,
  type QuoteEntry,
  type QuoteListChange,
  removeFromQuoteList,
  setQuoteQuantity,
} from "./quote-list-cookie";
import {
  QUOTE_LIST_MESSAGES,
  QUOTE_LIST_TOASTS,
  type QuoteListIntent,
  type QuoteListResult,
  quoteListIntentSchema,
} from "./schema";

export type QuoteListOutcome =
  | { ok: true; result: Extract<QuoteListResult, { ok: true }>; setCookie: string; toast: Toast }
  | { ok: false; result: Extract<QuoteListResult, { ok: false }>; toast: Toast };

const FIELDS = ["intent", "productId", "quantity"] as const;

/** A few short fields: anything much larger than that is not one of our forms. */
export const QUOTE_LIST_MAX_BODY_BYTES = QUOTE_LIST_MAX_BYTES;

export type QuoteListBody =
  | { ok: true; formData: FormData }
  | { ok: false; status: 400 | 413 | 415; error: string };

/**
 * The posted form, read by the one form reader with the route's cap (a body without a length is
 * counted as it streams): 415 for what is not a form, 413 past the cap, 400 for the rest.
 */
export async function readQuoteListBody(request: Request): Promise<QuoteListBody> {
  const max = QUOTE_LIST_MAX_BODY_BYTES;
  const body = await readBody(request, {
    limits: { maxFields: 100, maxFieldBytes: max, maxTextBytes: max },
  });
  if (!body.problem && body.cut.size === 0) return { ok: true, formData: body.fields };
  const kind = body.problem?.kind ?? "too_large";
  if (kind === "not_a_form") return { ok: false, status: 415, error: QUOTE_LIST_MESSAGES.unreadable };
  if (kind === "too_large") return { ok: false, status: 413, error: bodyTooLargeMessage(max) };
  return { ok: false, status: 400, error: QUOTE_LIST_MESSAGES.unreadable };
}

function refuse(message: string): QuoteListOutcome {
  return { ok: false, result: { ok: false, error: message }, toast: { type: "error", title: message } };
}

/** The posted fields as text (a file where text belongs counts as missing). */
function readFields(formData: FormData) {
  const fields: Record<string, string> = {};
  for (const name of FIELDS) {
    const value = formData.get(name);
    if (typeof value === "string" && value !== "") fields[name] = value.trim();
  }
  return fields;
}

export async function runQuoteListIntent(request: Request, formData: FormData): Promise<QuoteListOutcome> {
  const parsed = quoteListIntentSchema.safeParse(readFields(formData));
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? QUOTE_LIST_MESSAGES.unreadable);
  const intent: QuoteListIntent = parsed.data;

  const current = readQuoteEntries(request);
  const wanted = "productId" in intent ? [intent.productId] : [];
  const published = await getPublishedProducts([...current.map((entry) => entry.productId), ...wanted]);
  const live = current.filter((entry) => published.has(entry.productId));

  let change: QuoteListChange;
  if (intent.intent === "clear") change = { ok: true, entries: [] };
  else if (intent.intent === "remove")
    change = { ok: true, entries: removeFromQuoteList(live, intent.productId) };
  else {
    const product = published.get(intent.productId);
    if (!product) return refuse(QUOTE_LIST_MESSAGES.unavailable);
    const listed = live.some((entry) => entry.productId === product.id);
    // Out of stock has no Enquire Now either; a product listed before it ran out stays listed.
    if (product.stockStatus === "Out of Stock" && (intent.intent === "add" || !listed)) {
      return refuse(QUOTE_LIST_MESSAGES.outOfStock(product.name));
    }
    change =
      intent.intent === "add"
        ? addToQuoteList(live, product.id, intent.quantity)
        : setQuoteQuantity(live, product.id, intent.quantity);
  }
  if (!change.ok) return refuse(QUOTE_LIST_MESSAGES[change.reason]);

  const entries: QuoteEntry[] = change.entries;
  const items = toQuoteListItems(entries, published);
  const line = "productId" in intent ? items.find((item) => item.productId === intent.productId) : undefined;
  const removed = intent.intent === "remove" ? published.get(intent.productId)?.name : undefined;
  const description = line ? `${line.productName} × ${line.quantity}` : removed;
  return {
    ok: true,
    result: { ok: true, intent: intent.intent, count: items.length, items, ...(line ? { line } : {}) },
    setCookie: quoteListCookie(entries),
    toast: {
      type: "success",
      title: QUOTE_LIST_TOASTS[intent.intent],
      description: description?.slice(0, 500),
    },
  };
}
