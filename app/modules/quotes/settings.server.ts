// Reading the quote_settings row (see settings.ts for its rules; saving it is a command).
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
