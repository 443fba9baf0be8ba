// Consent packs downloaded: one row per download (whoever made it: a visitor, a customer from their
// quote link, staff), what the dashboard counts for the month. Never who downloaded it.
import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

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
