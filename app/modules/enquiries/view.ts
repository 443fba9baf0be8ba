// One enquiry as everything that shows it reads it: the staff list, the enquiry's page, the CSV
// export and its two e-mails. Made from the stored row by toEnquiryView (view.server.ts), which
// the enquiries' reads all go through.
import type { EnquiryStatus, SpamReason } from "~/lib/vocabulary";

/** A product the enquiry asked about: the name and quantity as sent. */
export type EnquiryLineView = {
  productName: string;
  quantity: number;
  /** The product's id while it still exists (its current name may differ from the snapshot). */
  productId: string | null;
  currentName: string | null;
};

export type EnquiryView = {
  id: string;
  /** TC-2026-000123 */
  reference: string;
  /** Which form sent it: "contact" or "quick". */
  source: string;
  fullName: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  /** The stored attachment (contact_uploads/…), null when none came or it has been deleted. */
  fileUrl: string | null;
  /** The staff-only download address of the attachment, when there is one. */
  fileHref: string | null;
  /** When the retention sweep deleted the attachment. */
  attachmentDeletedAt: Date | null;
  status: EnquiryStatus;
  spamReason: SpamReason | null;
  ownerId: string | null;
  ownerName: string | null;
  createdAt: Date;
  closedAt: Date | null;
  /** The customer account it was sent from while signed in; null from a visitor, or once deleted. */
  accountId: string | null;
  /** The customer's job it was sent for, as it was named then; `id` is null once the job is deleted. */
  job: { id: string | null; name: string; siteAddress: string | null } | null;
  /** The quote-list lines, in the order they were on the list. */
  lines: EnquiryLineView[];
};
