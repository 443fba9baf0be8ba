// The names of the app's own cookies that make a page personal: the page cache never serves a
// stored page to a browser that sends one.

/** The visitor's quote list (product ids and quantities). */
export const QUOTE_LIST_COOKIE = "tc_quote";
/** A message to show once on the next page (a flash toast). */
export const TOAST_COOKIE = "tc_toast";
