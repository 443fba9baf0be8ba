// Enquiries (contact queries), their subjects, lines, notes and history.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ENQUIRY_EVENT_KINDS,
  ENQUIRY_SOURCES,
  ENQUIRY_STATUSES,
  type EnquiryEventKind,
  type EnquiryStatus,
  SPAM_REASONS,
  type SpamReason,
} from "~/lib/vocabulary";
import { users } from "./auth";
import { products } from "./catalog";
import { createdAt, inList, updatedAt } from "./columns";
import { jobs } from "./jobs";

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
    /**
     * The customer account that sent it, while the account exists: deleting the account detaches
     * the enquiry (a business record, kept), it does not delete it.
     */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The job it was sent for, while the job exists; its name and site address are kept below. */
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    jobName: text("job_name"),
    jobSiteAddress: text("job_site_address"),
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
    index("contact_queries_user_id_idx").on(t.userId).where(sql`user_id is not null`),
    index("contact_queries_job_id_idx").on(t.jobId).where(sql`job_id is not null`),
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
