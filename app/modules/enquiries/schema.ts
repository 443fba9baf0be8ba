// The enquiry forms' rules, shared by the browser (instant messages) and the server (the
// authority). Messages are fixed texts the site has always shown, word for word.
import { z } from "zod";
import {
  DECLARED_TYPES,
  ENQUIRY_LIMITS,
  EXTENSIONS,
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  MAX_FILE_BYTES,
} from "./form-fields";

export * from "./form-fields";

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
  /** The customer's job the form was sent from ("Send this list for a quote"): checked by the server. */
  job: z.string().trim().max(64).optional(),
  file,
});

/** The home page's form: the subject is fixed, so whatever is posted for it is ignored. */
export const quickEnquirySchema = z.object({ fullName, email, phone, message, file });

/** The product a visitor enquired about is sent as the message's first line. */
export function withProductLine(text: string, product: string | undefined) {
  return product ? `Product: ${product}\n\n${text}` : text;
}
