// Reading and saving the quote_settings row (see settings.ts for its rules).
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { siteSettings } from "~/server/db/schema";
import { parseQuoteSettings, QUOTE_SETTINGS_KEY, type QuoteSettings } from "./settings";

export async function getQuoteSettings(db: DbOrTx = getDb()): Promise<QuoteSettings> {
  const [row] = await db
    .select({ value: siteSettings.settingValue })
    .from(siteSettings)
    .where(eq(siteSettings.settingKey, QUOTE_SETTINGS_KEY));
  return parseQuoteSettings(row?.value);
}

export async function saveQuoteSettings(value: QuoteSettings) {
  const settingValue = { ...value } satisfies QuoteSettings;
  await getDb()
    .insert(siteSettings)
    .values({ settingKey: QUOTE_SETTINGS_KEY, settingValue })
    .onConflictDoUpdate({ target: siteSettings.settingKey, set: { settingValue } });
}
