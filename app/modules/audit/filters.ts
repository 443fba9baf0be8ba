// The audit screen's filters, read from the URL so that every view of the log is a link (and the
// CSV export of that view is the same link with .csv). Bad values are dropped, never an error.
import { z } from "zod";
import { isIsoDate } from "~/lib/nz-date";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "~/lib/vocabulary";

/** A day (YYYY-MM-DD) as every form reads one (lib/nz-date); anything else is no filter. */
const dateField = z
  .string()
  .refine(isIsoDate)
  .catch("")
  .optional()
  .transform((value) => value || "");

/** An id from the URL; anything unusable (a control character, which no id has) is no filter. */
const idField = z
  .string()
  .trim()
  .max(100)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value))
  .catch("")
  .optional()
  .transform((value) => value || "");

const filtersSchema = z.object({
  actor: idField,
  entity: z.enum(AUDIT_ENTITIES).optional().catch(undefined),
  entityId: idField,
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  /** First day shown (New Zealand calendar date, YYYY-MM-DD), inclusive. */
  from: dateField,
  /** Last day shown, inclusive. */
  to: dateField,
});

export type AuditFilters = z.output<typeof filtersSchema>;

export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  return filtersSchema.parse({
    actor: params.get("actor") ?? undefined,
    entity: params.get("entity") || undefined,
    entityId: params.get("entityId") ?? undefined,
    action: params.get("action") || undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  });
}

/** Words for the entity and action codes, for the filters and the table. */
export const AUDIT_ENTITY_LABELS: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  product: "Product",
  brand: "Brand",
  category: "Category",
  case_study: "Case study",
  certification: "Certification",
  home_content: "Home content",
  contact_content: "Contact content",
  contact_subject: "Enquiry subject",
  enquiry: "Enquiry",
  setting: "Setting",
  user: "User",
  session: "Sign-in",
  mail: "Mail",
  quote: "Quote",
  building_info: "Building information",
  catalog_import: "Catalogue import",
  catalog_import_profile: "Import column profile",
  search_log: "Search log",
  consent_pack_download: "Consent pack download",
  job: "Customer job",
};

export const AUDIT_ACTION_LABELS: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  create: "Create",
  update: "Update",
  delete: "Delete",
  publish: "Publish",
  unpublish: "Unpublish",
  role: "Role change",
  activate: "Activate",
  deactivate: "Deactivate",
  password_reset: "Password reset",
  export: "Export",
  download: "Download",
  retry: "Retry",
  sign_in: "Sign-in",
  sign_in_failed: "Failed sign-in",
  sign_out: "Sign-out",
  send: "Send",
  withdraw: "Withdraw",
  import: "Import",
  undo: "Undo",
};
