// The synonyms in force: the list staff saved in Settings → Search, else the standard trade list.
// Kept in memory between content changes (a saved list bumps the content generation here and, by
// NOTIFY, on every instance), so a search reads the setting once, not once a query.
import { eq } from "drizzle-orm";
import { memoizeContent } from "~/server/cache/content-memo.server";
import { getDb } from "~/server/db/db.server";
import { siteSettings } from "~/server/db/schema";
import { formatSynonyms, readStoredSynonyms, SEARCH_SYNONYMS_KEY } from "./synonym-text";
import { type SynonymLookup, synonymLookup, synonymsOf } from "./synonyms";
import { type TradeSynonym, tradeSynonyms } from "./trade-synonyms";

/** The list staff saved; null while they have saved none (the standard list is then in force). */
export async function savedSynonyms(): Promise<TradeSynonym[] | null> {
  const [row] = await getDb()
    .select({ value: siteSettings.settingValue })
    .from(siteSettings)
    .where(eq(siteSettings.settingKey, SEARCH_SYNONYMS_KEY));
  return row ? readStoredSynonyms(row.value) : null;
}

/** The list in force and whether it is the standard one. */
export async function synonymsInForce(): Promise<{ entries: readonly TradeSynonym[]; standard: boolean }> {
  const saved = await savedSynonyms();
  return saved ? { entries: saved, standard: false } : { entries: tradeSynonyms, standard: true };
}

/** The lookup a search applies. */
export function searchSynonyms(): Promise<SynonymLookup> {
  return memoizeContent("search-synonyms", async () => {
    const saved = await savedSynonyms();
    return saved ? synonymLookup(saved) : synonymsOf();
  });
}

/**
 * What Settings → Search shows: the list in force as text, or (`restoring`) the standard list put
 * back in the box, not yet saved.
 */
export async function synonymSettings(restoring: boolean) {
  const inForce = await synonymsInForce();
  const entries = restoring ? tradeSynonyms : inForce.entries;
  return { standard: inForce.standard, restoring, entries: entries.length, text: formatSynonyms(entries) };
}
