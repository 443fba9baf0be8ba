// The quote builder's form, shared by the browser (its preview) and the server (the authority):
// the customer, the validity, the notes and the lines. Amounts arrive as the text typed ("19.99",
// "2.5", "12.5") and leave as integers (cents, thousandths, hundredths of a percent).
import { z } from "zod";
import { dateField } from "~/lib/form-values";
import {
  AMOUNT_LIMIT_MESSAGES,
  BASIS_POINTS,
  isLineWithinLimit,
  lineTotalCents,
  MAX_CENTS,
  parseScaled,
  QUANTITY_SCALE,
} from "~/lib/money";
import { SKU_MAX } from "~/modules/products/schema";

export const QUOTE_LIMITS = {
  lines: 100,
  description: 300,
  unit: 20,
  note: 300,
  customerName: 100,
  customerCompany: 120,
  email: 254,
  noteToCustomer: 2000,
  internalNotes: 2000,
  /** The most of one line: a million units. */
  quantityMilli: 1_000_000 * QUANTITY_SCALE,
} as const;

const optional = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

/** A decimal typed into a field, as an integer of 10^places units. */
const scaled = (places: number, messages: { required: string; invalid: string }) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string" || value.trim() === "") return undefined;
      return parseScaled(value, places) ?? Number.NaN;
    },
    z.number({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) }),
  );

export const quoteLineSchema = z.object({
  productId: z
    .uuid()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  description: z
    .string({ error: "Describe the line" })
    .trim()
    .min(1, "Describe the line")
    .max(
      QUOTE_LIMITS.description,
      `A line's description must be at most ${QUOTE_LIMITS.description} characters`,
    ),
  brandName: optional(120, "The brand"),
  productSlug: optional(200, "The product link"),
  sku: optional(SKU_MAX, "A stock code"),
  quantityMilli: scaled(3, {
    required: "Enter a quantity",
    invalid: "Enter a quantity such as 4 or 2.5 (at most three decimals)",
  }).pipe(
    z
      .number()
      .int()
      .min(1, "The quantity must be more than 0")
      .max(QUOTE_LIMITS.quantityMilli, "The quantity must be at most 1,000,000"),
  ),
  unit: z
    .string()
    .trim()
    .max(QUOTE_LIMITS.unit, `A unit must be at most ${QUOTE_LIMITS.unit} characters`)
    .optional()
    .transform((value) => value || "each"),
  unitPriceCents: scaled(2, {
    required: "Enter a unit price",
    invalid: "Enter a price such as 19.99",
  }).pipe(z.number().int().min(0, "A price cannot be negative").max(MAX_CENTS, "The price is too large")),
  discountBasisPoints: z
    .preprocess(
      // No discount typed is no discount.
      (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? "0" : value),
      scaled(2, { required: "Enter a discount", invalid: "Enter a discount such as 10 or 12.5" }),
    )
    .pipe(
      z
        .number()
        .int()
        .min(0, "A discount cannot be negative")
        .max(BASIS_POINTS, "A discount must be at most 100%"),
    ),
  note: optional(QUOTE_LIMITS.note, "A line's note"),
});

export type QuoteLineInput = z.output<typeof quoteLineSchema>;

/**
 * Each line's total and the subtotal are at most MAX_CENTS (lib/money), so every amount of the
 * quote, GST and total included, is exact and fits its column.
 */
function checkAmounts(lines: QuoteLineInput[], ctx: z.core.$RefinementCtx<QuoteLineInput[]>) {
  let subtotal = 0;
  for (const [index, line] of lines.entries()) {
    if (!Number.isSafeInteger(line.quantityMilli) || !Number.isSafeInteger(line.unitPriceCents)) continue;
    if (!isLineWithinLimit(line)) {
      ctx.addIssue({ code: "custom", path: [index, "unitPriceCents"], message: AMOUNT_LIMIT_MESSAGES.line });
      return;
    }
    subtotal += lineTotalCents(line);
  }
  if (subtotal > MAX_CENTS) ctx.addIssue({ code: "custom", message: AMOUNT_LIMIT_MESSAGES.quote });
}

export const quoteDraftSchema = z.object({
  customerName: z
    .string({ error: "Name is required" })
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(QUOTE_LIMITS.customerName, `Name must be at most ${QUOTE_LIMITS.customerName} characters`),
  customerEmail: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .max(QUOTE_LIMITS.email, `An e-mail address must be at most ${QUOTE_LIMITS.email} characters`)
    .regex(z.regexes.email, "Please enter a valid email address"),
  customerCompany: optional(QUOTE_LIMITS.customerCompany, "The company"),
  validUntil: dateField("Enter the date the quote is valid until"),
  noteToCustomer: optional(QUOTE_LIMITS.noteToCustomer, "The note to the customer"),
  internalNotes: optional(QUOTE_LIMITS.internalNotes, "The internal notes"),
  lines: z
    .array(quoteLineSchema)
    .max(QUOTE_LIMITS.lines, `A quote can have at most ${QUOTE_LIMITS.lines} lines`)
    .superRefine(checkAmounts)
    .optional()
    .transform((lines) => lines ?? []),
});

export type QuoteDraftInput = z.output<typeof quoteDraftSchema>;

/** What a quote's page posts: its `intent`, and the builder's fields when it saves. */
export const quoteActionSchema = z.discriminatedUnion("intent", [
  quoteDraftSchema.extend({ intent: z.literal("save") }),
  // Saves, then asks whether to send (the page's ?step=send state).
  quoteDraftSchema.extend({ intent: z.literal("review") }),
  // Saves and sends (the dialog's Send Quote).
  quoteDraftSchema.extend({ intent: z.literal("send") }),
  // Sends the draft as saved (the ?step=send state's Send Quote).
  z.object({ intent: z.literal("send-saved") }),
  z.object({
    intent: z.literal("withdraw"),
    reason: z
      .string({ error: "Say why the quote is withdrawn" })
      .trim()
      .min(3, "Say why the quote is withdrawn")
      .max(300, "The reason must be at most 300 characters"),
  }),
  z.object({ intent: z.literal("revise") }),
]);

export type QuoteAction = z.output<typeof quoteActionSchema>;
