// The Hero Settings tab: its form and the hero_background setting as saved (commands.server.ts saves it).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/server/db/db.server";
import { siteSettings } from "~/server/db/schema";
import {
  HERO_BACKGROUND_KEY,
  type HeroBackground,
  heroBackgroundSchema,
  parseHeroBackground,
} from "./hero-background";

// The colour inputs always post #rrggbb; the stored setting keeps that one form so the picker can
// show it again (an <input type="color"> cannot display #abc).
const sixDigitHex = z
  .string()
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, "Use a colour such as #1a1a1a")
  .transform((value) => value.toLowerCase());

export const heroSettingsFormSchema = heroBackgroundSchema.extend({
  color: sixDigitHex,
  titleColor: sixDigitHex,
  subtitleColor: sixDigitHex,
});

/** The saved setting, each missing or unreadable field at its default. */
export async function getHeroSettings(): Promise<HeroBackground> {
  const [row] = await getDb()
    .select({ value: siteSettings.settingValue })
    .from(siteSettings)
    .where(eq(siteSettings.settingKey, HERO_BACKGROUND_KEY));
  return parseHeroBackground(row?.value);
}
