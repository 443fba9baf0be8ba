// What a sent quote mails: the customer's quote (its PDF attached and their link, and when the
// setting says so its consent pack, attached or linked), the one reminder before it expires (a
// new link, the PDF again), the customer's copy of their acceptance (the PDF again), the
// customer's notice that staff withdrew the quote (with the reason staff gave), and the staff's
// notice of each answer. Texts are plain. Each is a message for the outbox, queued by the command
// that sends it, in its transaction.
import { formatCents } from "~/lib/money";
import { formatNzDate } from "~/lib/nz-date";
import { oneLine } from "~/modules/notifications/mail-text";
import type { MailAttachment } from "~/server/db/schema";
import { publicBaseUrl } from "~/server/env.server";
import type { NewMail } from "~/server/mail/outbox.server";
import type { PackInMail } from "./consent-pack-mail.server";
import { pdfFileName, type QuoteDocumentOf } from "./document.server";

export function quoteLink(token: string) {
  return `${publicBaseUrl()}/quote/${token}`;
}

const TERMS_PATH = "/terms-conditions";

function termsLine() {
  return `Our Trading Terms and Conditions: ${publicBaseUrl()}${TERMS_PATH}`;
}

function signature(document: QuoteDocumentOf) {
  return `${document.trader.name} · ${document.trader.phone} · ${document.trader.email}`;
}

/** A mail to the quote's customer: greeted by name, signed by the trader, replies to the trader. */
function customerMail(
  document: QuoteDocumentOf,
  mail: {
    kind: "quote" | "quote_reminder";
    subject: string;
    body: string[];
    pdfPath?: string | null;
    /** Attached after the quote's PDF. */
    more?: MailAttachment[];
  },
): NewMail {
  const text = [
    `Kia ora ${oneLine(document.customer.name, 100)},`,
    "",
    ...mail.body,
    "",
    signature(document),
  ].join("\n");
  return {
    kind: mail.kind,
    enquiryId: document.enquiryId,
    recipients: [document.customer.email],
    replyTo: document.trader.email,
    subject: mail.subject,
    text,
    attachments: mail.pdfPath
      ? [
          { filename: pdfFileName(document.number), contentType: "application/pdf", path: mail.pdfPath },
          ...(mail.more ?? []),
        ]
      : undefined,
  };
}

const CONSENT_PACK =
  "The consent pack for this quote (each product's building product information and certificates)";

/** The e-mail's words for the consent pack: one sentence that it is attached too, or its link. */
function packLines(pack: PackInMail | null, token: string) {
  if (!pack) return [];
  if (pack.kind === "attached") return ["", `${CONSENT_PACK} is attached too.`];
  return [
    "",
    `${CONSENT_PACK} is not attached to this e-mail; download it here:`,
    `${quoteLink(token)}/consent-pack`,
  ];
}

/**
 * The customer's e-mail for a quote just sent (or its reminder), with the PDF and their link, and
 * the quote's consent pack when the send made one (the reminder carries none).
 */
export function quoteMail(
  document: QuoteDocumentOf,
  pdfPath: string,
  token: string,
  kind: "quote" | "quote_reminder" = "quote",
  pack: PackInMail | null = null,
): NewMail {
  const link = quoteLink(token);
  const reminder = kind === "quote_reminder";
  const subject = reminder
    ? `Reminder: quote ${document.number} is valid until ${formatNzDate(document.validUntil)}`
    : `Quote ${document.number} from ${document.trader.name}`;
  return customerMail(document, {
    kind,
    subject,
    body: [
      reminder
        ? `Your quote ${document.number} from ${document.trader.name} is valid until ${formatNzDate(document.validUntil)}. It is attached again in case you need it.`
        : `Thank you for your enquiry. Your quote ${document.number} is attached as a PDF.`,
      ...packLines(pack, token),
      "",
      `Total ${formatCents(document.totalCents)} including GST, valid until ${formatNzDate(document.validUntil)}.`,
      "",
      "To accept it, ask for changes or decline it, open your quote here (no account needed):",
      link,
      "",
      termsLine(),
    ],
    pdfPath,
    more: pack?.kind === "attached" ? [pack.attachment] : undefined,
  });
}

/** The customer's copy of their acceptance: who accepted, when, the order number, and the PDF. */
export function acceptanceCopy(
  document: QuoteDocumentOf,
  acceptance: { name: string; purchaseOrder: string | null; on: Date; pdfPath: string | null },
): NewMail {
  return customerMail(document, {
    kind: "quote",
    subject: `You accepted quote ${document.number}`,
    body: [
      `Thank you: you accepted quote ${document.number} from ${document.trader.name} on ${formatNzDate(acceptance.on)}. This is your copy.`,
      "",
      `Accepted by: ${oneLine(acceptance.name, 100)}`,
      ...(acceptance.purchaseOrder ? [`Purchase order: ${oneLine(acceptance.purchaseOrder, 100)}`] : []),
      `Total ${formatCents(document.totalCents)} including GST.`,
      "",
      acceptance.pdfPath
        ? "The quote you accepted is attached. We will be in touch to arrange your order."
        : "We will be in touch to arrange your order.",
      "",
      termsLine(),
    ],
    pdfPath: acceptance.pdfPath,
  });
}

/** The customer's notice that staff withdrew the quote, with the reason they gave (no prices). */
export function withdrawalNotice(document: QuoteDocumentOf, reason: string): NewMail {
  return customerMail(document, {
    kind: "quote",
    subject: `Quote ${document.number} withdrawn`,
    body: [
      `We have withdrawn quote ${document.number}: it can no longer be accepted.`,
      "",
      `Reason: ${oneLine(reason, 1000)}`,
      "",
      "If you still need these items, reply to this e-mail or ask us for a new quote:",
      `${publicBaseUrl()}/contact?subject=Quote%20Request`,
    ],
  });
}

const ANSWER_TITLES = {
  accepted: "accepted",
  changes_requested: "changes requested",
  declined: "declined",
} as const;

export type AnsweredStatus = keyof typeof ANSWER_TITLES;

/** The staff's notice of a customer's answer (never with prices: only the number and the words). */
export function answerNotice(
  document: QuoteDocumentOf,
  status: AnsweredStatus,
  details: [label: string, value: string][],
  recipients: string[],
): NewMail {
  const text = [
    `${document.customer.name} (${document.customer.email}) answered quote ${document.number}: ${ANSWER_TITLES[status]}.`,
    "",
    ...details.map(([label, value]) => `${label}: ${oneLine(value, 1000)}`),
    "",
    `Open the enquiry: ${publicBaseUrl()}/admin/contact-management/${document.enquiryId}`,
  ].join("\n");
  return {
    kind: "quote_answer",
    enquiryId: document.enquiryId,
    recipients,
    subject: `Quote ${document.number} ${ANSWER_TITLES[status]}`,
    text,
  };
}
