import { expect, test } from "vitest";
import {
  addToQuoteList,
  encodeQuoteList,
  parseQuoteList,
  QUOTE_LIST_MAX_LINES,
  QUOTE_LIST_MAX_VALUE_LENGTH,
  type QuoteEntry,
  readQuoteListValue,
  removeFromQuoteList,
  setQuoteQuantity,
} from "./quote-list-cookie";
import { quoteListIntentSchema, quoteListReturnPath } from "./schema";

const A = "3f2a9c1e-0b7d-4c55-a1e2-f3a4b5c6d7e8";
const B = "7b1e0000-1111-4222-8333-444455556666";

function id(n: number) {
  return `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

function hex(uuid: string) {
  return uuid.replaceAll("-", "");
}

function fullList(): QuoteEntry[] {
  return Array.from({ length: QUOTE_LIST_MAX_LINES }, (_, n) => ({ productId: id(n), quantity: 9999 }));
}

test("a list survives the round trip in order, in plain cookie characters", () => {
  const entries = [
    { productId: A, quantity: 40 },
    { productId: B, quantity: 2 },
  ];
  const value = encodeQuoteList(entries);
  expect(value).toBe(`${hex(A)}:40.${hex(B)}:2`);
  expect(value).toMatch(/^[0-9a-f:.]+$/);
  expect(parseQuoteList(value)).toEqual(entries);
});

test("a full list of the largest quantities stays well under the 4 KB a browser keeps", () => {
  const value = encodeQuoteList(fullList());
  expect(value.length).toBeLessThan(QUOTE_LIST_MAX_VALUE_LENGTH);
  expect(`tc_quote=${value}; Path=/; Max-Age=7776000; SameSite=Lax; Secure`.length).toBeLessThan(2100);
  expect(parseQuoteList(value)).toEqual(fullList());
});

test("malformed lines are dropped and the good ones kept; nothing throws", () => {
  const good = `${hex(A)}:3`;
  const cases = [
    "",
    "garbage",
    "%7B%22a%22%3A1%7D",
    `${hex(A)}`,
    `${hex(A)}:`,
    `${hex(A)}:0`,
    `${hex(A)}:-1`,
    `${hex(A)}:1e3`,
    `${hex(A)}:10000`,
    `${hex(A)}:abc`,
    `${hex(A).slice(1)}:1`,
    `${hex(A)}0:1`,
    `zz${hex(A).slice(2)}:1`,
    "....",
    ":::",
  ];
  for (const bad of cases) {
    expect(parseQuoteList(bad), bad).toEqual([]);
    expect(parseQuoteList(`${bad}.${good}`), bad).toEqual([{ productId: A, quantity: 3 }]);
  }
  expect(parseQuoteList(null)).toEqual([]);
  expect(parseQuoteList(undefined)).toEqual([]);
});

test("upper-case hex reads as the same product", () => {
  expect(parseQuoteList(`${hex(A).toUpperCase()}:5`)).toEqual([{ productId: A, quantity: 5 }]);
});

test("a value longer than any we write is ignored whole", () => {
  const padded = `${hex(A)}:1.${"x".repeat(QUOTE_LIST_MAX_VALUE_LENGTH)}`;
  expect(parseQuoteList(padded)).toEqual([]);
});

test("a product listed twice keeps its first place and the quantities add up, capped at 9999", () => {
  const value = `${hex(A)}:5.${hex(B)}:1.${hex(A)}:7`;
  expect(parseQuoteList(value)).toEqual([
    { productId: A, quantity: 12 },
    { productId: B, quantity: 1 },
  ]);
  expect(parseQuoteList(`${hex(A)}:9000.${hex(A)}:9000`)).toEqual([{ productId: A, quantity: 9999 }]);
});

test("only the first 50 products of a longer value count", () => {
  const entries = Array.from({ length: 55 }, (_, n) => ({ productId: id(n), quantity: 1 }));
  const value = entries.map((e) => `${hex(e.productId)}:1`).join(".");
  const parsed = parseQuoteList(value);
  expect(parsed).toHaveLength(50);
  expect(parsed[49]?.productId).toBe(id(49));
});

test("the cookie is found among others in a Cookie header, and absent when it is not there", () => {
  expect(readQuoteListValue(`a=1; tc_quote=${hex(A)}:2; b=2`)).toBe(`${hex(A)}:2`);
  expect(readQuoteListValue("tc_quote_old=1; xtc_quote=2")).toBeNull();
  expect(readQuoteListValue("")).toBeNull();
  expect(readQuoteListValue(null)).toBeNull();
});

test("adding a listed product adds to its quantity in place, capped at 9999", () => {
  const start = [
    { productId: A, quantity: 2 },
    { productId: B, quantity: 1 },
  ];
  expect(addToQuoteList(start, A, 3)).toEqual({
    ok: true,
    entries: [
      { productId: A, quantity: 5 },
      { productId: B, quantity: 1 },
    ],
  });
  expect(addToQuoteList(start, A, 9999)).toMatchObject({
    ok: true,
    entries: [{ productId: A, quantity: 9999 }, {}],
  });
});

test("a new product goes to the end, and a 51st is refused", () => {
  expect(addToQuoteList([{ productId: A, quantity: 1 }], B, 1)).toEqual({
    ok: true,
    entries: [
      { productId: A, quantity: 1 },
      { productId: B, quantity: 1 },
    ],
  });
  expect(addToQuoteList(fullList(), A, 1)).toEqual({ ok: false, reason: "full" });
  // A product already in a full list can still be topped up.
  expect(addToQuoteList(fullList(), id(3), 1)).toMatchObject({ ok: true });
});

test("quantities outside 1–9999 are refused by every change", () => {
  for (const quantity of [0, -1, 1.5, 10000, Number.NaN]) {
    expect(addToQuoteList([], A, quantity)).toEqual({ ok: false, reason: "quantity" });
    expect(setQuoteQuantity([{ productId: A, quantity: 1 }], A, quantity)).toEqual({
      ok: false,
      reason: "quantity",
    });
  }
});

test("setting a quantity keeps the product's place; removing drops only that product", () => {
  const start = [
    { productId: A, quantity: 2 },
    { productId: B, quantity: 1 },
  ];
  expect(setQuoteQuantity(start, A, 40)).toEqual({
    ok: true,
    entries: [
      { productId: A, quantity: 40 },
      { productId: B, quantity: 1 },
    ],
  });
  expect(setQuoteQuantity(fullList(), A, 1)).toEqual({ ok: false, reason: "full" });
  expect(removeFromQuoteList(start, A)).toEqual([{ productId: B, quantity: 1 }]);
  expect(removeFromQuoteList(start, id(9))).toEqual(start);
});

test("a post's fields: quantity defaults to 1 for add and must be a whole number from 1 to 9999", () => {
  expect(quoteListIntentSchema.parse({ intent: "add", productId: A.toUpperCase() })).toEqual({
    intent: "add",
    productId: A,
    quantity: 1,
  });
  expect(quoteListIntentSchema.parse({ intent: "set", productId: A, quantity: "25" })).toMatchObject({
    quantity: 25,
  });
  for (const quantity of ["0", "10000", "2.5", "abc", "-3"]) {
    const result = quoteListIntentSchema.safeParse({ intent: "set", productId: A, quantity });
    expect(result.error?.issues[0]?.message, quantity).toBe(
      "Quantity must be a whole number from 1 to 9999.",
    );
  }
  expect(quoteListIntentSchema.safeParse({ intent: "set", productId: A }).success).toBe(false);
  expect(
    quoteListIntentSchema.safeParse({ intent: "add", productId: "1; drop table" }).error?.issues[0]?.message,
  ).toBe("Choose a product from the catalogue.");
  expect(quoteListIntentSchema.safeParse({ intent: "explode" }).error?.issues[0]?.message).toBe(
    "That quote list action is not known.",
  );
});

test("a plain form post goes back only to a path on this site", () => {
  expect(quoteListReturnPath("/catalog?brand=x&page=2#product-1")).toBe("/catalog?brand=x&page=2#product-1");
  expect(quoteListReturnPath("/")).toBe("/");
  for (const unsafe of [
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "catalog",
    "/\t/evil.example",
    "/a\r\nSet-Cookie: x=1",
    "/ü",
    `/${"a".repeat(2001)}`,
    "",
    null,
    42,
  ]) {
    expect(quoteListReturnPath(unsafe), String(unsafe)).toBe("/contact");
  }
});
