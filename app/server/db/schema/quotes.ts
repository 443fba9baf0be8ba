// Quotes, their lines, the customer's links and their history.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  QUOTE_DECLINE_REASONS,
  QUOTE_EVENT_KINDS,
  QUOTE_STATUSES,
  type QuoteDeclineReason,
  type QuoteEventKind,
  type QuoteStatus,
} from "~/lib/vocabulary";
import { users } from "./auth";
import { products } from "./catalog";
import { cents, createdAt, inList, updatedAt } from "./columns";
import { contactQueries } from "./enquiries";

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
    // A signed-in customer's quotes are those sent to their confirmed address.
    index("quotes_customer_email_idx").on(sql`lower(${t.customerEmail})`),
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
    /** The product's stock code when the line was made (staff may type or change it). */
    sku: text("sku"),
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
    check("quote_lines_sku_check", sql`length(trim(${t.sku})) between 1 and 40`),
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
