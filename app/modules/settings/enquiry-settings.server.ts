// Reading the enquiry_settings row (see enquiry-settings.ts for its rules; commands.server.ts saves it).
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
