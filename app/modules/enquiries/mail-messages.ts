// The two e-mails an enquiry sends, as text: the staff notification (every field, the products
// asked about, a link into the back office) and the customer's acknowledgement (their reference,
// a short summary and the trader's contact details). Pure functions: the server module gathers
// the data and queues the result.
//
// The acknowledgement goes to whatever address was typed, so it must be no use for writing to a
// stranger: it repeats only the name and the subject (short, on one line), whether a file came
// and the products from our own catalogue, never the message, the phone or anything else free.
import { formatNzDateTime } from "~/lib/nz-date";
import { bodyText, escapeHtml, oneLine, textRows } from "~/modules/notifications/mail-text";
import type { EnquiryView } from "./view";

export type EnquiryMailInput = {
  /** The enquiry; its attachment's download is `fileHref` on the site (admin sign-in). */
  enquiry: EnquiryView;
  /** Absolute base of the site, no trailing slash. */
  siteUrl: string;
  /** False when the address has had its acknowledgements for the day: none is sent. */
  acknowledged: boolean;
  trader: { phone: string; email: string; address: string; businessHours: Record<string, string> };
};

export type MailContent = { subject: string; text: string; html: string | null };

export const SOURCE_LABELS: Record<string, string> = {
  contact: "Contact page form",
  quick: "Quick enquiry form (home page)",
};

function sourceLabel(source: string) {
  return SOURCE_LABELS[source] ?? oneLine(source, 50);
}

function lineTexts(enquiry: EnquiryView) {
  return enquiry.lines.map((line) => `${line.quantity} × ${oneLine(line.productName, 200)}`);
}

export function buildStaffNotification(input: EnquiryMailInput): MailContent {
  const { enquiry } = input;
  const name = oneLine(enquiry.fullName, 100);
  const subject = `New enquiry ${enquiry.reference}: ${oneLine(enquiry.subject, 100)} from ${name}`;
  const link = `${input.siteUrl}/admin/contact-management/${enquiry.id}`;
  const attachment = !enquiry.fileUrl
    ? "no"
    : enquiry.fileHref
      ? `yes, download (admin sign-in): ${input.siteUrl}${enquiry.fileHref}`
      : "yes (open the enquiry to download it)";
  const lines = lineTexts(enquiry);
  const text = [
    `New enquiry ${enquiry.reference}, received ${formatNzDateTime(enquiry.createdAt)} (New Zealand time).`,
    "",
    "Open it in the back office:",
    link,
    "",
    textRows([
      ["Name", name],
      ["Email", oneLine(enquiry.email, 254)],
      ["Phone", oneLine(enquiry.phone, 40) || "not given"],
      ["Subject", oneLine(enquiry.subject, 100)],
      ["Form", sourceLabel(enquiry.source)],
      ["Attachment", attachment],
    ]),
    ...(input.acknowledged
      ? []
      : ["", "No acknowledgement was sent: this address has had its acknowledgements for today."]),
    "",
    lines.length > 0 ? "Products on the quote list:" : "Products on the quote list: none",
    ...lines.map((line) => `  ${line}`),
    "",
    "Message:",
    bodyText(enquiry.message),
    "",
    "--",
    "Reply to this e-mail to answer the customer: it goes to their address.",
  ].join("\n");
  return { subject, text, html: null };
}

export function buildCustomerAcknowledgement(input: EnquiryMailInput): MailContent {
  const { enquiry } = input;
  const name = oneLine(enquiry.fullName, 100);
  const subject = `We have your enquiry: ${enquiry.reference}`;
  const lines = lineTexts(enquiry);
  const sent: [string, string][] = [
    ["Name", name],
    ["Subject", oneLine(enquiry.subject, 100)],
    ["Attachment", enquiry.fileUrl ? "yes (received)" : "no"],
  ];
  const hours = Object.entries(input.trader.businessHours).map(
    ([days, time]) => [oneLine(days, 50), oneLine(time, 100)] as [string, string],
  );
  const contact: [string, string][] = [
    ["Phone", input.trader.phone],
    ["Email", input.trader.email],
    ["Address", input.trader.address],
  ];
  const text = [
    `Kia ora ${name},`,
    "",
    `Thank you for your enquiry. Your reference number is ${enquiry.reference}.`,
    "Please quote it if you get in touch about this enquiry. We'll get back to you shortly.",
    "",
    "Your enquiry",
    "------------",
    textRows(sent),
    ...(lines.length > 0 ? ["", "Products:", ...lines.map((line) => `  ${line}`)] : []),
    "",
    "How to reach us",
    "---------------",
    textRows(contact),
    ...(hours.length > 0 ? ["", "Business hours:", textRows(hours)] : []),
    input.siteUrl,
    "",
    "This message was sent automatically because this address was entered on our enquiry form.",
    "If you did not send an enquiry, please ignore this e-mail.",
  ].join("\n");

  const row = ([label, value]: [string, string]) =>
    `<tr><th align="left" style="padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(label)}</th>` +
    `<td style="padding:2px 0">${escapeHtml(value)}</td></tr>`;
  const html = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>',
    escapeHtml(subject),
    "</title></head>",
    '<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1a1a1a">',
    `<p>Kia ora ${escapeHtml(name)},</p>`,
    `<p>Thank you for your enquiry. Your reference number is <strong>${escapeHtml(enquiry.reference)}</strong>.`,
    " Please quote it if you get in touch about this enquiry. We'll get back to you shortly.</p>",
    '<h2 style="font-size:16px">Your enquiry</h2>',
    `<table role="presentation">${sent.map(row).join("")}</table>`,
    lines.length > 0
      ? `<p><strong>Products:</strong></p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`
      : "",
    '<h2 style="font-size:16px">How to reach us</h2>',
    `<table role="presentation">${contact.map(row).join("")}${hours.map(row).join("")}</table>`,
    `<p><a href="${escapeHtml(input.siteUrl)}">${escapeHtml(input.siteUrl)}</a></p>`,
    '<p style="color:#555;font-size:12px">This message was sent automatically because this address was entered on our enquiry form.',
    " If you did not send an enquiry, please ignore this e-mail.</p>",
    "</body></html>",
  ].join("");
  return { subject, text, html };
}
