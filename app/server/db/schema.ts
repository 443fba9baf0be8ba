// The whole data model: one pg-dialect schema for PGlite and PostgreSQL alike.
// drizzle-kit generates the SQL migrations in drizzle/ from this file.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type {
  CodeClause,
  EvidenceDocument,
  OverseasManufacturer,
  ProductIdentifier,
  ResponsibleParty,
} from "~/lib/building-info";
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditAction,
  type AuditEntity,
  BUILDING_INFO_RESPONSIBILITIES,
  BUILDING_PRODUCT_CLASSES,
  type BuildingInfoResponsibility,
  type BuildingProductClass,
  CATEGORY_TYPES,
  CERTIFICATE_REMINDER_KINDS,
  CERTIFICATE_SCHEMES,
  CERTIFICATE_STANDINGS,
  type CertificateReminderKind,
  type CertificateScheme,
  type CertificateStanding,
  ENQUIRY_EVENT_KINDS,
  ENQUIRY_SOURCES,
  ENQUIRY_STATUSES,
  type EnquiryEventKind,
  type EnquiryStatus,
  MAIL_KINDS,
  MAIL_STATUSES,
  type MailKind,
  type MailStatus,
  QUOTE_DECLINE_REASONS,
  QUOTE_EVENT_KINDS,
  QUOTE_STATUSES,
  type QuoteDeclineReason,
  type QuoteEventKind,
  type QuoteStatus,
  ROLES,
  SECTION_TYPES,
  SPAM_REASONS,
  type SpamReason,
  STOCK_STATUSES,
} from "~/lib/vocabulary";

function inList(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")})`);
}

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------- accounts (better-auth)

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").notNull().default("user"),
    isActive: boolean("is_active").notNull().default(true),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    check("users_role_check", inList("role", ROLES)),
    index("users_created_at_idx").on(t.createdAt.desc()),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable("verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- taxonomy

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    type: text("type").notNull().default("products"),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("categories_type_check", inList("type", CATEGORY_TYPES)),
    check("categories_name_not_blank", sql`length(trim(${t.name})) > 0`),
    uniqueIndex("categories_type_name_unique").on(t.type, sql`lower(${t.name})`),
    index("categories_created_at_idx").on(t.createdAt.desc()),
    index("categories_type_active_name_idx").on(t.type, t.isActive, t.name),
  ],
);

export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    logoUrl: text("logo_url"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("brands_name_not_blank", sql`length(trim(${t.name})) > 0`),
    uniqueIndex("brands_name_unique").on(sql`lower(${t.name})`),
    index("brands_created_at_idx").on(t.createdAt.desc()),
    index("brands_active_name_idx").on(t.isActive, t.name),
  ],
);

// ---------------------------------------------------------------- catalogue

/**
 * The catalogue's "stock" order: In Stock, then Low Stock, then Out of Stock. Written on the bare
 * column name so that the index expression and the query's are the same text.
 */
export const CATALOG_STOCK_RANK = sql.raw(
  "case stock_status when 'In Stock' then 0 when 'Low Stock' then 1 else 2 end",
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /**
     * The product page's address, /catalog/SLUG. Left empty, the database makes it from the name
     * (trigger fill_slug, migration 0003), unique; a rename makes a new one and the old slug
     * redirects (slug_redirects). See docs/decisions/008-slugs-in-the-database.md.
     */
    slug: text("slug").notNull().default(""),
    description: text("description"),
    shortDescription: text("short_description"),
    price: numeric("price", { precision: 12, scale: 2, mode: "number" }).notNull().default(0),
    originalPrice: numeric("original_price", { precision: 12, scale: 2, mode: "number" }),
    discountPercentage: integer("discount_percentage").notNull().default(0),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    imageUrl: text("image_url"),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    stockStatus: text("stock_status").notNull().default("In Stock"),
    isFeatured: boolean("is_featured").notNull().default(false),
    isPublished: boolean("is_published").notNull().default(true),
    /** Its building product information sheet, which may serve other products of its line too. */
    buildingInfoId: uuid("building_info_id").references((): AnyPgColumn => buildingInfoSheets.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_slug_unique").on(t.slug),
    check("products_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("products_stock_status_check", inList("stock_status", STOCK_STATUSES)),
    check("products_name_not_blank", sql`length(trim(${t.name})) > 0`),
    check("products_price_check", sql`${t.price} >= 0`),
    check("products_original_price_check", sql`${t.originalPrice} is null or ${t.originalPrice} >= 0`),
    check("products_discount_check", sql`${t.discountPercentage} between 0 and 100`),
    check("products_stock_quantity_check", sql`${t.stockQuantity} >= 0`),
    // The back office's list, newest first (admin.server.ts listAdminProducts): a page's ids are
    // read from this index alone, its trailing columns answering the building-information filter,
    // so a deep page or a count skips index entries rather than sorting or fetching every row.
    index("products_admin_list_idx").on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.isPublished,
      t.buildingInfoId,
    ),
    index("products_published_featured_idx").on(t.isPublished, t.isFeatured),
    index("products_category_id_idx").on(t.categoryId),
    index("products_brand_id_idx").on(t.brandId),
    index("products_building_info_id_idx").on(t.buildingInfoId),
    index("products_name_idx").on(t.name),
    // The public catalogue's three orders over published products, so that a page deep in a
    // large catalogue walks an index rather than sorting every row (queries.server.ts orderFor).
    index("products_catalog_name_idx").on(sql`lower(${t.name})`, t.name, t.id).where(sql`${t.isPublished}`),
    index("products_catalog_discount_idx")
      .on(t.discountPercentage.desc().nullsFirst(), sql`lower(${t.name})`, t.name, t.id)
      .where(sql`${t.isPublished}`),
    index("products_catalog_stock_idx")
      .on(sql`(${CATALOG_STOCK_RANK})`, sql`lower(${t.name})`, t.name, t.id)
      .where(sql`${t.isPublished}`),
    index("products_search_trgm_idx").using(
      "gin",
      sql`(coalesce(${t.name}, '') || ' ' || coalesce(${t.description}, '') || ' ' || coalesce(${t.shortDescription}, '')) gin_trgm_ops`,
    ),
  ],
);

// ---------------------------------------------------------------- content

export const caseStudies = pgTable(
  "case_studies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** The case-study page's address, /case-study/SLUG: made from the title as for products. */
    slug: text("slug").notNull().default(""),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    durationMonths: integer("duration"),
    materials: jsonb("materials").$type<string[]>(),
    challenge: text("challenge"),
    solution: text("solution"),
    result: text("result"),
    imageUrl: text("image_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("case_studies_slug_unique").on(t.slug),
    check("case_studies_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("case_studies_title_not_blank", sql`length(trim(${t.title})) > 0`),
    check("case_studies_duration_check", sql`${t.durationMonths} is null or ${t.durationMonths} >= 0`),
    index("case_studies_created_at_idx").on(t.createdAt.desc()),
    index("case_studies_category_id_idx").on(t.categoryId),
    index("case_studies_search_trgm_idx").using(
      "gin",
      sql`(coalesce(${t.title}, '') || ' ' || coalesce(${t.challenge}, '') || ' ' || coalesce(${t.solution}, '')) gin_trgm_ops`,
    ),
  ],
);

export const SLUG_KINDS = ["product", "case_study"] as const;
export type SlugKind = (typeof SLUG_KINDS)[number];

/** Slugs a product or case study had before a rename: their old addresses redirect (301). */
export const slugRedirects = pgTable(
  "slug_redirects",
  {
    kind: text("kind").$type<SlugKind>().notNull(),
    oldSlug: text("old_slug").notNull(),
    targetId: uuid("target_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.oldSlug] }),
    check("slug_redirects_kind_check", inList("kind", SLUG_KINDS)),
    index("slug_redirects_target_idx").on(t.kind, t.targetId),
  ],
);

/**
 * An uploaded image and the variants made from it once, at upload (WebP and AVIF at a few
 * widths, and a 1200x630 social card). `url` is the original's public URL, as stored in the
 * image_url columns; pages look their images up by it to write srcset, width and height.
 */
export type ImageVariant = {
  format: "webp" | "avif" | "jpeg";
  width: number;
  height: number;
  url: string;
  bytes: number;
};

export const imageAssets = pgTable("image_assets", {
  url: text("url").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  variants: jsonb("variants").$type<ImageVariant[]>().notNull().default([]),
  /** A 1200x630 crop for OpenGraph and Twitter cards, when one was made. */
  socialUrl: text("social_url"),
  createdAt: createdAt(),
});

export const certifications = pgTable(
  "certifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    fileUrl: text("file_url").notNull(),
    fileType: text("file_type").notNull(),
    imageUrl: text("image_url"),
    allowDownload: boolean("allow_download").notNull().default(true),
    // A building-product certificate (CodeMark, BRANZ Appraisal): its scheme, number, holder,
    // body, scope and dates, and when the public register was last checked. A plain document
    // (an ISO certificate, a membership) leaves them empty. Its status is computed from the
    // standing and the dates (modules/compliance/certificate-status.ts), never stored.
    scheme: text("scheme").$type<CertificateScheme>(),
    certificateNumber: text("certificate_number"),
    holder: text("holder"),
    certificationBody: text("certification_body"),
    scope: text("scope"),
    issuedOn: date("issued_on"),
    /** The expiry or next review date: the last day the certificate is valid. */
    expiresOn: date("expires_on"),
    registerUrl: text("register_url"),
    registerCheckedOn: date("register_checked_on"),
    registerCheckedBy: text("register_checked_by"),
    standing: text("standing").$type<CertificateStanding>().notNull().default("active"),
    createdAt: createdAt(),
  },
  (t) => [
    check("certifications_title_not_blank", sql`length(trim(${t.title})) > 0`),
    check("certifications_scheme_check", sql`scheme is null or ${inList("scheme", CERTIFICATE_SCHEMES)}`),
    check("certifications_standing_check", inList("standing", CERTIFICATE_STANDINGS)),
    check(
      "certifications_dates_check",
      sql`${t.issuedOn} is null or ${t.expiresOn} is null or ${t.issuedOn} <= ${t.expiresOn}`,
    ),
    index("certifications_created_at_idx").on(t.createdAt.desc()),
    index("certifications_category_id_idx").on(t.categoryId),
    index("certifications_expires_on_idx").on(t.expiresOn),
  ],
);

/** The products a certificate covers. */
export const certificationProducts = pgTable(
  "certification_products",
  {
    certificationId: uuid("certification_id")
      .notNull()
      .references(() => certifications.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.certificationId, t.productId] }),
    index("certification_products_product_idx").on(t.productId),
  ],
);

/**
 * Each reminder sent about a certificate, once: the key is the certificate, the kind and the
 * period it was for (the expiry date for the 90/30/7-day reminders, so a renewed certificate is
 * reminded again; the month, YYYY-MM, for the register check). Claimed by insert before the
 * message is queued, so two processes never both send it.
 */
export const certificateReminders = pgTable(
  "certificate_reminders",
  {
    certificationId: uuid("certification_id")
      .notNull()
      .references(() => certifications.id, { onDelete: "cascade" }),
    kind: text("kind").$type<CertificateReminderKind>().notNull(),
    period: text("period").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.certificationId, t.kind, t.period] }),
    check("certificate_reminders_kind_check", inList("kind", CERTIFICATE_REMINDER_KINDS)),
  ],
);

// ---------------------------------------------------------------- building product information

/**
 * A building product information sheet (Building Product Information Requirements Regulations
 * 2022). One sheet may serve a product line: products point at it (products.building_info_id).
 * Each save keeps the previous version in building_info_versions.
 */
export const buildingInfoSheets = pgTable(
  "building_info_sheets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    classification: text("classification").$type<BuildingProductClass>().notNull().default("not_designated"),
    exemptReason: text("exempt_reason"),
    responsibility: text("responsibility")
      .$type<BuildingInfoResponsibility>()
      .notNull()
      .default("manufacturer"),
    /** Where a reseller's linked information is published (the manufacturer's page). */
    sourceUrl: text("source_url"),
    description: text("description"),
    intendedUse: text("intended_use"),
    identifiers: jsonb("identifiers").$type<ProductIdentifier[]>().notNull().default([]),
    responsibleParty: jsonb("responsible_party").$type<ResponsibleParty>(),
    manufacturer: jsonb("manufacturer").$type<OverseasManufacturer>(),
    codeClauses: jsonb("code_clauses").$type<CodeClause[]>().notNull().default([]),
    scopeOfUse: text("scope_of_use"),
    designRequirements: text("design_requirements"),
    installationRequirements: text("installation_requirements"),
    maintenanceRequirements: text("maintenance_requirements"),
    /** A document holding the design, installation and maintenance requirements, instead of text. */
    requirementsDocumentUrl: text("requirements_document_url"),
    /** A warning or ban under section 26 of the Building Act that applies; empty when none does. */
    warnings: text("warnings"),
    evidence: jsonb("evidence").$type<EvidenceDocument[]>().notNull().default([]),
    version: integer("version").notNull().default(1),
    reviewedOn: date("reviewed_on"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("building_info_sheets_title_not_blank", sql`length(trim(${t.title})) > 0`),
    check("building_info_sheets_classification_check", inList("classification", BUILDING_PRODUCT_CLASSES)),
    check(
      "building_info_sheets_responsibility_check",
      inList("responsibility", BUILDING_INFO_RESPONSIBILITIES),
    ),
    check("building_info_sheets_version_check", sql`${t.version} >= 1`),
    index("building_info_sheets_title_idx").on(t.title),
  ],
);

/** A superseded version of a sheet, as it read before a save replaced it. */
export const buildingInfoVersions = pgTable(
  "building_info_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sheetId: uuid("sheet_id")
      .notNull()
      .references(() => buildingInfoSheets.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** Every field of the sheet at that version (the row as it was, less its id). */
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    supersededAt: timestamp("superseded_at", { withTimezone: true }).notNull().defaultNow(),
    supersededBy: text("superseded_by"),
  },
  (t) => [uniqueIndex("building_info_versions_sheet_version_unique").on(t.sheetId, t.version)],
);

export const contactContent = pgTable(
  "contact_content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contentType: text("content_type").notNull(),
    title: text("title"),
    subtitle: text("subtitle"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    businessHours: jsonb("business_hours").$type<Record<string, string>>(),
    socialLinks: jsonb("social_links").$type<Record<string, string>>(),
    mapEmbedCode: text("map_embed_code"),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_content_type_not_blank", sql`length(trim(${t.contentType})) > 0`),
    index("contact_content_created_at_idx").on(t.createdAt),
  ],
);

export const contactSubjects = pgTable(
  "contact_subjects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subjectName: text("subject_name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_subjects_name_not_blank", sql`length(trim(${t.subjectName})) > 0`),
    uniqueIndex("contact_subjects_name_unique").on(sql`lower(${t.subjectName})`),
    index("contact_subjects_created_at_idx").on(t.createdAt.desc()),
  ],
);

export const contactQueries = pgTable(
  "contact_queries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The number in the customer's reference (TC-2026-000123); never reused. */
    referenceNo: bigint("reference_no", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    source: text("source").notNull().default("contact"),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    fileUrl: text("file_url"),
    status: text("status").$type<EnquiryStatus>().notNull().default("New"),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** Why the spam defence stored it as Spam; null for everything a person sent. */
    spamReason: text("spam_reason").$type<SpamReason>(),
    /** The sender's address as the server saw it: the rate limit's key and the audit trail. */
    clientIp: text("client_ip"),
    /** When it entered a closed status (Won, Lost, Spam); retention counts from here. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    attachmentDeletedAt: timestamp("attachment_deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("contact_queries_full_name_check", sql`length(trim(${t.fullName})) >= 2`),
    check("contact_queries_message_check", sql`length(trim(${t.message})) >= 10`),
    check("contact_queries_status_check", inList("status", ENQUIRY_STATUSES)),
    check("contact_queries_source_check", inList("source", ENQUIRY_SOURCES)),
    check(
      "contact_queries_spam_reason_check",
      sql`spam_reason is null or ${inList("spam_reason", SPAM_REASONS)}`,
    ),
    uniqueIndex("contact_queries_reference_no_unique").on(t.referenceNo),
    index("contact_queries_created_at_idx").on(t.createdAt.desc()),
    index("contact_queries_status_created_at_idx").on(t.status, t.createdAt.desc()),
    index("contact_queries_owner_id_idx").on(t.ownerId),
    index("contact_queries_closed_at_idx").on(t.closedAt).where(sql`file_url is not null`),
    index("contact_queries_search_trgm_idx").using(
      "gin",
      sql`(coalesce(${t.fullName}, '') || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.subject}, '')) gin_trgm_ops`,
    ),
  ],
);

/** The products of a quote list, as they were named when the enquiry was sent. */
export const enquiryLines = pgTable(
  "enquiry_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => contactQueries.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    check("enquiry_lines_quantity_check", sql`${t.quantity} between 1 and 9999`),
    check("enquiry_lines_product_name_not_blank", sql`length(trim(${t.productName})) > 0`),
    index("enquiry_lines_enquiry_id_idx").on(t.enquiryId, t.position),
  ],
);

export const enquiryNotes = pgTable(
  "enquiry_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => contactQueries.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as written so a note still says who wrote it after the account is gone. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("enquiry_notes_body_check", sql`length(trim(${t.body})) between 1 and 5000`),
    index("enquiry_notes_enquiry_id_idx").on(t.enquiryId, t.createdAt),
  ],
);

/** The history of an enquiry: received, status and owner changes, notes, retention. */
export const enquiryEvents = pgTable(
  "enquiry_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => contactQueries.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Null when the server did it (received, retention). */
    actorName: text("actor_name"),
    kind: text("kind").$type<EnquiryEventKind>().notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    createdAt: createdAt(),
  },
  (t) => [
    check("enquiry_events_kind_check", inList("kind", ENQUIRY_EVENT_KINDS)),
    index("enquiry_events_enquiry_id_idx").on(t.enquiryId, t.createdAt),
  ],
);

/** A file attached to an outgoing message: its name in the mail, its type and its storage path. */
export type MailAttachment = { filename: string; contentType: string; path: string };

/** Mail waiting to go, going, gone or given up on: written in the enquiry's transaction. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enquiryId: uuid("enquiry_id").references(() => contactQueries.id, { onDelete: "set null" }),
    kind: text("kind").$type<MailKind>().notNull(),
    recipients: jsonb("recipients").$type<string[]>().notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** Files sent with the message, read from storage when it goes (a quote's PDF). */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    /** The Message-ID header: the same on every attempt, so a retry is recognisably one message. */
    messageId: text("message_id").notNull(),
    status: text("status").$type<MailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("mail_outbox_kind_check", inList("kind", MAIL_KINDS)),
    check("mail_outbox_status_check", inList("status", MAIL_STATUSES)),
    check("mail_outbox_recipients_check", sql`jsonb_typeof(${t.recipients}) = 'array'`),
    uniqueIndex("mail_outbox_message_id_unique").on(t.messageId),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_enquiry_id_idx").on(t.enquiryId),
  ],
);

/** Fixed-window counters shared by every server process (enquiry and sign-in rate limits). */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limit_counters_window_idx").on(t.windowStart),
  ],
);

/**
 * Admin form submissions already carried out, by the id the form was given when it opened: a
 * create posted twice (a double click, a resent request) writes once. Pruned after a day.
 */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: text("id").primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index("form_submissions_created_at_idx").on(t.createdAt)],
);

/**
 * When each periodic task last ran, whichever process ran it: a process whose timer fires within
 * the same period finds the run claimed and skips it, so a task runs once per period however
 * many processes share the database (db/advisory-locks.server.ts).
 */
export const periodicRuns = pgTable("periodic_runs", {
  task: text("task").primaryKey(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }).notNull(),
});

export const homeContent = pgTable(
  "home_content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sectionType: text("section_type").notNull(),
    title: text("title"),
    subtitle: text("subtitle"),
    content: text("content"),
    imageUrl: text("image_url"),
    linkText: text("link_text"),
    linkUrl: text("link_url"),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("home_content_section_type_check", inList("section_type", SECTION_TYPES)),
    // A review's content is JSON text whose rating, when present, must be 1 to 5.
    check(
      "home_content_review_rating_check",
      sql`${t.sectionType} <> 'reviews' or home_content_review_rating_ok(${t.content})`,
    ),
    index("home_content_section_order_idx").on(t.sectionType, t.isActive, t.displayOrder),
    index("home_content_display_order_idx").on(t.displayOrder),
  ],
);

export const siteSettings = pgTable(
  "site_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    settingKey: text("setting_key").notNull().unique(),
    settingValue: jsonb("setting_value").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // hero_background: opacity between 0 and 1 when given.
    check(
      "site_settings_hero_opacity_check",
      sql`${t.settingKey} <> 'hero_background' or (${t.settingValue} -> 'opacity') is null or (jsonb_typeof(${t.settingValue} -> 'opacity') = 'number' and (${t.settingValue} ->> 'opacity')::double precision between 0 and 1)`,
    ),
  ],
);

// ---------------------------------------------------------------- quotes

/** Money is whole cents (bigint columns read as JS numbers: amounts stay far below 2^53). */
const cents = (name: string) => bigint(name, { mode: "number" });

/**
 * A priced quote for an enquiry, one row per revision: the enquiry's reference plus the
 * revision's letter (TC-2026-000123-A, then -B) is its number. A draft is edited freely; from
 * `sent` on the row and its lines are locked and a change is a new revision. The customer reaches
 * it through quote_links.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => contactQueries.id, { onDelete: "cascade" }),
    /** 1 for A, 2 for B, … */
    revision: integer("revision").notNull(),
    status: text("status").$type<QuoteStatus>().notNull().default("draft"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerCompany: text("customer_company"),
    noteToCustomer: text("note_to_customer"),
    internalNotes: text("internal_notes"),
    /** The last day the quote can be accepted, New Zealand time. */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    gstBasisPoints: integer("gst_basis_points").notNull(),
    subtotalCents: cents("subtotal_cents").notNull().default(0),
    gstCents: cents("gst_cents").notNull().default(0),
    totalCents: cents("total_cents").notNull().default(0),
    /** The terms of trade and the trader's details as they stood when the quote was sent. */
    termsSnapshot: text("terms_snapshot"),
    traderSnapshot: jsonb("trader_snapshot").$type<Record<string, string>>(),
    /** Storage path of the PDF rendered when it was sent. */
    pdfPath: text("pdf_path"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The customer's answer: who accepted and their order number, or why they declined. */
    acceptedBy: text("accepted_by"),
    purchaseOrder: text("purchase_order"),
    declineReason: text("decline_reason").$type<QuoteDeclineReason>(),
    answerMessage: text("answer_message"),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("quotes_status_check", inList("status", QUOTE_STATUSES)),
    check(
      "quotes_decline_reason_check",
      sql`decline_reason is null or ${inList("decline_reason", QUOTE_DECLINE_REASONS)}`,
    ),
    check("quotes_revision_check", sql`${t.revision} >= 1`),
    check("quotes_gst_check", sql`${t.gstBasisPoints} between 0 and 10000`),
    check(
      "quotes_totals_check",
      sql`${t.subtotalCents} >= 0 and ${t.gstCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} + ${t.gstCents}`,
    ),
    check("quotes_sent_check", sql`${t.status} = 'draft' or ${t.sentAt} is not null`),
    uniqueIndex("quotes_enquiry_revision_unique").on(t.enquiryId, t.revision),
    index("quotes_created_at_idx").on(t.createdAt.desc()),
    index("quotes_status_valid_until_idx").on(t.status, t.validUntil),
  ],
);

/**
 * A line of a quote: a snapshot of the product (name, brand, page) that later catalogue edits do
 * not change, or a free line (delivery, cutting) with no product. Quantity in thousandths,
 * discount in hundredths of a percent; the line total is the server's, rounded to the cent.
 */
export const quoteLines = pgTable(
  "quote_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    brandName: text("brand_name"),
    productSlug: text("product_slug"),
    quantityMilli: integer("quantity_milli").notNull(),
    unit: text("unit").notNull().default("each"),
    unitPriceCents: cents("unit_price_cents").notNull(),
    discountBasisPoints: integer("discount_basis_points").notNull().default(0),
    /** Lead time or any note for this line. */
    note: text("note"),
    lineTotalCents: cents("line_total_cents").notNull(),
  },
  (t) => [
    check("quote_lines_description_check", sql`length(trim(${t.description})) between 1 and 300`),
    check("quote_lines_quantity_check", sql`${t.quantityMilli} > 0`),
    check("quote_lines_price_check", sql`${t.unitPriceCents} >= 0 and ${t.lineTotalCents} >= 0`),
    check("quote_lines_discount_check", sql`${t.discountBasisPoints} between 0 and 10000`),
    uniqueIndex("quote_lines_quote_position_unique").on(t.quoteId, t.position),
  ],
);

/**
 * The customer's links to a quote: each e-mail (the quote, its reminder) carries a random token
 * of its own, of which only the SHA-256 is stored, so the database alone rebuilds no link.
 */
export const quoteLinks = pgTable(
  "quote_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("quote_links_quote_id_idx").on(t.quoteId)],
);

/** The history of a quote: who did what and when, and why where there is a reason. */
export const quoteEvents = pgTable(
  "quote_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: text("kind").$type<QuoteEventKind>().notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The staff member's name, the customer's ("customer: Jo Bloggs"), or null for the server. */
    actorName: text("actor_name"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    check("quote_events_kind_check", inList("kind", QUOTE_EVENT_KINDS)),
    index("quote_events_quote_id_idx").on(t.quoteId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- audit log

/** A changed field's value before and after; secrets are never stored, only that they changed. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * Who did what to which record, when and from where: one row per staff change, export, download,
 * sign-in and sign-out. Append-only: the app has no path that changes or deletes a row, and a
 * trigger (migration 0007) refuses it unless the retention sweep says it is the one asking. The
 * actor is copied in (name, role at the time), so the row outlives the account.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorName: text("actor_name"),
    actorEmail: text("actor_email"),
    actorRole: text("actor_role"),
    action: text("action").$type<AuditAction>().notNull(),
    entityType: text("entity_type").$type<AuditEntity>().notNull(),
    entityId: text("entity_id"),
    summary: text("summary").notNull(),
    changes: jsonb("changes").$type<AuditChanges>(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    check("audit_events_action_check", inList("action", AUDIT_ACTIONS)),
    check("audit_events_entity_type_check", inList("entity_type", AUDIT_ENTITIES)),
    index("audit_events_occurred_at_idx").on(t.occurredAt.desc()),
    index("audit_events_entity_idx").on(t.entityType, t.entityId, t.occurredAt.desc()),
    index("audit_events_actor_idx").on(t.actorId, t.occurredAt.desc()),
  ],
);
