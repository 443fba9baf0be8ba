// The enquiry forms' rules, shared by the browser (instant messages) and the server (the
// authority). Messages are fixed texts the site has always shown, word for word.
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

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

const DECLARED_TYPES = [
  "image/jpeg",
  "image/png",
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
];
const EXTENSIONS = ["jpg", "jpeg", "png", "pdf", "doc", "docx"];
/** For the file input's `accept`: a hint to the picker, never a check. */
export const ACCEPT_ATTRIBUTE = [...EXTENSIONS.map((e) => `.${e}`), ...DECLARED_TYPES].join(",");

// The browser only knows the name and the declared type; the server reads the bytes.
function looksAccepted(file: File) {
  const extension = file.name.includes(".") ? (file.name.split(".").pop() ?? "").toLowerCase() : "";
  return DECLARED_TYPES.includes(file.type) || EXTENSIONS.includes(extension);
}

function tooLong(label: string, max: number) {
  return `${label} must be at most ${max} characters`;
}

// A text column cannot hold a NUL character: refused with a message instead of failing the insert.
const CANNOT_SAVE = "This field contains a character that cannot be saved";
const hasNoNul = (value: string | undefined) => !value?.includes("\u0000");

const fullName = z
  .string({ error: "Full name is required" })
  .trim()
  .min(1, { error: "Full name is required", abort: true })
  .min(2, { error: "Name must be at least 2 characters", abort: true })
  .max(ENQUIRY_LIMITS.fullName, tooLong("Name", ENQUIRY_LIMITS.fullName))
  .refine(hasNoNul, CANNOT_SAVE);

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, { error: "Email is required", abort: true })
  .max(ENQUIRY_LIMITS.email, tooLong("Email", ENQUIRY_LIMITS.email))
  .regex(z.regexes.email, "Please enter a valid email address");

const phone = z
  .string()
  .trim()
  .max(ENQUIRY_LIMITS.phone, tooLong("Phone", ENQUIRY_LIMITS.phone))
  .refine(hasNoNul, CANNOT_SAVE)
  .optional();

const message = z
  .string({ error: "Message is required" })
  .trim()
  .min(1, { error: "Message is required", abort: true })
  .min(10, { error: "Message must be at least 10 characters", abort: true })
  .max(ENQUIRY_LIMITS.message, tooLong("Message", ENQUIRY_LIMITS.message))
  .refine(hasNoNul, CANNOT_SAVE);

// On the server the file never reaches this schema (it is streamed to storage and checked by its
// bytes); in the browser this gives the same messages before anything is sent.
const file = z
  .file()
  .max(MAX_FILE_BYTES, { error: FILE_TOO_LARGE, abort: true })
  .refine(looksAccepted, INVALID_FILE_TYPE)
  .optional();

export const contactEnquirySchema = z.object({
  fullName,
  email,
  phone,
  subject: z
    .string({ error: "Please select a subject" })
    .trim()
    .min(1, { error: "Please select a subject", abort: true })
    .max(ENQUIRY_LIMITS.subject, tooLong("Subject", ENQUIRY_LIMITS.subject))
    .refine(hasNoNul, CANNOT_SAVE),
  message,
  product: z
    .string()
    .trim()
    .max(ENQUIRY_LIMITS.product, tooLong("Product", ENQUIRY_LIMITS.product))
    .refine(hasNoNul, CANNOT_SAVE)
    .optional(),
  file,
});

/** The home page's form: the subject is fixed, so whatever is posted for it is ignored. */
export const quickEnquirySchema = z.object({ fullName, email, phone, message, file });

export type EnquiryKind = "contact" | "quick";

/** What both enquiry actions return; the forms read it from a fetcher or the page's action data. */
export type EnquiryActionData = {
  kind: EnquiryKind;
  status: "success" | "invalid" | "failed" | "rate_limited";
  result: SubmissionResult<string[]>;
};

/** The product a visitor enquired about is sent as the message's first line. */
export function withProductLine(text: string, product: string | undefined) {
  return product ? `Product: ${product}\n\n${text}` : text;
}
