// The customer's three answers to a quote (accept, ask for changes, decline), one form each on
// the quote page, shared by the browser (instant messages) and the action (the authority). Each
// posts an `intent`; the action switches on the discriminated union of the three.
import { z } from "zod";
import { QUOTE_DECLINE_REASONS } from "~/lib/vocabulary";

export const ANSWER_LIMITS = {
  name: 100,
  purchaseOrder: 50,
  changes: 2000,
  declineMessage: 1000,
} as const;

export const NAME_REQUIRED = "Name is required";
export const NAME_TOO_SHORT = "Name must be at least 2 characters";
export const TERMS_REQUIRED = "Please accept the terms to continue";
export const CHANGES_REQUIRED = "Please tell us what you would like changed";
export const CHANGES_TOO_SHORT = "Please write at least 10 characters";
export const REASON_REQUIRED = "Please choose a reason";

// A text column cannot hold a NUL character: refused with a message instead of failing the write.
const CANNOT_SAVE = "This field contains a character that cannot be saved";
const savable = (value: string) => !value.includes("\u0000");

/** Optional free text: empty is null. */
function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(savable, CANNOT_SAVE)
    .optional()
    .transform((value) => value || null);
}

export const acceptQuoteSchema = z.object({
  intent: z.literal("accept"),
  name: z
    .string({ error: NAME_REQUIRED })
    .trim()
    .min(1, NAME_REQUIRED)
    .min(2, NAME_TOO_SHORT)
    .max(ANSWER_LIMITS.name, `Name must be at most ${ANSWER_LIMITS.name} characters`)
    .refine(savable, CANNOT_SAVE),
  purchaseOrder: optionalText(ANSWER_LIMITS.purchaseOrder, "The purchase order number"),
  // A checkbox posts "on" when ticked and nothing otherwise; Conform reads "on" as true.
  acceptTerms: z.boolean({ error: TERMS_REQUIRED }).refine((ticked) => ticked, TERMS_REQUIRED),
});

export const requestChangesSchema = z.object({
  intent: z.literal("changes"),
  message: z
    .string({ error: CHANGES_REQUIRED })
    .trim()
    .min(1, CHANGES_REQUIRED)
    .min(10, CHANGES_TOO_SHORT)
    .max(ANSWER_LIMITS.changes, `Please keep it to ${ANSWER_LIMITS.changes} characters`)
    .refine(savable, CANNOT_SAVE),
});

export const declineQuoteSchema = z.object({
  intent: z.literal("decline"),
  reason: z.enum(QUOTE_DECLINE_REASONS, { error: REASON_REQUIRED }),
  message: optionalText(ANSWER_LIMITS.declineMessage, "Your comment"),
});

export const quoteAnswerSchema = z.discriminatedUnion("intent", [
  acceptQuoteSchema,
  requestChangesSchema,
  declineQuoteSchema,
]);

export type QuoteAnswerInput = z.output<typeof quoteAnswerSchema>;
export type QuoteAnswerIntent = QuoteAnswerInput["intent"];
export const QUOTE_ANSWER_INTENTS = ["accept", "changes", "decline"] as const satisfies QuoteAnswerIntent[];
