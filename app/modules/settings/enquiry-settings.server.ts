// Reading and saving the enquiry_settings row (see enquiry-settings.ts for its rules).
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { siteSettings } from "~/server/db/schema";
import { ENQUIRY_SETTINGS_KEY, type EnquirySettings, parseEnquirySettings } from "./enquiry-settings";

export async function getEnquirySettings(db: DbOrTx = getDb()): Promise<EnquirySettings> {
  const [row] = await db
    .select({ value: siteSettings.settingValue })
    .from(siteSettings)
    .where(eq(siteSettings.settingKey, ENQUIRY_SETTINGS_KEY));
  return parseEnquirySettings(row?.value);
}

export async function saveEnquirySettings(value: EnquirySettings) {
  const settingValue = {
    notificationRecipients: value.notificationRecipients,
    attachmentRetentionMonths: value.attachmentRetentionMonths,
  } satisfies EnquirySettings;
  await getDb()
    .insert(siteSettings)
    .values({ settingKey: ENQUIRY_SETTINGS_KEY, settingValue })
    .onConflictDoUpdate({ target: siteSettings.settingKey, set: { settingValue } });
}
