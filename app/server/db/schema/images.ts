// Stored pictures and the variants made of them.
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * An uploaded image and the variants made from it once, at upload (WebP and AVIF at a few
 * widths, and a 1200x630 social card). `url` is the original's public URL, as stored in the
 * image_url columns; pages look their images up by it to write srcset, width and height.
 */
export type ImageVariant = {
  format: "webp" | "avif" | "jpeg";
  width: number;
  height: number;
  url: string;
  bytes: number;
};

export const imageAssets = pgTable(
  "image_assets",
  {
    url: text("url").primaryKey(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    variants: jsonb("variants").$type<ImageVariant[]>().notNull().default([]),
    /** A 1200x630 crop for OpenGraph and Twitter cards, when one was made. */
    socialUrl: text("social_url"),
    /**
     * The SHA-256 (hex) of the bytes the picture arrived as, before they were cleaned: a picture
     * imported again is found by it and not processed again. Null for one uploaded by hand.
     */
    contentHash: text("content_hash"),
    /**
     * The web address an imported picture was fetched from: a later import naming the same
     * address leaves the product's picture as it is, without fetching it again.
     */
    fetchedFrom: text("fetched_from"),
    createdAt: createdAt(),
  },
  (t) => [index("image_assets_content_hash_idx").on(t.contentHash)],
);
