import { expect, test } from "vitest";
import { z } from "zod";
import {
  checkbox,
  decimalField,
  imageUrlField,
  integerField,
  isSafeUrl,
  parseDecimal,
  parseInteger,
} from "./form-values";

test("decimals read like parseFloat, rounded half-up to the cent on the text", () => {
  expect(parseDecimal("abc")).toBe(0);
  expect(parseDecimal("")).toBe(0);
  expect(parseDecimal(undefined)).toBe(0);
  expect(parseDecimal("12.345")).toBe(12.35);
  expect(parseDecimal("1.005")).toBe(1.01);
  expect(parseDecimal("19.99 incl GST")).toBe(19.99);
  expect(parseDecimal(".5")).toBe(0.5);
  expect(parseDecimal("-0")).toBe(0);
  expect(Object.is(parseDecimal("-0"), -0)).toBe(false);
});

test("whole numbers read like parseInt", () => {
  expect(parseInteger("x")).toBe(0);
  expect(parseInteger("7.9")).toBe(7);
  expect(parseInteger(" 12 ")).toBe(12);
  expect(parseInteger("-3")).toBe(-3);
});

test("ranges are refused with the field's name, not clamped", () => {
  const schema = z.object({
    discount: integerField({ label: "Discount percentage", min: 0, max: 100 }),
    price: decimalField({ label: "Price", min: 0, max: 9_999_999_999.99 }),
  });
  const result = schema.safeParse({ discount: "150", price: "-1" });
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((i) => i.message).sort()).toEqual([
    "Discount percentage must be between 0 and 100",
    "Price cannot be negative",
  ]);
  expect(schema.parse({})).toEqual({ discount: 0, price: 0 });
});

test("switches, and image URLs that are web addresses or site paths only", () => {
  expect(checkbox().parse("on")).toBe(true);
  expect(checkbox().parse(undefined)).toBe(false);
  expect(isSafeUrl("https://example.nz/a.png")).toBe(true);
  expect(isSafeUrl("/files/media/a.png")).toBe(true);
  for (const bad of ["javascript:alert(1)", "//evil.example/a.png", "data:image/png;base64,AA", "/\\evil"]) {
    expect(isSafeUrl(bad), bad).toBe(false);
  }
  expect(imageUrlField().parse("")).toBeNull();
  expect(imageUrlField().safeParse("javascript:alert(1)").success).toBe(false);
});

test("a required decimal refuses a blank field with its message; text that is not a number is still 0", () => {
  const schema = z.object({ price: decimalField({ label: "Price", min: 0, required: "Price is required" }) });
  for (const blank of [{}, { price: "" }, { price: "   " }]) {
    const result = schema.safeParse(blank);
    expect(result.success, JSON.stringify(blank)).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Price is required"]);
  }
  expect(schema.parse({ price: "abc" })).toEqual({ price: 0 });
  expect(schema.parse({ price: "0" })).toEqual({ price: 0 });
  expect(schema.parse({ price: "12.345" })).toEqual({ price: 12.35 });
  expect(schema.safeParse({ price: "-1" }).error?.issues[0]?.message).toBe("Price cannot be negative");
});
