// Certificates, the products each covers, and the expiry reminders sent for them.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import {
  CERTIFICATE_REMINDER_KINDS,
  CERTIFICATE_SCHEMES,
  CERTIFICATE_STANDINGS,
  type CertificateReminderKind,
  type CertificateScheme,
  type CertificateStanding,
} from "~/lib/vocabulary";
import { products } from "./catalog";
import { createdAt, inList } from "./columns";
import { categories } from "./taxonomy";

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
