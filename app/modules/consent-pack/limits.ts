// The consent pack form's limits, in a file of their own without zod: the quote list's form reads
// them in the browser, where every public page's first load would otherwise carry the schema.
export const JOB_NAME_MAX = 120;
export const SITE_ADDRESS_MAX = 200;

/** The most products staff may tick in the catalogue list for one pack. */
export const SELECTION_MAX_PRODUCTS = 200;

/** What staff are told when they ticked more products than one pack holds. */
export function tooManyTickedMessage(ticked: number) {
  const over = ticked - SELECTION_MAX_PRODUCTS;
  return `A consent pack holds at most ${SELECTION_MAX_PRODUCTS} products and ${ticked} are ticked. Untick ${over} ${
    over === 1 ? "product" : "products"
  } to download it.`;
}
