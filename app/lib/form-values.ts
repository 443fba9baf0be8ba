// Field parsers shared by every admin form schema, for zod objects that
// Conform fills from FormData (an empty input arrives as undefined).
//
//   price: decimalField({ min: 0, max: 9_999_999_999.99, label: "Price" })   // "abc" -> 0, "12.345" -> 12.35
//   price: decimalField({ label: "Price", required: "Price is required" })  // "" -> refused
//   stockQuantity: integerField({ min: 0, label: "Stock quantity" })           // "x" -> 0, "7.9" -> 7
//   name: requiredText("Product name is required", 200)
//   description: optionalText(5000)                                            // "" -> null
//   categoryId: optionalId()                                                   // "" -> null, else a uuid
//   isPublished: checkbox()                                                    // "on" -> true, absent -> false
//   imageUrl: imageUrlField()                                                  // "" -> null; http(s) or /path
//   validUntil: dateField("Enter the date the quote is valid until")           // "2026-02-29" -> refused
//   reviewedOn: optionalDateField("Enter a date such as 2026-03-01")           // "" -> null
//
// Non-numeric input becomes 0; a number outside the database's range is refused
// with a message rather than clamped, so nobody's 150% discount is silently stored as 100%.
// Each parser is `.optional()` first: Conform treats a field missing from the post (not only an
// empty one) as undefined, and refuses it unless the schema says it may be absent.
import { z } from "zod";
import { DATE_YEARS, isCalendarDate, isWithinDateYears } from "~/lib/nz-date";
import { isSafeLink } from "~/lib/safe-link";

// The leading number of a text, the way parseFloat reads it ("12abc" -> "12"), kept as text.
const LEADING_DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)/;

/** parseFloat semantics, rounded half-up to 2 places on the decimal text (no binary drift). */
export function parseDecimal(value: unknown): number {
  const match = LEADING_DECIMAL.exec(String(value ?? ""));
  if (!match) return 0;
  const rounded = Math.round(Number(`${match[0].trim()}e2`)) / 100;
  return Number.isFinite(rounded) ? rounded + 0 : 0;
}

/** parseInt semantics: "7.9" -> 7, "x" -> 0. */
export function parseInteger(value: unknown): number {
  const parsed = Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(parsed) ? parsed + 0 : 0;
}

type RangeOptions = { label: string; min?: number; max?: number };

function inRange(schema: z.ZodNumber, { label, min, max }: RangeOptions) {
  let ranged = schema;
  if (min !== undefined && max !== undefined) {
    const message =
      min === 0 && max >= 1e9 ? `${label} cannot be negative` : `${label} must be between ${min} and ${max}`;
    ranged = ranged.min(min, message).max(max, max >= 1e9 ? `${label} is too large` : message);
  } else if (min !== undefined) {
    ranged = ranged.min(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`);
  } else if (max !== undefined) {
    ranged = ranged.max(max, `${label} must be at most ${max}`);
  }
  return ranged;
}

/**
 * A decimal. With `required`, a blank field is refused with that message (blank is not 0); text
 * that is not a number still becomes 0.
 */
export function decimalField(options: RangeOptions & { required?: string }) {
  const decimal = z.unknown().optional().transform(parseDecimal).pipe(inRange(z.number(), options));
  if (!options.required) return decimal;
  const message = options.required;
  return z
    .unknown()
    .optional()
    .refine((value) => value !== undefined && value !== null && String(value).trim() !== "", { message })
    .pipe(decimal);
}

export function integerField(options: RangeOptions) {
  return z
    .unknown()
    .optional()
    .transform(parseInteger)
    .pipe(inRange(z.number().int(), { max: 2_147_483_647, ...options }));
}

/** An integer that may be left empty (stored null); non-numeric text still becomes 0. */
export function optionalIntegerField(options: RangeOptions) {
  return z
    .unknown()
    .optional()
    .transform((value) => (value === undefined || String(value).trim() === "" ? null : parseInteger(value)))
    .pipe(inRange(z.number().int(), { max: 2_147_483_647, ...options }).nullable());
}

export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

export function optionalText(max = 5000) {
  return z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null));
}

export function optionalId(message = "Please choose from the list") {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .pipe(z.uuid(message).nullable());
}

/** A checkbox or switch: present ("on") is true, absent is false. */
export function checkbox() {
  return z
    .unknown()
    .optional()
    .transform((value) => value === "on" || value === "true" || value === true);
}

/**
 * An http(s) URL or a site path such as /files/media/…; never javascript:, protocol-relative, or
 * carrying control characters, backslashes or whitespace (lib/safe-link decides).
 */
export function isSafeUrl(value: string) {
  return isSafeLink(value, { external: true });
}

export function imageUrlField(message = "Please enter a valid image URL") {
  return z
    .string()
    .trim()
    .max(2000, "The URL is too long")
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isSafeUrl(value), message);
}

const DATE_OUT_OF_RANGE = `Enter a date between ${DATE_YEARS.min} and ${DATE_YEARS.max}`;

/** A typed date's problem: not a day of the calendar (`message`), or a year out of range. */
function checkDate(value: string, ctx: z.core.$RefinementCtx<string>, message: string) {
  if (!isCalendarDate(value)) ctx.addIssue({ code: "custom", message });
  else if (!isWithinDateYears(value)) ctx.addIssue({ code: "custom", message: DATE_OUT_OF_RANGE });
}

/**
 * The one reading of a date field (an `<input type="date">`, YYYY-MM-DD) for every form: a real
 * day of the calendar in a year from DATE_YEARS, or refused with `message`. Required.
 */
export function dateField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .superRefine((value, ctx) => checkDate(value, ctx, message));
}

/** As dateField, but a field left empty is null. */
export function optionalDateField(message: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .superRefine((value, ctx) => {
      if (value !== null) checkDate(value, ctx as z.core.$RefinementCtx<string>, message);
    });
}
