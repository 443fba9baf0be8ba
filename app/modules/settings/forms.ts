// The Settings screen's Enquiries form, shared by the browser and the action: the recipients
// typed one per line, each checked by the setting's own rule, and the retention.
import { z } from "zod";
import { enquirySettingsSchema } from "./enquiry-settings";

// The recipients arrive as one address per line; each line is checked by the setting's own rule
// and a bad one is named, so the message can sit under the one text box.
const recipientLines = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const lines = (text ?? "")
      .split(/[\r\n,;]+/)
      .map((line) => line.trim())
      .filter(Boolean);
    const parsed = enquirySettingsSchema.shape.notificationRecipients.safeParse(lines);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const at = issue.path[0];
      const line = typeof at === "number" ? lines[at] : undefined;
      ctx.addIssue({
        code: "custom",
        message: line ? `${issue.message}: ${line.slice(0, 80)}` : issue.message,
      });
    }
    return z.NEVER;
  });

export const enquirySettingsFormSchema = z.object({
  intent: z.literal("save-enquiry-settings"),
  notificationRecipients: recipientLines,
  attachmentRetentionMonths: enquirySettingsSchema.shape.attachmentRetentionMonths,
});
