// The quote list end to end on the server: /quote-list's answers to a fetcher (JSON) and to a
// plain form post (303 back with a flash), the cookie it writes, and the contact enquiry that
// carries the list into enquiry_lines and clears it.
import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, expect, test } from "vitest";
import { readQuoteEntries, resolveQuoteLines } from "~/modules/quote-list/quote-list.server";
import { encodeQuoteList, parseQuoteList, readQuoteListValue } from "~/modules/quote-list/quote-list-cookie";
import type { QuoteListResult } from "~/modules/quote-list/schema";
import { action as contactAction, loader as contactLoader } from "~/routes/public/contact";
import { loader as layoutLoader } from "~/routes/public/layout";
import { action, loader } from "~/routes/resources/quote-list";
import { contactQueries, enquiryLines, products } from "~/server/db/schema";
import { issueFormToken } from "~/server/security/form-token.server";
import { clientIpContext } from "~/server/security/request-context";
import { readToast } from "~/server/toast.server";
import { useTestDatabase } from "../support/database";
import { contactEnquiryAction } from "../support/enquiry";

const database = useTestDatabase();

const ids = {} as Record<"framing" | "roofing" | "hidden" | "soldOut", string>;
const spare: string[] = [];
const MISSING = "00000000-0000-4000-8000-000000000000";

async function insertProduct(values: Partial<typeof products.$inferInsert> & { name: string }) {
  const [row] = await database.current.db.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error("no product inserted");
  return row.id;
}

beforeAll(async () => {
  ids.framing = await insertProduct({ name: "H3.2 Framing 90x45" });
  ids.roofing = await insertProduct({ name: "Colorsteel Roofing", stockStatus: "Low Stock" });
  ids.hidden = await insertProduct({ name: "Retired Sealant", isPublished: false });
  ids.soldOut = await insertProduct({ name: "Gib Board 10mm", stockStatus: "Out of Stock" });
  for (let n = 0; n < 50; n++)
    spare.push(await insertProduct({ name: `Spare ${String(n).padStart(2, "0")}` }));
});

function cookieOf(entries: { productId: string; quantity: number }[]) {
  return `tc_quote=${encodeQuoteList(entries)}`;
}

type Answer = { status: number; body: QuoteListResult | null; response: Response };

async function answer(response: Response): Promise<Answer> {
  const isJson = response.headers.get("content-type")?.includes("json");
  return { status: response.status, body: isJson ? await response.json() : null, response };
}

async function post(fields: Record<string, string>, cookie = "", headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/quote-list", {
    method: "POST",
    headers: { cookie, ...headers },
    body: new URLSearchParams(fields),
  });
  return answer(await action({ request, params: {}, context: new RouterContextProvider() } as never));
}

/** The tc_quote Set-Cookie of a response: its value and attributes, or null if none was sent. */
function quoteCookie(response: Response) {
  const header = response.headers.getSetCookie().find((c) => c.startsWith("tc_quote="));
  if (!header) return null;
  const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
  return { value: pair.slice("tc_quote=".length), attributes, pair };
}

async function toastOf(response: Response) {
  const pair =
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("tc_toast="))
      ?.split(";")[0] ?? "";
  return (await readToast(new Request("http://localhost/", { headers: { cookie: pair } }))).toast;
}

function names(body: QuoteListResult | null) {
  return body?.ok ? body.items.map((item) => `${item.productName} × ${item.quantity}`) : body?.error;
}

test("adding with JavaScript answers JSON and stores the list in a 90-day cookie the page can read", async () => {
  const { status, body, response } = await post({ intent: "add", productId: ids.framing });
  expect(status).toBe(200);
  expect(body).toMatchObject({
    ok: true,
    intent: "add",
    count: 1,
    line: { productName: "H3.2 Framing 90x45" },
  });
  expect(names(body)).toEqual(["H3.2 Framing 90x45 × 1"]);
  const cookie = quoteCookie(response);
  expect(parseQuoteList(cookie?.value)).toEqual([{ productId: ids.framing, quantity: 1 }]);
  expect(cookie?.attributes).toEqual(expect.arrayContaining(["Path=/", "Max-Age=7776000", "SameSite=Lax"]));
  expect(cookie?.attributes.some((a) => a.toLowerCase() === "httponly")).toBe(false);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
});

test("adding a listed product adds to its quantity in its place, capped at 9999", async () => {
  const start = cookieOf([
    { productId: ids.framing, quantity: 9000 },
    { productId: ids.roofing, quantity: 2 },
  ]);
  const { body, response } = await post({ intent: "add", productId: ids.framing, quantity: "5000" }, start);
  expect(names(body)).toEqual(["H3.2 Framing 90x45 × 9999", "Colorsteel Roofing × 2"]);
  expect(parseQuoteList(quoteCookie(response)?.value)).toEqual([
    { productId: ids.framing, quantity: 9999 },
    { productId: ids.roofing, quantity: 2 },
  ]);
});

test("set changes a quantity, remove drops a product, clear deletes the cookie", async () => {
  let cookie = cookieOf([
    { productId: ids.framing, quantity: 1 },
    { productId: ids.roofing, quantity: 2 },
  ]);
  const set = await post({ intent: "set", productId: ids.roofing, quantity: "40" }, cookie);
  expect(set.body).toMatchObject({ ok: true, intent: "set", count: 2 });
  expect(names(set.body)).toEqual(["H3.2 Framing 90x45 × 1", "Colorsteel Roofing × 40"]);
  cookie = quoteCookie(set.response)?.pair ?? "";

  const removed = await post({ intent: "remove", productId: ids.framing }, cookie);
  expect(names(removed.body)).toEqual(["Colorsteel Roofing × 40"]);
  cookie = quoteCookie(removed.response)?.pair ?? "";
  expect(parseQuoteList(readQuoteListValue(cookie))).toEqual([{ productId: ids.roofing, quantity: 40 }]);

  const cleared = await post({ intent: "clear" }, cookie);
  expect(cleared.body).toMatchObject({ ok: true, intent: "clear", count: 0, items: [] });
  expect(quoteCookie(cleared.response)).toMatchObject({ value: "" });
  expect(quoteCookie(cleared.response)?.attributes).toContain("Max-Age=0");
});

test("a bad quantity is refused with 400 and the cookie is left alone", async () => {
  const start = cookieOf([{ productId: ids.framing, quantity: 3 }]);
  for (const quantity of ["0", "10000", "1.5", "lots", ""]) {
    const { status, body, response } = await post({ intent: "set", productId: ids.framing, quantity }, start);
    expect(status, quantity).toBe(400);
    expect(body).toEqual({ ok: false, error: "Quantity must be a whole number from 1 to 9999." });
    expect(quoteCookie(response)).toBeNull();
  }
  const noProduct = await post({ intent: "add", productId: "not-a-product" }, start);
  expect(noProduct).toMatchObject({ status: 400, body: { error: "Choose a product from the catalogue." } });
  const noIntent = await post({ productId: ids.framing }, start);
  expect(noIntent).toMatchObject({ status: 400, body: { error: "That quote list action is not known." } });
});

test("an unknown, unpublished or out-of-stock product cannot be added", async () => {
  const unavailable = "That product is no longer in the catalogue, so it can't be added to your quote list.";
  for (const productId of [MISSING, ids.hidden]) {
    const { status, body, response } = await post({ intent: "add", productId });
    expect(status).toBe(400);
    expect(body).toEqual({ ok: false, error: unavailable });
    expect(quoteCookie(response)).toBeNull();
  }
  const soldOut = await post({ intent: "add", productId: ids.soldOut });
  expect(soldOut.status).toBe(400);
  expect(soldOut.body).toEqual({
    ok: false,
    error: "Gib Board 10mm is out of stock, so it can't be added to your quote list.",
  });
});

test("a product that ran out after it was listed stays listed and its quantity can change", async () => {
  const start = cookieOf([{ productId: ids.soldOut, quantity: 2 }]);
  const { status, body } = await post({ intent: "set", productId: ids.soldOut, quantity: "6" }, start);
  expect(status).toBe(200);
  expect(names(body)).toEqual(["Gib Board 10mm × 6"]);
});

test("the 51st product is refused; a full list can still be topped up", async () => {
  const full = cookieOf(spare.map((productId) => ({ productId, quantity: 1 })));
  const { status, body, response } = await post({ intent: "add", productId: ids.framing }, full);
  expect(status).toBe(400);
  expect(body).toEqual({
    ok: false,
    error: "Your quote list is full (50 products). Send it with an enquiry or remove a product first.",
  });
  expect(quoteCookie(response)).toBeNull();
  const topUp = await post({ intent: "add", productId: spare[0] ?? "", quantity: "4" }, full);
  expect(topUp.body).toMatchObject({ ok: true, count: 50, line: { productName: "Spare 00", quantity: 5 } });
});

test("products the catalogue no longer shows drop out of the list, making room again", async () => {
  const stale = cookieOf([
    ...spare.slice(0, 49).map((productId) => ({ productId, quantity: 1 })),
    { productId: ids.hidden, quantity: 3 },
  ]);
  const { body, response } = await post({ intent: "add", productId: ids.framing }, stale);
  expect(body).toMatchObject({ ok: true, count: 50 });
  const written = parseQuoteList(quoteCookie(response)?.value);
  expect(written.map((e) => e.productId)).not.toContain(ids.hidden);
  expect(written.at(-1)).toEqual({ productId: ids.framing, quantity: 1 });
});

test("a malformed or forged cookie counts as an empty list, never an error", async () => {
  for (const cookie of [
    "tc_quote=%7B%22x%22",
    "tc_quote=..::..",
    `tc_quote=${"f".repeat(5000)}`,
    "tc_quote=",
  ]) {
    const { status, body } = await post({ intent: "add", productId: ids.roofing }, cookie);
    expect(status, cookie).toBe(200);
    expect(names(body)).toEqual(["Colorsteel Roofing × 1"]);
  }
});

test("without JavaScript a post goes back (303) to its page with the cookie and a flash message", async () => {
  const back = "/catalog?category=Timber&page=2#product-1";
  const added = await post({ intent: "add", productId: ids.framing, redirectTo: back });
  expect(added.status).toBe(303);
  expect(added.response.headers.get("Location")).toBe(back);
  expect(parseQuoteList(quoteCookie(added.response)?.value)).toEqual([
    { productId: ids.framing, quantity: 1 },
  ]);
  expect(await toastOf(added.response)).toEqual({
    type: "success",
    title: "Added to your quote list",
    description: "H3.2 Framing 90x45 × 1",
  });

  const refused = await post({ intent: "add", productId: ids.hidden, redirectTo: back });
  expect(refused.status).toBe(303);
  expect(refused.response.headers.get("Location")).toBe(back);
  expect(quoteCookie(refused.response)).toBeNull();
  expect(await toastOf(refused.response)).toMatchObject({
    type: "error",
    title: expect.stringContaining("no longer"),
  });
});

test("a plain post never leaves the site: an unsafe redirectTo goes to /contact", async () => {
  for (const redirectTo of [
    "//evil.example/x",
    "https://evil.example/",
    "/\\evil.example",
    "/a\r\nX: 1",
    "",
  ]) {
    const { status, response } = await post({ intent: "clear", redirectTo });
    expect(status, redirectTo).toBe(303);
    expect(response.headers.get("Location"), redirectTo).toBe("/contact");
  }
});

test("what is not a small form post is refused with a 4xx", async () => {
  const json = new Request("http://localhost/quote-list", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ intent: "clear" }),
  });
  expect((await action({ request: json, params: {}, context: {} } as never)).status).toBe(415);
  const huge = await post({ intent: "add", productId: ids.framing, padding: "x".repeat(20_000) });
  expect(huge.status).toBe(413);
  const put = new Request("http://localhost/quote-list", { method: "PUT", body: new URLSearchParams({}) });
  const refused = await action({ request: put, params: {}, context: {} } as never);
  expect(refused.status).toBe(405);
  expect(refused.headers.get("Allow")).toBe("GET, POST");
});

test("GET answers the list in order, resolved to published products", async () => {
  const cookie = cookieOf([
    { productId: ids.roofing, quantity: 2 },
    { productId: ids.hidden, quantity: 1 },
    { productId: MISSING, quantity: 1 },
    { productId: ids.framing, quantity: 40 },
  ]);
  const request = new Request("http://localhost/quote-list", { headers: { cookie } });
  const context = new RouterContextProvider();
  const { status, body } = await answer(await loader({ request, params: {}, context } as never));
  expect(status).toBe(200);
  expect(body).toMatchObject({ ok: true, count: 2 });
  expect(names(body)).toEqual(["Colorsteel Roofing × 2", "H3.2 Framing 90x45 × 40"]);
  const entries = readQuoteEntries(new Request("http://localhost/contact", { headers: { cookie } }));
  expect(await resolveQuoteLines(entries)).toEqual([
    { productId: ids.roofing, productName: "Colorsteel Roofing", quantity: 2 },
    { productId: ids.framing, productName: "H3.2 Framing 90x45", quantity: 40 },
  ]);
});

test("every public page's header gets the count from the cookie", async () => {
  const cookie = cookieOf([
    { productId: ids.roofing, quantity: 2 },
    { productId: ids.hidden, quantity: 1 },
    { productId: ids.framing, quantity: 3 },
  ]);
  const request = new Request("http://localhost/catalog", { headers: { cookie } });
  const data = await layoutLoader({ request, params: {}, context: new RouterContextProvider() } as never);
  expect(data.quoteList).toEqual({ count: 2, quantities: { [ids.roofing]: 2, [ids.framing]: 3 } });
});

// ------------------------------------------------------------------ sent with a contact enquiry

function enquiryForm(overrides: Record<string, string> = {}) {
  const form = new FormData();
  const fields = {
    fullName: "Aroha Ngata",
    email: "aroha@example.co.nz",
    subject: "Quote Request",
    message: "Please quote the list for the Henderson job.",
    formToken: issueFormToken(new Date(Date.now() - 60_000)),
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

function uniqueIp() {
  return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
}

function contactPost(cookie: string, form = enquiryForm()) {
  return new Request("http://localhost/contact", { method: "POST", headers: { cookie }, body: form });
}

async function linesOf(email: string) {
  const db = database.current.db;
  const [row] = await db.select().from(contactQueries).where(eq(contactQueries.email, email));
  if (!row) throw new Error(`no enquiry from ${email}`);
  const lines = await db
    .select({
      name: enquiryLines.productName,
      quantity: enquiryLines.quantity,
      position: enquiryLines.position,
    })
    .from(enquiryLines)
    .where(eq(enquiryLines.enquiryId, row.id))
    .orderBy(asc(enquiryLines.position));
  return { row, lines };
}

test("a contact enquiry stores the list as its lines, in order, and clears the cookie", async () => {
  const cookie = cookieOf([
    { productId: ids.roofing, quantity: 12 },
    { productId: ids.hidden, quantity: 5 },
    { productId: ids.framing, quantity: 40 },
  ]);
  const form = enquiryForm({ email: "list@example.co.nz" });
  const response = await contactEnquiryAction(contactPost(cookie, form), { clientIp: uniqueIp() });
  expect(response.data.status).toBe("success");
  const { row, lines } = await linesOf("list@example.co.nz");
  expect(row.status).toBe("New");
  expect(lines).toEqual([
    { name: "Colorsteel Roofing", quantity: 12, position: 0 },
    { name: "H3.2 Framing 90x45", quantity: 40, position: 1 },
  ]);
  const cleared = new Headers(response.init?.headers).getSetCookie().find((c) => c.startsWith("tc_quote="));
  expect(cleared).toMatch(/^tc_quote=;/);
  expect(cleared).toContain("Max-Age=0");
  expect(cleared).toContain("Path=/");
});

test("without JavaScript the page drawn after a sent enquiry shows the list empty", async () => {
  const cookie = cookieOf([{ productId: ids.framing, quantity: 2 }]);
  const context = new RouterContextProvider();
  context.set(clientIpContext, uniqueIp());
  const args = { params: {}, context };
  const before = await contactLoader({
    ...args,
    request: new Request("http://localhost/contact", { headers: { cookie } }),
  } as never);
  expect(before.quoteList.map((item) => item.productName)).toEqual(["H3.2 Framing 90x45"]);
  expect(before.defaultSubject).toBe("Quote Request");

  const form = enquiryForm({ email: "nojs@example.co.nz" });
  await contactAction({ ...args, request: contactPost(cookie, form) } as never);
  // React Router runs the loaders after the action with the same request (and its old cookie).
  const request = new Request("http://localhost/contact", { headers: { cookie } });
  const after = await contactLoader({ ...args, request } as never);
  const header = await layoutLoader({ ...args, request } as never);
  expect(after.quoteList).toEqual([]);
  expect(header.quoteList.count).toBe(0);
  expect((await linesOf("nojs@example.co.nz")).lines).toHaveLength(1);
});
