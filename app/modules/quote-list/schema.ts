// What a visitor may ask of their quote list, and the words they see when it cannot be done.
import { z } from "zod";
import { safeRedirect } from "~/lib/safe-redirect";
import type { StockStatus } from "~/lib/vocabulary";
import { QUOTE_LIST_MAX_LINES, QUOTE_LIST_MAX_QUANTITY } from "./quote-list-cookie";

export const QUOTE_LIST_MESSAGES = {
  quantity: `Quantity must be a whole number from 1 to ${QUOTE_LIST_MAX_QUANTITY}.`,
  product: "Choose a product from the catalogue.",
  intent: "That quote list action is not known.",
  unreadable: "The request could not be read. Please try again.",
  unavailable: "That product is no longer in the catalogue, so it can't be added to your quote list.",
  full: `Your quote list is full (${QUOTE_LIST_MAX_LINES} products). Send it with an enquiry or remove a product first.`,
  outOfStock: (name: string) => `${name} is out of stock, so it can't be added to your quote list.`,
} as const;

export { QUOTE_LIST_TOASTS } from "./toasts";

const productId = z.guid({ error: QUOTE_LIST_MESSAGES.product }).transform((id) => id.toLowerCase());
const quantity = z.coerce
  .number({ error: QUOTE_LIST_MESSAGES.quantity })
  .int({ error: QUOTE_LIST_MESSAGES.quantity })
  .min(1, { error: QUOTE_LIST_MESSAGES.quantity })
  .max(QUOTE_LIST_MAX_QUANTITY, { error: QUOTE_LIST_MESSAGES.quantity });

export const quoteListIntentSchema = z.discriminatedUnion(
  "intent",
  [
    // A card's button sends no quantity: one of the product.
    z.object({ intent: z.literal("add"), productId, quantity: quantity.optional().default(1) }),
    z.object({ intent: z.literal("set"), productId, quantity }),
    z.object({ intent: z.literal("remove"), productId }),
    z.object({ intent: z.literal("clear") }),
  ],
  { error: QUOTE_LIST_MESSAGES.intent },
);

export type QuoteListIntent = z.infer<typeof quoteListIntentSchema>;

/** One product of the list as the page shows it and the JSON answers carry it. */
export type QuoteListItem = {
  productId: string;
  productName: string;
  quantity: number;
  imageUrl: string | null;
  stockStatus: StockStatus;
};

/** What every public page's header needs: the count, and each listed product's quantity. */
export type QuoteListSummary = { count: number; quantities: Record<string, number> };

/** What /quote-list answers a fetcher (or a GET) with. */
export type QuoteListResult =
  | {
      ok: true;
      intent: QuoteListIntent["intent"] | null;
      count: number;
      items: QuoteListItem[];
      /** The line the add or set changed. */
      line?: QuoteListItem;
    }
  | { ok: false; error: string };

/** Where a plain form post (no JavaScript) goes back to when its own page is not a safe target. */
export const QUOTE_LIST_FALLBACK_PATH = "/contact";

/**
 * The page a plain form post returns to: a page of this site (see safeRedirect), never "//host"
 * or "/\host", which would leave the site.
 */
export function quoteListReturnPath(target: unknown): string {
  return safeRedirect(target, QUOTE_LIST_FALLBACK_PATH);
}
