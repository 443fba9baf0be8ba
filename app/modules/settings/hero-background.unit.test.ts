import { expect, test } from "vitest";
import { DEFAULT_HERO_BACKGROUND, heroBackgroundSchema, parseHeroBackground } from "./hero-background";

test("an absent or unreadable setting gives the defaults", () => {
  const defaults = { color: "#1a1a1a", opacity: 0.8, titleColor: "#ffffff", subtitleColor: "#e5e5e5" };
  expect(DEFAULT_HERO_BACKGROUND).toEqual(defaults);
  for (const value of [undefined, null, "", "not json", 42, [], {}]) {
    expect(parseHeroBackground(value), JSON.stringify(value)).toEqual(defaults);
  }
});

test("a complete setting is used as stored", () => {
  const stored = { color: "#003366", opacity: 0.5, titleColor: "#fff", subtitleColor: "#CCCCCC" };
  expect(parseHeroBackground(stored)).toEqual(stored);
});

test("a partial setting keeps its values and fills the rest with defaults", () => {
  expect(parseHeroBackground({ color: "#224466" })).toEqual({ ...DEFAULT_HERO_BACKGROUND, color: "#224466" });
  expect(parseHeroBackground({ opacity: 0, titleColor: "#fde68a" })).toEqual({
    ...DEFAULT_HERO_BACKGROUND,
    opacity: 0,
    titleColor: "#fde68a",
  });
});

test("an invalid opacity falls back to 0.8 without discarding the colours", () => {
  for (const opacity of [1.5, -0.1, "lots", null, "", true]) {
    expect(parseHeroBackground({ color: "#123456", opacity }), String(opacity)).toEqual({
      ...DEFAULT_HERO_BACKGROUND,
      color: "#123456",
    });
  }
  expect(parseHeroBackground({ opacity: "0.3" }).opacity).toBe(0.3);
});

test("an invalid colour falls back to its default", () => {
  expect(parseHeroBackground({ color: "red", titleColor: "#12345", subtitleColor: 7 })).toEqual(
    DEFAULT_HERO_BACKGROUND,
  );
});

test("a setting stored as JSON text is read too", () => {
  expect(parseHeroBackground(JSON.stringify({ opacity: 0.4 }))).toEqual({
    ...DEFAULT_HERO_BACKGROUND,
    opacity: 0.4,
  });
});

test("the schema validates a whole setting for saving", () => {
  expect(heroBackgroundSchema.safeParse({ ...DEFAULT_HERO_BACKGROUND, opacity: "0.6" }).data?.opacity).toBe(
    0.6,
  );
  expect(heroBackgroundSchema.safeParse({ ...DEFAULT_HERO_BACKGROUND, opacity: 2 }).success).toBe(false);
  expect(heroBackgroundSchema.safeParse({ ...DEFAULT_HERO_BACKGROUND, color: "blue" }).success).toBe(false);
});
