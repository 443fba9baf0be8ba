// The quote_settings site setting: the GST rate, how long a quote stays open, when the customer
// is reminded, the terms printed on every quote, the trader's details a quote carries (name,
// GST number, NZBN), whether the sales role may quote (and so follow up enquiries), and whether a
// sent quote's e-mail carries its consent pack. Shared by the Settings screen and the server, which
// reads it when a quote is drafted and snapshots it when the quote is sent.
import { z } from "zod";
import { checkbox } from "~/lib/form-values";
import { DEFAULT_GST_BASIS_POINTS, formatPercent, parseScaled } from "~/lib/money";
import { checkGstNumber, GST_NUMBER_MESSAGES } from "~/lib/nz-gst-number";

export const QUOTE_SETTINGS_KEY = "quote_settings";

export const DEFAULT_QUOTE_TERMS =
  "Prices are in New Zealand dollars and exclude GST unless shown otherwise. This quote is valid until the date shown and is subject to stock availability at the time of order. Our Trading Terms and Conditions apply to every order: see /terms-conditions on our website.";

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || "");

export const quoteSettingsSchema = z.object({
  /** GST in hundredths of a percent, entered as a percentage such as 15 or 12.5. */
  gstBasisPoints: z.preprocess(
    (value) => (typeof value === "string" ? parseScaled(value, 2) : value),
    z
      .number({ error: "Enter a GST rate such as 15" })
      .int("Enter a GST rate with at most two decimals")
      .min(0, "The GST rate cannot be negative")
      .max(10_000, "The GST rate must be at most 100%"),
  ),
  validityDays: z.coerce
    .number({ error: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(1, "A quote must be valid for at least 1 day")
    .max(365, "A quote can be valid for at most 365 days"),
  reminderDaysBefore: z.coerce
    .number({ error: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(0, "Enter 0 for no reminder")
    .max(60, "Remind at most 60 days before expiry"),
  terms: z
    .string()
    .trim()
    .min(1, "The terms are required")
    .max(5000, "The terms must be at most 5000 characters"),
  traderName: optionalText(120, "The trading name"),
  /** The trader's IRD number as GST number, checked by its check digit and stored as 123-456-789. */
  gstNumber: z
    .string()
    .trim()
    .max(20, GST_NUMBER_MESSAGES.shape)
    .optional()
    .transform((value, context) => {
      if (!value) return "";
      const checked = checkGstNumber(value);
      if (checked.ok) return checked.value;
      context.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }),
  nzbn: z
    .string()
    .trim()
    .regex(/^(\d{13})?$/, "An NZBN has 13 digits")
    .optional()
    .transform((value) => value || ""),
  /**
   * Quotes and the enquiries they answer are the admins'. Ticked, sales may open both too: the
   * enquiry list, an enquiry's follow-up and attachment, and every quote action.
   */
  salesMayQuote: checkbox(),
  /**
   * Ticked, the e-mail of a quote sent to its customer also carries the consent pack of its
   * catalogue products (or, when it cannot be attached, the link to download it).
   */
  attachConsentPack: checkbox(),
});

export type QuoteSettings = z.output<typeof quoteSettingsSchema>;

export const DEFAULT_QUOTE_SETTINGS: QuoteSettings = {
  gstBasisPoints: DEFAULT_GST_BASIS_POINTS,
  validityDays: 30,
  reminderDaysBefore: 5,
  terms: DEFAULT_QUOTE_TERMS,
  traderName: "Trade Counter Ltd",
  gstNumber: "",
  nzbn: "",
  salesMayQuote: false,
  attachConsentPack: false,
};

/** The stored value read field by field; anything unreadable takes its default. */
export function parseQuoteSettings(value: unknown): QuoteSettings {
  const record = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const result = { ...DEFAULT_QUOTE_SETTINGS } as Record<string, unknown>;
  for (const [key, field] of Object.entries(quoteSettingsSchema.shape)) {
    if (!(key in record)) continue;
    const parsed = field.safeParse(record[key]);
    if (parsed.success) result[key] = parsed.data;
  }
  return result as QuoteSettings;
}

/** The settings as the form shows them (the GST rate as a percentage). */
export function quoteSettingsFormValues(settings: QuoteSettings) {
  return {
    ...settings,
    gstBasisPoints: formatPercent(settings.gstBasisPoints),
    validityDays: String(settings.validityDays),
    reminderDaysBefore: String(settings.reminderDaysBefore),
    salesMayQuote: settings.salesMayQuote ? "on" : "",
    attachConsentPack: settings.attachConsentPack ? "on" : "",
  };
}

/** Settings > Quotes posts the settings with its intent. */
export const quoteSettingsFormSchema = quoteSettingsSchema.extend({
  intent: z.literal("save-quote-settings"),
});
