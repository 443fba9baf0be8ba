// The enquiry_settings site setting: who gets the staff e-mail for each enquiry, and how long the
// attachments of closed enquiries are kept. Shared by the Settings screen and the server.
import { z } from "zod";

export const ENQUIRY_SETTINGS_KEY = "enquiry_settings";
export const MAX_NOTIFICATION_RECIPIENTS = 20;
export const DEFAULT_RETENTION_MONTHS = 24;

const recipient = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "An e-mail address must be at most 254 characters")
  .regex(z.regexes.email, "Please enter a valid email address");

export const enquirySettingsSchema = z.object({
  /** Empty: every active admin. */
  notificationRecipients: z
    .array(recipient)
    .max(MAX_NOTIFICATION_RECIPIENTS, `At most ${MAX_NOTIFICATION_RECIPIENTS} recipients`)
    .transform((list) => [...new Set(list)]),
  attachmentRetentionMonths: z.coerce
    .number({ error: "Enter a number of months" })
    .int("Enter a whole number of months")
    .min(1, "Keep attachments for at least 1 month")
    .max(120, "Keep attachments for at most 120 months"),
});

export type EnquirySettings = z.infer<typeof enquirySettingsSchema>;

export const DEFAULT_ENQUIRY_SETTINGS: EnquirySettings = {
  notificationRecipients: [],
  attachmentRetentionMonths: DEFAULT_RETENTION_MONTHS,
};

/** The stored value read field by field; anything unreadable takes its default. */
export function parseEnquirySettings(value: unknown): EnquirySettings {
  const record = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const recipients = enquirySettingsSchema.shape.notificationRecipients.safeParse(
    record.notificationRecipients,
  );
  const months = enquirySettingsSchema.shape.attachmentRetentionMonths.safeParse(
    record.attachmentRetentionMonths,
  );
  return {
    notificationRecipients: recipients.success
      ? recipients.data
      : DEFAULT_ENQUIRY_SETTINGS.notificationRecipients,
    attachmentRetentionMonths: months.success
      ? months.data
      : DEFAULT_ENQUIRY_SETTINGS.attachmentRetentionMonths,
  };
}
