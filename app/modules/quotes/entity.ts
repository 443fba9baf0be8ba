import { defineEntity, type FieldWords, inWordsAs } from "~/server/commands/entity";
import { quotes } from "~/server/db/schema";

function traderInWords(stored: unknown) {
  if (!stored || typeof stored !== "object") return null;
  const trader = stored as Record<string, unknown>;
  const parts = [
    trader.name,
    trader.gstNumber ? `GST ${trader.gstNumber}` : null,
    trader.nzbn ? `NZBN ${trader.nzbn}` : null,
  ];
  return parts.filter((part) => typeof part === "string" && part).join(", ") || null;
}

/** A quote's fields; its number names it and its lines are told by the command (AuditTarget.detail). */
const QUOTE_FIELDS: Record<string, FieldWords | null> = {
  id: null,
  enquiryId: null,
  revision: null,
  createdById: null,
  status: { name: "State" },
  customerName: { name: "Customer name" },
  customerEmail: { name: "Customer e-mail" },
  customerCompany: { name: "Company" },
  noteToCustomer: { name: "Note to the customer" },
  internalNotes: { name: "Internal notes" },
  validUntil: { name: "Valid until", value: inWordsAs.calendarDay },
  gstBasisPoints: { name: "GST rate", value: inWordsAs.percent },
  subtotalCents: { name: "Subtotal", value: inWordsAs.money },
  gstCents: { name: "GST", value: inWordsAs.money },
  totalCents: { name: "Total", value: inWordsAs.money },
  termsSnapshot: { name: "Terms" },
  traderSnapshot: { name: "Trader's details", value: traderInWords },
  pdfPath: { name: "PDF" },
  sentAt: { name: "Sent", value: inWordsAs.moment },
  viewedAt: { name: "Viewed", value: inWordsAs.moment },
  remindedAt: { name: "Reminded", value: inWordsAs.moment },
  answeredAt: { name: "Answered", value: inWordsAs.moment },
  acceptedBy: { name: "Accepted by" },
  purchaseOrder: { name: "Purchase order" },
  declineReason: { name: "Decline reason" },
  answerMessage: { name: "Customer's message" },
};

export const quoteEntity = defineEntity({
  type: "quote",
  noun: "quote",
  table: quotes,
  key: quotes.id,
  label: quotes.customerName,
  shownInPublic: false,
  fields: QUOTE_FIELDS,
});
