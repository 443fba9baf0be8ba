// The building product information sheet's form (Building Info), shared by the browser and the
// action. Text left empty is stored as null; the lists (identifiers, Building Code clauses,
// evidence) arrive as Conform lists and may be empty. The responsible party and the overseas
// manufacturer are flat fields here and one jsonb object each when stored (null when all empty).
// Whether the sheet is complete for its class is not this schema's business: completeness.ts
// judges that, so a draft can be saved with parts still missing.
import { z } from "zod";
import { optionalDateField } from "~/lib/form-values";
import { isSafeExternalUrl } from "~/lib/safe-link";
import {
  BUILDING_INFO_RESPONSIBILITIES,
  BUILDING_PRODUCT_CLASSES,
  COMPLIANCE_PATHWAYS,
  PRODUCT_IDENTIFIER_KINDS,
} from "~/lib/vocabulary";

export const SHEET_LIMITS = { identifiers: 50, codeClauses: 40, evidence: 40 } as const;

/** A GTIN (GTIN-8, UPC-12, EAN-13 or GTIN-14): its digits and a correct check digit. */
export function isValidGtin(value: string) {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop() ?? 0;
  // From the right, excluding the check digit, weights alternate 3, 1, 3, …
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

const url = (message = "Enter a full web address starting with https://") =>
  z
    .string()
    .trim()
    .max(2000, "The address is too long")
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isSafeExternalUrl(value), message);

const date = optionalDateField("Enter a date such as 2026-03-01");

/** A Conform list: absent (no rows) is an empty list. */
const list = <Item extends z.ZodType>(item: Item, max: number, noun: string) =>
  z
    .array(item)
    .max(max, `At most ${max} ${noun}`)
    .optional()
    .transform((rows) => rows ?? []);

export const identifierSchema = z
  .object({
    kind: z.enum(PRODUCT_IDENTIFIER_KINDS, { error: "Choose the kind of identifier" }),
    value: required("Enter the identifier", 100),
  })
  .superRefine((row, ctx) => {
    if (row.kind === "gtin" && !isValidGtin(row.value))
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: "A GTIN has 8, 12, 13 or 14 digits and a correct check digit",
      });
  });

export const codeClauseSchema = z.object({
  clause: required("Enter the clause, such as B2 or E2", 20),
  contribution: required("Say how the product helps meet the clause", 2000),
  limitations: required("State its limitations (or 'None')", 2000),
  pathway: z.enum(COMPLIANCE_PATHWAYS, { error: "Choose the compliance pathway" }),
});

export const evidenceSchema = z.object({
  title: required("Name the document", 200),
  url: z
    .string({ error: "Enter the document's address" })
    .trim()
    .min(1, "Enter the document's address")
    .max(2000, "The address is too long")
    .refine(isSafeExternalUrl, "Enter a full web address starting with https://"),
});

export const sheetFormSchema = z.object({
  title: required("Give the sheet a title", 200),
  classification: z.enum(BUILDING_PRODUCT_CLASSES, { error: "Choose the classification" }),
  exemptReason: text(2000),
  responsibility: z.enum(BUILDING_INFO_RESPONSIBILITIES, { error: "Choose who is responsible" }),
  sourceUrl: url(),
  description: text(5000),
  intendedUse: text(5000),
  identifiers: list(identifierSchema, SHEET_LIMITS.identifiers, "identifiers"),
  partyLegalName: text(200),
  /** One trading name a line. */
  partyTradingNames: text(1000),
  partyNzbn: text(13).refine((v) => v === null || /^\d{13}$/.test(v), "An NZBN has 13 digits"),
  partyAddress: text(500),
  partyPhone: text(50),
  partyEmail: text(254).refine(
    (v) => v === null || z.email().safeParse(v).success,
    "Enter an e-mail address such as info@example.co.nz",
  ),
  partyWebsite: url(),
  manufacturerName: text(200),
  manufacturerAddress: text(500),
  manufacturerCountry: text(100),
  manufacturerWebsite: url(),
  codeClauses: list(codeClauseSchema, SHEET_LIMITS.codeClauses, "clauses"),
  scopeOfUse: text(5000),
  designRequirements: text(5000),
  installationRequirements: text(5000),
  maintenanceRequirements: text(5000),
  requirementsDocumentUrl: url(),
  warnings: text(5000),
  evidence: list(evidenceSchema, SHEET_LIMITS.evidence, "documents"),
  reviewedOn: date,
});

export type SheetInput = z.output<typeof sheetFormSchema>;
/** The form as Conform holds it in the browser. */
export type SheetFormShape = z.input<typeof sheetFormSchema>;

const idSchema = z.uuid("This sheet does not exist");

/** The list's intents: a new sheet starts from its title and opens in the editor. */
export const sheetListIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), title: required("Give the sheet a title", 200) }),
]);

/** The editor's intents: save the sheet, or delete it (its products are unlinked). */
export const sheetEditorIntentSchema = z.discriminatedUnion("intent", [
  sheetFormSchema.extend({ intent: z.literal("save") }),
  z.object({ intent: z.literal("delete"), id: idSchema }),
]);

export const CLASSIFICATION_LABELS = {
  class_1: "Class 1",
  class_2: "Class 2",
  exempt_codemark: "Exempt – CodeMark certified",
  exempt_other: "Exempt – other",
  not_designated: "Not designated",
} as const satisfies Record<(typeof BUILDING_PRODUCT_CLASSES)[number], string>;

export const RESPONSIBILITY_LABELS = {
  manufacturer: "Manufacturer",
  importer: "Importer",
  reseller: "Reseller",
} as const satisfies Record<(typeof BUILDING_INFO_RESPONSIBILITIES)[number], string>;

export const IDENTIFIER_LABELS = {
  sku: "SKU",
  model: "Model",
  gtin: "GTIN",
  other: "Other",
} as const satisfies Record<(typeof PRODUCT_IDENTIFIER_KINDS)[number], string>;

export const PATHWAY_LABELS = {
  acceptable_solution: "Acceptable Solution",
  verification_method: "Verification Method",
  alternative_solution: "Alternative solution",
  codemark: "CodeMark",
  appraisal: "Appraisal",
} as const satisfies Record<(typeof COMPLIANCE_PATHWAYS)[number], string>;
