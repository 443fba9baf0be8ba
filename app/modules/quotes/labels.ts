// How quote states and decline reasons read on screen, in the CSV and in e-mail.
import type { QuoteDeclineReason, QuoteEventKind, QuoteStatus } from "~/lib/vocabulary";

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  changes_requested: "Changes requested",
  declined: "Declined",
  expired: "Expired",
  superseded: "Superseded",
  withdrawn: "Withdrawn",
};

export const DECLINE_REASON_LABELS: Record<QuoteDeclineReason, string> = {
  price: "Price",
  lead_time: "Lead time",
  bought_elsewhere: "Bought elsewhere",
  project_cancelled: "Project cancelled",
  other: "Other",
};

/** A quote's history as it reads: its states, and the edits and the reminder between them. */
export const QUOTE_EVENT_LABELS: Record<QuoteEventKind, string> = {
  ...QUOTE_STATUS_LABELS,
  draft: "Drafted",
  edited: "Edited",
  reminded: "Reminder sent",
};

/** Where a sent quote stands, as its customer's page and their list of quotes word it. */
export const CUSTOMER_STATE_LABELS = {
  open: "Open",
  accepted: "Accepted",
  changes_requested: "Changes requested",
  declined: "Declined",
  expired: "Expired",
  superseded: "Replaced by a newer quote",
  withdrawn: "Withdrawn",
} as const;

export type CustomerStateKind = keyof typeof CUSTOMER_STATE_LABELS;
