// An enquiry's two e-mails, queued in the enquiry's own transaction (commands.server.ts): if the
// enquiry commits, its mail is in the outbox; if it rolls back, no mail speaks of it. Everything
// here reads through `tx`: on the embedded database a read outside it would wait for it forever.
//
// Anyone can type any address into the form, so the acknowledgement is the one e-mail a stranger
// can make us send to someone else. It carries no free text of the sender's (see
// mail-messages), and one address gets at most ENQUIRY_ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY
// of them a day (counted with the enquiry's other spam signals, spam.server.ts): past that the
// enquiry is stored and staff are told, and the address hears nothing.
import { asc, desc, eq } from "drizzle-orm";
import { DEFAULT_CONTACT_INFO, sortBusinessHours } from "~/modules/content/contact-info";
import { businessHoursSchema } from "~/modules/content/contact-info.schema";
import { resolveStaffRecipients } from "~/modules/notifications/recipients.server";
import type { QuoteLine } from "~/modules/quote-list/quote-list.server";
import type { DbOrTx } from "~/server/db/client.server";
import { contactContent, type contactQueries } from "~/server/db/schema";
import { publicBaseUrl } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { buildCustomerAcknowledgement, buildStaffNotification, type EnquiryMailInput } from "./mail-messages";
import { toEnquiryView } from "./view.server";

export type ReceivedEnquiry = typeof contactQueries.$inferSelect;

/** The trader's phone, e-mail, address and hours as the contact page shows them. */
async function readTraderContact(tx: DbOrTx): Promise<EnquiryMailInput["trader"]> {
  const rows = await tx
    .select({
      phone: contactContent.phone,
      email: contactContent.email,
      address: contactContent.address,
      businessHours: contactContent.businessHours,
    })
    .from(contactContent)
    .orderBy(desc(eq(contactContent.contentType, "contact_info")), asc(contactContent.createdAt));
  const first = (pick: (row: (typeof rows)[number]) => string | null) =>
    rows.map(pick).find((value) => typeof value === "string" && value.trim() !== "");
  const hours = rows
    .map((row) => businessHoursSchema.safeParse(row.businessHours).data)
    .find((value) => value && Object.keys(value).length > 0);
  return {
    phone: first((r) => r.phone) ?? DEFAULT_CONTACT_INFO.phone,
    email: first((r) => r.email) ?? DEFAULT_CONTACT_INFO.email,
    address: first((r) => r.address) ?? DEFAULT_CONTACT_INFO.address,
    businessHours: sortBusinessHours(hours ?? DEFAULT_CONTACT_INFO.businessHours),
  };
}

/**
 * Writes the staff notification and, when `acknowledge` (the enquiry screen's verdict: the
 * address has not had its day's share), the customer acknowledgement to the outbox, in `tx`.
 */
export async function enqueueEnquiryMail(
  tx: DbOrTx,
  enquiry: ReceivedEnquiry,
  lines: QuoteLine[],
  { acknowledge }: { acknowledge: boolean },
) {
  // A new enquiry has no owner yet; its lines are the quote list it was sent with.
  const view = toEnquiryView(
    { ...enquiry, ownerName: null },
    lines.map((line) => ({ ...line, currentName: line.productName })),
  );
  const input: EnquiryMailInput = {
    enquiry: view,
    siteUrl: publicBaseUrl(),
    trader: await readTraderContact(tx),
    acknowledged: acknowledge,
  };

  const staff = await resolveStaffRecipients(tx);
  if (staff.recipients.length > 0) {
    const message = buildStaffNotification(input);
    await enqueueMail(tx, {
      kind: "staff_notification",
      enquiryId: enquiry.id,
      recipients: staff.recipients,
      replyTo: enquiry.email,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  } else {
    logger.warn(
      { enquiryId: enquiry.id, reference: view.reference },
      "no staff e-mail for this enquiry: no recipients in Settings > Enquiries and no active admin",
    );
  }

  if (!input.acknowledged) {
    logger.info(
      { enquiryId: enquiry.id, reference: view.reference },
      "no acknowledgement sent: this address has had its acknowledgements for today",
    );
    return;
  }
  const acknowledgement = buildCustomerAcknowledgement(input);
  await enqueueMail(tx, {
    kind: "customer_acknowledgement",
    enquiryId: enquiry.id,
    recipients: [enquiry.email],
    replyTo: input.trader.email,
    subject: acknowledgement.subject,
    text: acknowledgement.text,
    html: acknowledgement.html,
  });
}
