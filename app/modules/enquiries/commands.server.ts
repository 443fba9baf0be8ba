// Enquiries are written by these commands (run through server/commands/runner.server.ts).

import { resolveQuoteLines } from "~/modules/quote-list/quote-list.server";
import type { QuoteEntry } from "~/modules/quote-list/quote-list-cookie";
import { defineCommand } from "~/server/commands/runner.server";
import { afterCommit, getDb } from "~/server/db/db.server";
import { contactQueries, enquiryEvents, enquiryLines } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { wakeMailWorker } from "~/server/mail/outbox.server";
import { enquiryEntity } from "./entity";
import { enqueueEnquiryMail } from "./mail.server";
import { formatReference } from "./reference";
import { type EnquiryKind, QUICK_SUBJECT, withProductLine } from "./schema";
import type { EnquiryScreening } from "./spam.server";

// ------------------------------------------------------------------ a visitor's enquiry

export type ReceiveEnquiryInput = {
  kind: EnquiryKind;
  /** The form as its schema judged it (the quick form has no subject and no product). */
  value: {
    fullName: string;
    email: string;
    phone?: string;
    subject?: string;
    message: string;
    product?: string;
  };
  /** The enquiry screen's verdict (spam.server.ts). */
  screening: EnquiryScreening;
  /** Where the attachment is stored once kept (the runner stores it before the transaction). */
  attachment: string | null;
  /** The visitor's quote list as their cookie has it: sent with a contact enquiry. */
  quoteList: readonly QuoteEntry[];
  clientIp: string | null;
  receivedAt: Date;
};

/**
 * Stores a visitor's enquiry: its row (New, or Spam as the screen found it), its quote-list
 * lines, its first history event and, for a person's enquiry, its e-mails in the outbox; the mail
 * worker is woken after the commit, so neither SMTP's speed nor an outage reaches the visitor.
 */
export const receiveEnquiry = defineCommand({
  name: "enquiry.receive",
  entity: enquiryEntity,
  access: "anyone",
  target: () => ({ action: "create" as const, id: null }),
  run: async (input: ReceiveEnquiryInput) => {
    const { kind, value, screening, receivedAt: now } = input;
    const { spam } = screening;
    // Honeypot and fill-time spam keep their quote list too: if staff find a person in Spam,
    // nothing of what they sent is missing. A rate-limited post is only evidence.
    const lines = kind === "contact" && spam !== "rate_limit" ? await resolveQuoteLines(input.quoteList) : [];
    const [row] = await getDb()
      .insert(contactQueries)
      .values({
        source: kind,
        fullName: value.fullName,
        email: value.email,
        phone: value.phone || null,
        // The quick form's schema has no subject: whatever was posted for it is never read.
        subject: kind === "contact" && value.subject ? value.subject : QUICK_SUBJECT,
        message: withProductLine(value.message, value.product),
        fileUrl: input.attachment,
        status: spam ? "Spam" : "New",
        spamReason: spam,
        closedAt: spam ? now : null,
        clientIp: input.clientIp ?? "unknown",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("The insert returned no row");
    if (lines.length > 0) {
      await getDb()
        .insert(enquiryLines)
        .values(
          lines.map((line, position) => ({
            enquiryId: row.id,
            productId: line.productId,
            productName: line.productName,
            quantity: line.quantity,
            position,
          })),
        );
    }
    await getDb()
      .insert(enquiryEvents)
      .values({ enquiryId: row.id, kind: "received", toValue: spam ? "Spam" : "New", createdAt: now });
    if (!spam) {
      await enqueueEnquiryMail(getDb(), row, lines, { acknowledge: screening.acknowledge });
      // Deferred to the commit by itself: send now, not at the worker's next tick.
      wakeMailWorker();
    }
    const reference = formatReference(row.referenceNo, row.createdAt);
    void afterCommit(() =>
      logger.info(
        { id: row.id, reference, kind, withFile: Boolean(input.attachment), lines: lines.length, spam },
        spam ? "enquiry stored as spam" : "enquiry received",
      ),
    );
    return { id: row.id, reference, spam };
  },
});
