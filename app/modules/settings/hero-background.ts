// The hero_background site setting: the overlay colour and opacity over the hero slides and the
// colours of their title and subtitle. Shared by the home page (reading) and the admin Hero
// Settings screen (validating what it saves).
import { z } from "zod";

export const HERO_BACKGROUND_KEY = "hero_background";

const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, "Use a hex colour such as #1a1a1a");

// Form posts carry the slider's value as text; stored JSON carries a number. Both are accepted,
// while null and "" stay invalid so they fall back to the default instead of becoming 0.
const opacitySchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
  z.number().min(0, "Opacity must be between 0 and 1").max(1, "Opacity must be between 0 and 1"),
);

export const heroBackgroundSchema = z.object({
  color: hexColorSchema,
  opacity: opacitySchema,
  titleColor: hexColorSchema,
  subtitleColor: hexColorSchema,
});

export type HeroBackground = z.infer<typeof heroBackgroundSchema>;

export const DEFAULT_HERO_BACKGROUND = {
  color: "#1a1a1a",
  opacity: 0.8,
  titleColor: "#ffffff",
  subtitleColor: "#e5e5e5",
} as const satisfies HeroBackground;

function toRecord(value: unknown): Record<string, unknown> {
  let parsed = value;
  // Older rows may hold the setting as JSON text inside the jsonb column.
  if (typeof parsed === "string") {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      return {};
    }
  }
  return parsed && typeof parsed === "object" && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

/**
 * The stored setting as the site shows it: each field that is missing or invalid takes its
 * default, so one bad value never discards the others (and never breaks the page).
 */
export function parseHeroBackground(value: unknown): HeroBackground {
  const record = toRecord(value);
  const shape = heroBackgroundSchema.shape;
  return {
    color: shape.color.safeParse(record.color).data ?? DEFAULT_HERO_BACKGROUND.color,
    opacity: shape.opacity.safeParse(record.opacity).data ?? DEFAULT_HERO_BACKGROUND.opacity,
    titleColor: shape.titleColor.safeParse(record.titleColor).data ?? DEFAULT_HERO_BACKGROUND.titleColor,
    subtitleColor:
      shape.subtitleColor.safeParse(record.subtitleColor).data ?? DEFAULT_HERO_BACKGROUND.subtitleColor,
  };
}
