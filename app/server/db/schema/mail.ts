// The mail outbox.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { MAIL_KINDS, MAIL_STATUSES, type MailKind, type MailStatus } from "~/lib/vocabulary";
import { createdAt, inList } from "./columns";
import { contactQueries } from "./enquiries";

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
