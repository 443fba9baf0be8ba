// Site settings are written by these commands (run through server/commands/runner.server.ts):
// each one site_settings row, by upsert on its setting_key. The Settings screen's hero, enquiries
// and quotes tabs each save one, its value judged by the tab's form.
import { defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { siteSettings } from "~/server/db/schema";
import { ENQUIRY_SETTINGS_KEY, type EnquirySettings } from "./enquiry-settings";
import { settingEntity } from "./entity";

/** Stores a setting's value (a work helper: inside a command, or a script's or a test's setup). */
export async function storeSetting(settingKey: string, settingValue: Record<string, unknown>) {
  await getDb()
    .insert(siteSettings)
    .values({ settingKey, settingValue })
    .onConflictDoUpdate({ target: siteSettings.settingKey, set: { settingValue } });
}

/** The enquiry_settings row (see enquiry-settings.ts for its rules); a work helper like storeSetting. */
export async function saveEnquirySettings(value: EnquirySettings) {
  await storeSetting(ENQUIRY_SETTINGS_KEY, {
    notificationRecipients: value.notificationRecipients,
    attachmentRetentionMonths: value.attachmentRetentionMonths,
  } satisfies EnquirySettings);
}

/** Saves one setting: its key, and its whole value as the form that judged it made it. */
export const saveSetting = defineCommand({
  name: "setting.save",
  entity: settingEntity,
  access: "admin",
  target: (input: { key: string; value: Record<string, unknown> }) => ({ action: "update", id: input.key }),
  run: (input) => storeSetting(input.key, input.value),
});
