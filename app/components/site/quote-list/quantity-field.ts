import { QUOTE_LIST_MAX_QUANTITY } from "~/modules/quote-list/quote-list-cookie";

/** A quote list quantity as both forms post it: a whole number from 1 to the list's limit. */
export const QUANTITY_FIELD = {
  type: "number",
  name: "quantity",
  inputMode: "numeric",
  min: 1,
  max: QUOTE_LIST_MAX_QUANTITY,
  step: 1,
} as const;
