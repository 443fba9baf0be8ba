// What the enquiry forms show and send besides their rules (schema.ts): limits, field names and
// messages. No zod here: the forms render with these before the schema is fetched, if ever.
import type { SubmissionResult } from "@conform-to/react";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const QUICK_SUBJECT = "Quick Inquiry";
export const DEFAULT_SUBJECTS = [
  "General Inquiry",
  "Product Information",
  "Quote Request",
  "Technical Support",
  "Other",
];

export const ENQUIRY_LIMITS = {
  fullName: 100,
  email: 254,
  phone: 40,
  subject: 100,
  message: 5000,
  product: 200,
};

export const FILE_TOO_LARGE = "File too large";
export const INVALID_FILE_TYPE = "Invalid file type";
export const PDF_WITH_SCRIPTS = "PDF contains scripts";
/** The second line of each file message (it was a toast's description). */
export const FILE_ERROR_DESCRIPTIONS: Record<string, string> = {
  [FILE_TOO_LARGE]: "Please upload a file smaller than 10MB",
  [INVALID_FILE_TYPE]: "Please upload an image, PDF, or Word document",
  [PDF_WITH_SCRIPTS]: "Please upload a PDF without JavaScript or automatic actions (print it to PDF again)",
};

export const SUCCESS_TOAST = {
  title: "Thanks for contacting us!",
  description: "We'll get back to you shortly.",
};
export const FAILURE_TITLE = "Error sending message";
export const FAILURE_DESCRIPTION = {
  contact: "Please try again or contact us directly.",
  quick: "Please try again later or contact us directly.",
} as const;
export const UNREADABLE_FORM = "The form could not be read. Please try again.";
export const RATE_LIMITED_MESSAGE =
  "Too many enquiries from your network in a short time. Please wait a few minutes and try again, or call us.";

/** Hidden from people (and from screen readers); a bot that fills every field fills this. */
export const HONEYPOT_FIELD = "website";
/** The signed time the form was served, for the minimum fill time. */
export const FORM_TOKEN_FIELD = "formToken";

export const DECLARED_TYPES = [
  "image/jpeg",
  "image/png",
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
];
export const EXTENSIONS = ["jpg", "jpeg", "png", "pdf", "doc", "docx"];
/** For the file input's `accept`: a hint to the picker, never a check. */
export const ACCEPT_ATTRIBUTE = [...EXTENSIONS.map((e) => `.${e}`), ...DECLARED_TYPES].join(",");

export type EnquiryKind = "contact" | "quick";

/** What both enquiry actions return; the forms read it from a fetcher or the page's action data. */
export type EnquiryActionData = {
  kind: EnquiryKind;
  status: "success" | "invalid" | "failed" | "rate_limited";
  result: SubmissionResult<string[]>;
};
