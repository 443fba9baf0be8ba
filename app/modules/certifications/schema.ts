// The certification form, shared by the browser and the server. Title, file URL and
// file type are required. The file URL is typed (http(s) or a site path) or comes from an upload
// (the "upload" intent answers the stored file's public URL, which the form then carries).
// A building-product certificate also carries its scheme, number, holder, body, scope, dates,
// public register and standing, and the products it covers; a plain document leaves the scheme
// empty ("none") and needs none of them. A certificate with a scheme needs its number; its issue
// date is on or before its expiry date; dates are real calendar dates; a register link is http(s).
import { z } from "zod";
import {
  checkbox,
  imageUrlField,
  isSafeUrl,
  optionalDateField,
  optionalId,
  optionalText,
  requiredText,
} from "~/lib/form-values";
import { CERTIFICATE_SCHEMES, CERTIFICATE_STANDINGS } from "~/lib/vocabulary";

/** The most products one certificate may cover (more than the catalogue holds today). */
export const MAX_COVERED_PRODUCTS = 2000;

function optionalDate(label: string) {
  return optionalDateField(`${label} must be a real date (YYYY-MM-DD)`);
}

function isHttpUrl(value: string) {
  if (!/^https?:\/\//i.test(value) || !isSafeUrl(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

/** A list of checkboxes posts nothing, one value or many: always read as a list. */
const productIdsField = z.preprocess(
  (value) =>
    value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value],
  z
    .array(z.uuid("Please choose products from the list"))
    .max(MAX_COVERED_PRODUCTS, `Choose at most ${MAX_COVERED_PRODUCTS} products`)
    .transform((ids) => [...new Set(ids)]),
);

const certificationFields = z.object({
  title: requiredText("Title is required", 200),
  description: optionalText(5000),
  categoryId: optionalId(),
  fileUrl: requiredText("File URL is required", 2000).refine(
    isSafeUrl,
    "Please enter a valid file URL (https://… or /path)",
  ),
  fileType: requiredText("File type is required", 20),
  imageUrl: imageUrlField(),
  allowDownload: checkbox(),
  scheme: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .pipe(z.enum(CERTIFICATE_SCHEMES, "Please choose a scheme from the list").nullable()),
  certificateNumber: optionalText(100),
  holder: optionalText(200),
  certificationBody: optionalText(200),
  scope: optionalText(2000),
  issuedOn: optionalDate("Issue date"),
  expiresOn: optionalDate("Expiry or next review date"),
  registerUrl: z
    .string()
    .trim()
    .max(2000, "The URL is too long")
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isHttpUrl(value), "Please enter the register's address (https://…)"),
  registerCheckedOn: optionalDate("Register checked date"),
  registerCheckedBy: optionalText(200),
  standing: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || "active")
    .pipe(z.enum(CERTIFICATE_STANDINGS, "Please choose a standing from the list")),
  productIds: productIdsField,
});

type CertificationFields = z.output<typeof certificationFields>;

export const CERTIFICATE_NUMBER_REQUIRED = "Certificate number is required for a certificate with a scheme";
export const ISSUE_AFTER_EXPIRY = "The expiry date must be on or after the issue date";

function certificateRules(value: CertificationFields, context: z.RefinementCtx) {
  if (value.scheme && !value.certificateNumber)
    context.addIssue({ code: "custom", path: ["certificateNumber"], message: CERTIFICATE_NUMBER_REQUIRED });
  if (value.issuedOn && value.expiresOn && value.issuedOn > value.expiresOn)
    context.addIssue({ code: "custom", path: ["expiresOn"], message: ISSUE_AFTER_EXPIRY });
}

export const certificationFormSchema = certificationFields.superRefine(certificateRules);
export type CertificationInput = z.output<typeof certificationFormSchema>;

/** What an upload is for: the certificate itself (PDF, PNG or JPEG) or its preview image. */
export const UPLOAD_KINDS = ["file", "image"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const recordId = z.uuid("Invalid record");

/** Every intent the certifications screen posts. */
export const certificationActionSchema = z.discriminatedUnion("intent", [
  certificationFields.extend({ intent: z.literal("create") }).superRefine(certificateRules),
  certificationFields.extend({ intent: z.literal("update"), id: recordId }).superRefine(certificateRules),
  z.object({ intent: z.literal("delete"), id: recordId }),
  // The register was looked at today by the signed-in admin: the date and the name are the server's.
  z.object({ intent: z.literal("register-checked"), id: recordId }),
]);

/**
 * The answer to an upload: the stored file's public URL, and for a certificate its type; null for
 * a repeat of an upload already carried out.
 */
export type UploadAnswer = { upload: { kind: UploadKind; url: string; fileType: string | null } | null };
