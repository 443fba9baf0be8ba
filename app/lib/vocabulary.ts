// The fixed lists of values the data is made of (roles, stock states, category and section types,
// enquiry statuses, sources, spam reasons, history events, mail kinds and states), defined once:
// the database's check constraints, the zod schemas and the screens all read them from here.

export const ROLES = ["admin", "sales", "user"] as const;
export type Role = (typeof ROLES)[number];
/** The roles that open the back office. */
export const STAFF_ROLES = ["admin", "sales"] as const satisfies readonly Role[];
/** A customer's job: still being built, or done (kept, and still copied from). */
export const JOB_STATUSES = ["active", "finished"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const STOCK_STATUSES = ["In Stock", "Low Stock", "Out of Stock"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const CATEGORY_TYPES = ["products", "case_studies", "certifications"] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];
export const SECTION_TYPES = ["hero", "banner", "promotion", "categories", "catalog", "reviews"] as const;
export type SectionType = (typeof SECTION_TYPES)[number];
export const ENQUIRY_STATUSES = ["New", "In Progress", "Quoted", "Won", "Lost", "Spam"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
/** Still being worked on: what the "Open" filter shows. */
export const OPEN_ENQUIRY_STATUSES = [
  "New",
  "In Progress",
  "Quoted",
] as const satisfies readonly EnquiryStatus[];
/** An enquiry in one of these is closed: its attachment falls under the retention setting. */
export const CLOSED_ENQUIRY_STATUSES = ["Won", "Lost", "Spam"] as const satisfies readonly EnquiryStatus[];
export const ENQUIRY_SOURCES = ["contact", "quick"] as const;
export const SPAM_REASONS = ["honeypot", "too_fast", "no_form_token", "rate_limit"] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];
export const ENQUIRY_EVENT_KINDS = ["received", "status", "owner", "note", "attachment_deleted"] as const;
export type EnquiryEventKind = (typeof ENQUIRY_EVENT_KINDS)[number];
export const MAIL_KINDS = [
  "staff_notification",
  "customer_acknowledgement",
  "account_confirmation",
  "sign_in_link",
  "email_change",
  "quote",
  "quote_reminder",
  "quote_answer",
  "certificate_reminder",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * A quote revision's life: drafted, sent (locked from then on), viewed by the customer, then
 * answered (accepted, changes requested, declined) or expired; replaced by a newer revision
 * (superseded) or taken back by staff (withdrawn).
 */
export const QUOTE_STATUSES = [
  "draft",
  "sent",
  "viewed",
  "accepted",
  "changes_requested",
  "declined",
  "expired",
  "superseded",
  "withdrawn",
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** Out with the customer and still open to an answer. */
export const OPEN_QUOTE_STATUSES = ["sent", "viewed"] as const satisfies readonly QuoteStatus[];
/** Why a customer declined. */
export const QUOTE_DECLINE_REASONS = [
  "price",
  "lead_time",
  "bought_elsewhere",
  "project_cancelled",
  "other",
] as const;
export type QuoteDeclineReason = (typeof QUOTE_DECLINE_REASONS)[number];
/** The history of a quote: each change of state, each edit of a draft, the reminder. */
export const QUOTE_EVENT_KINDS = [...QUOTE_STATUSES, "edited", "reminded"] as const;
export type QuoteEventKind = (typeof QUOTE_EVENT_KINDS)[number];

/** What an audit event is about: each is a kind of record staff change, or their sign-ins. */
export const AUDIT_ENTITIES = [
  "product",
  "brand",
  "category",
  "case_study",
  "certification",
  "home_content",
  "contact_content",
  "contact_subject",
  "enquiry",
  "setting",
  "user",
  "session",
  "mail",
  "quote",
  "building_info",
  "catalog_import",
  "catalog_import_profile",
  "search_log",
  "consent_pack_download",
  "job",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
/** What was done. `publish`/`unpublish`, `role`, `activate`/`deactivate` and `password_reset` are the changes worth finding on their own. */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "publish",
  "unpublish",
  "role",
  "activate",
  "deactivate",
  "password_reset",
  "export",
  "download",
  "retry",
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "send",
  "withdraw",
  "import",
  "undo",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

// ---------------------------------------------------------------- building compliance

/** The certification schemes a certificate may belong to (a plain document has none). */
export const CERTIFICATE_SCHEMES = ["codemark", "branz_appraisal", "other"] as const;
export type CertificateScheme = (typeof CERTIFICATE_SCHEMES)[number];
/**
 * What staff set on a certificate. "active" leaves its status to its dates (current, expiring,
 * expired); the others are its status whatever the dates say.
 */
export const CERTIFICATE_STANDINGS = ["active", "suspended", "withdrawn", "draft"] as const;
export type CertificateStanding = (typeof CERTIFICATE_STANDINGS)[number];
/** A certificate's status, computed by the server from its standing and dates; never typed. */
export const CERTIFICATE_STATUSES = [
  "current",
  "expiring",
  "expired",
  "suspended",
  "withdrawn",
  "draft",
] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
/** The reminders a certificate's admins get: days before expiry, and the monthly register check. */
export const CERTIFICATE_REMINDER_KINDS = ["expiry_90", "expiry_30", "expiry_7", "register_check"] as const;
export type CertificateReminderKind = (typeof CERTIFICATE_REMINDER_KINDS)[number];

/** A building product's class under the Building (Building Product Information Requirements) Regulations 2022. */
export const BUILDING_PRODUCT_CLASSES = [
  "class_1",
  "class_2",
  "exempt_codemark",
  "exempt_other",
  "not_designated",
] as const;
export type BuildingProductClass = (typeof BUILDING_PRODUCT_CLASSES)[number];
/** Who is responsible for the information: a reseller links to the manufacturer's instead. */
export const BUILDING_INFO_RESPONSIBILITIES = ["manufacturer", "importer", "reseller"] as const;
export type BuildingInfoResponsibility = (typeof BUILDING_INFO_RESPONSIBILITIES)[number];
export const PRODUCT_IDENTIFIER_KINDS = ["sku", "model", "gtin", "other"] as const;
export type ProductIdentifierKind = (typeof PRODUCT_IDENTIFIER_KINDS)[number];
/** How a product's contribution to a Building Code clause is shown to comply. */
export const COMPLIANCE_PATHWAYS = [
  "acceptable_solution",
  "verification_method",
  "alternative_solution",
  "codemark",
  "appraisal",
] as const;
export type CompliancePathway = (typeof COMPLIANCE_PATHWAYS)[number];

// ---------------------------------------------------------------- catalogue import

/**
 * What an import does with a row that matches a product and with one that matches none: both,
 * only new products, or only changes to products the catalogue has.
 */
export const IMPORT_MODES = ["create_update", "create_only", "update_only"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
/**
 * An import's life: its columns being matched (mapping), its dry run (planning), waiting for the
 * admin (planned), being written (applying), then applied, stopped at its first problem, or
 * failed; undone later (undoing, undone). Discarded: left without being applied.
 */
export const IMPORT_STATUSES = [
  "mapping",
  "planning",
  "planned",
  "applying",
  "applied",
  "stopped",
  "failed",
  "undoing",
  "undone",
  "discarded",
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** The statuses whose work a background job does (a dry run, an apply, an undo). */
export const IMPORT_JOB_STATUSES = [
  "planning",
  "applying",
  "undoing",
] as const satisfies readonly ImportStatus[];
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];
/** What the dry run plans for a row of the file. */
export const IMPORT_ROW_ACTIONS = ["create", "update", "unchanged", "refused"] as const;
export type ImportRowAction = (typeof IMPORT_ROW_ACTIONS)[number];
