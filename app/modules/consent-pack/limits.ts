// The consent pack form's limits, in a file of their own without zod: the quote list's form reads
// them in the browser, where every public page's first load would otherwise carry the schema.
export const JOB_NAME_MAX = 120;
export const SITE_ADDRESS_MAX = 200;
