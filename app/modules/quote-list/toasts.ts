// What a visitor is told when their quote list changed. A file of its own, without zod: the
// browser shows these, and every public page's first load would otherwise carry the schemas.
export const QUOTE_LIST_TOASTS = {
  add: "Added to your quote list",
  set: "Quantity updated",
  remove: "Removed from your quote list",
  clear: "Your quote list is now empty",
} as const;
