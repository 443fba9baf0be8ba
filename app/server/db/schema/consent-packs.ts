// Consent packs downloaded: one row per download (whoever made it: a visitor, a customer from their
// quote link, staff), what the dashboard counts for the month. Never who downloaded it.
import { date, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { createdAt, updatedAt } from "./columns";

export const CONSENT_PACK_SOURCES = ["visitor", "customer", "staff"] as const;

export const consentPackDownloads = pgTable(
  "consent_pack_downloads",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Where it was asked for: the public site, a quote link, the back office. */
    source: text({ enum: CONSENT_PACK_SOURCES }).notNull(),
    products: integer().notNull(),
    format: text({ enum: ["pdf", "zip"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("consent_pack_downloads_created_at_idx").on(t.createdAt)],
);

/**
 * Per product, what the last consent pack holding it carried: the certificates that went in
 * (id and name) and the losses it reported, so the next pack can say which certificates a product
 * lost since. A cache of what packs printed: any row may be deleted (the next pack starts anew).
 */
export const consentPackHistory = pgTable("consent_pack_history", {
  productId: uuid()
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  /** The New Zealand day of that pack. */
  packedOn: date().notNull(),
  certificates: jsonb().$type<{ id: string; name: string }[]>().notNull(),
  lost: jsonb().$type<{ since: string; names: string[] } | null>(),
  updatedAt: updatedAt(),
});
