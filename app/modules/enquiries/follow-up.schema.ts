// Following an enquiry to a close: its statuses, the list filters of Contact Management and the
// forms of the detail view and the bulk change, shared by the browser and the actions.
import { z } from "zod";
import { PAGE_SIZE } from "~/lib/list-params";
import {
  CLOSED_ENQUIRY_STATUSES,
  ENQUIRY_STATUSES,
  type EnquiryEventKind,
  type EnquiryStatus,
} from "~/lib/vocabulary";

export function isClosedStatus(status: EnquiryStatus) {
  return (CLOSED_ENQUIRY_STATUSES as readonly EnquiryStatus[]).includes(status);
}

/**
 * One entry of an enquiry's history, as the detail view shows it: an enquiry event, or an event
 * of one of its quotes (kind "quote": fromValue is the quote's number, toValue what happened).
 */
export type TimelineEntry = {
  id: string;
  kind: EnquiryEventKind | "quote";
  actorName: string | null;
  fromValue: string | null;
  toValue: string | null;
  createdAt: Date;
  /** The text of a note event. */
  note: string | null;
};

/** How many history entries the detail view shows (newest first). */
export const TIMELINE_LIMIT = 200;

export const SPAM_REASON_LABELS: Record<string, string> = {
  honeypot: "The hidden honeypot field was filled in",
  too_fast: "Sent faster than a person can fill in the form",
  no_form_token: "Sent without the form's token (not from our page)",
  rate_limit: "Over the per-address rate limit",
};

export const SOURCE_LABELS: Record<string, string> = {
  contact: "Contact page",
  quick: "Quick enquiry form",
};

// ------------------------------------------------------------------ list filters

/**
 * The status filter. Empty (the default) is every status but Spam, so spam stays out of the way
 * until it is asked for; "open" is New, In Progress and Quoted; "all" includes Spam.
 */
export const STATUS_FILTERS = ["", "open", "all", ...ENQUIRY_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  "": "All but spam",
  open: "Open (New, In Progress, Quoted)",
  all: "All, including spam",
  New: "New",
  "In Progress": "In Progress",
  Quoted: "Quoted",
  Won: "Won",
  Lost: "Lost",
  Spam: "Spam",
};

/** "" any owner, "unassigned" none, otherwise a user id. */
export const UNASSIGNED = "unassigned";

export type EnquiryFilters = { status: StatusFilter; owner: string };

const filtersSchema = z.object({
  status: z.enum(STATUS_FILTERS).catch(""),
  owner: z.string().trim().max(100).catch(""),
});

/** status and owner from the URL; anything unknown falls back to the default (no 400 for a link). */
export function parseEnquiryFilters(params: URLSearchParams): EnquiryFilters {
  return filtersSchema.parse({
    status: params.get("status") ?? "",
    owner: params.get("owner") ?? "",
  });
}

// ------------------------------------------------------------------ forms

const statusField = z.enum(ENQUIRY_STATUSES, { error: "Choose a status from the list" });

export const setStatusSchema = z.object({ status: statusField });

/** Empty means "no owner"; an id is checked against the active staff by the server. */
export const setOwnerSchema = z.object({
  ownerId: z
    .string()
    .trim()
    .max(100, "Choose an owner from the list")
    .optional()
    .transform((value) => value || null),
});

export const NOTE_MAX = 5000;

const NOTE_REQUIRED = "Write the note first";

export const addNoteSchema = z.object({
  body: z
    .string({ error: NOTE_REQUIRED })
    .trim()
    .min(1, NOTE_REQUIRED)
    .max(NOTE_MAX, `A note can be at most ${NOTE_MAX} characters`)
    // A text column cannot hold a NUL: refused with a message instead of failing the insert.
    .refine((value) => !value.includes("\u0000"), "The note contains a character that cannot be saved"),
});

/** At most one page of rows: the checkboxes only ever hold the page on screen. */
export const bulkStatusSchema = z.object({
  ids: z
    .array(z.uuid("Invalid record"), { error: "Select at least one enquiry" })
    .min(1, "Select at least one enquiry")
    .max(PAGE_SIZE, `Select at most ${PAGE_SIZE} enquiries at a time`),
  status: statusField,
});

/** Every form of the enquiry's page: its follow-up, and Create Quote. */
export const enquiryIntentSchema = z.discriminatedUnion("intent", [
  setStatusSchema.extend({ intent: z.literal("set-status") }),
  setOwnerSchema.extend({ intent: z.literal("set-owner") }),
  addNoteSchema.extend({ intent: z.literal("add-note") }),
  z.object({ intent: z.literal("create-quote") }),
]);
export type EnquiryIntent = z.output<typeof enquiryIntentSchema>;
