// Quotes in the back office through their routes: created from an enquiry, edited and sent in the
// builder (the server's totals and messages), locked once sent, revised and withdrawn, listed and
// searched; each change one audit event; admins only.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import type { Role } from "~/lib/vocabulary";
import { QUOTING_SWITCHED_OFF } from "~/modules/quotes/access.server";
import { nzDatePlusDays } from "~/modules/quotes/drafts.server";
import { QUOTE_LOCKED, QUOTE_NOT_FOUND } from "~/modules/quotes/messages";
import { DEFAULT_QUOTE_SETTINGS } from "~/modules/quotes/settings";
import { getQuoteSettings } from "~/modules/quotes/settings.server";
import { getQuoteStats } from "~/modules/quotes/stats.server";
import {
  action as contactManagementAction,
  loader as contactManagementLoader,
} from "~/routes/admin/contact-management";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as enquiryAction, loader as enquiryLoader } from "~/routes/admin/enquiry";
import { action as quoteAction, loader as quoteLoader } from "~/routes/admin/quote";
import { loader as listLoader } from "~/routes/admin/quotes";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { loader as csvLoader } from "~/routes/resources/enquiries-csv";
import { loader as pdfLoader } from "~/routes/resources/quote-pdf-staff";
import { auditEvents, contactQueries, enquiryLines, mailOutbox, products, quotes } from "~/server/db/schema";
import { cookieFor, errorOf, fieldErrorsOf, settle, toastOf } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { answerAsCustomer, setQuoteSettings } from "../support/quotes";

const database = useTestDatabase();
const db = () => database.current.db;

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

async function call(
  fn: (args: never) => unknown,
  path: string,
  params: Record<string, string>,
  role: Role | null = "admin",
  fields?: Record<string, string>,
) {
  const headers: Record<string, string> = {};
  if (role) headers.cookie = await cookieFor(role);
  const body = fields ? new URLSearchParams(fields) : undefined;
  const request = new Request(`http://localhost${path}`, { method: fields ? "POST" : "GET", headers, body });
  return settle(() => fn({ request, params, context: {} } as never));
}

async function enquiryWithList() {
  const [product] = await db()
    .insert(products)
    .values({ name: `Plywood 12mm ${unique()}`, price: 19.99 })
    .returning();
  const [enquiry] = await db()
    .insert(contactQueries)
    .values({
      fullName: "Mere Parata",
      email: `mere-${unique()}@example.co.nz`,
      subject: "Quote Request",
      message: "Please quote my list.",
    })
    .returning();
  if (!product || !enquiry) throw new Error("not stored");
  await db()
    .insert(enquiryLines)
    .values({ enquiryId: enquiry.id, productId: product.id, productName: product.name, quantity: 3 });
  return { enquiry, product };
}

async function createQuote(enquiryId: string, role: Role = "admin") {
  return call(enquiryAction, `/admin/contact-management/${enquiryId}`, { id: enquiryId }, role, {
    intent: "create-quote",
  });
}

function builderFields(
  intent: string,
  lines: Record<string, string | undefined>[],
  extra: Record<string, string> = {},
) {
  const fields: Record<string, string> = {
    intent,
    customerName: "Mere Parata",
    customerEmail: "mere@example.co.nz",
    validUntil: nzDatePlusDays(20),
    noteToCustomer: "Delivery included.",
    ...extra,
  };
  lines.forEach((line, index) => {
    for (const [name, value] of Object.entries(line))
      if (value !== undefined) fields[`lines[${index}].${name}`] = value;
  });
  return fields;
}

const postQuote = (id: string, fields: Record<string, string>, role: Role = "admin") =>
  call(quoteAction, `/admin/quotes/${id}`, { id }, role, fields);

async function auditOf(quoteId: string) {
  return db()
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, "quote"), eq(auditEvents.entityId, quoteId)));
}

test("from an enquiry to a sent quote: drafted, refused with messages, saved, sent, then locked", async () => {
  const { enquiry, product } = await enquiryWithList();
  const created = await createQuote(enquiry.id);
  expect(created.status).toBe(302);
  const id = created.location?.match(/\/admin\/quotes\/([0-9a-f-]{36})$/)?.[1] ?? "";
  expect(id).not.toBe("");
  expect(await toastOf(created)).toMatch(/^Quote TC-\d{4}-\d{6}-A drafted$/);

  const loaded = await call(quoteLoader, `/admin/quotes/${id}`, { id });
  const quote = (
    loaded.body as {
      quote: { number: string; status: string; lines: { description: string; unitPriceCents: number }[] };
    }
  ).quote;
  expect(quote.status).toBe("draft");
  expect(quote.lines.map((l) => [l.description, l.unitPriceCents])).toEqual([[product.name, 1999]]);

  // A bad line: 400 with the field's message, nothing saved.
  const refused = await postQuote(
    id,
    builderFields("save", [{ description: "Plywood", quantityMilli: "0", unitPriceCents: "19.999" }]),
  );
  expect(refused.status).toBe(400);
  expect(fieldErrorsOf(refused)).toMatchObject({
    "lines[0].quantityMilli": ["The quantity must be more than 0"],
    "lines[0].unitPriceCents": ["Enter a price such as 19.99"],
  });
  expect((await db().select().from(quotes).where(eq(quotes.id, id)))[0]?.noteToCustomer).toBeNull();

  const lines = [
    {
      description: "Plywood 12mm",
      quantityMilli: "3",
      unit: "sheet",
      unitPriceCents: "19.99",
      discountBasisPoints: "",
    },
    { description: "Delivery", quantityMilli: "1", unitPriceCents: "45" },
  ];
  const saved = await postQuote(id, builderFields("save", lines));
  expect(saved.status).toBe(302);
  expect(await toastOf(saved)).toBe("Quote saved");
  const sent = await postQuote(id, builderFields("send", lines));
  expect(sent.status).toBe(302);
  expect(await toastOf(sent)).toBe("Quote sent");
  const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
  // 59.97 + 45.00 = 104.97; GST 15.7455 → 15.75.
  expect(row).toMatchObject({
    status: "sent",
    subtotalCents: 10497,
    gstCents: 1575,
    totalCents: 12072,
    customerEmail: "mere@example.co.nz",
  });
  expect((await db().select().from(contactQueries).where(eq(contactQueries.id, enquiry.id)))[0]?.status).toBe(
    "Quoted",
  );
  const [mail] = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "quote"), eq(mailOutbox.enquiryId, enquiry.id)));
  expect(mail?.recipients).toEqual(["mere@example.co.nz"]);
  expect(mail?.attachments?.[0]?.contentType).toBe("application/pdf");

  // Locked: a later save is refused by the server and changes nothing.
  const late = await postQuote(
    id,
    builderFields("save", [{ description: "Cheaper", quantityMilli: "1", unitPriceCents: "1" }]),
  );
  expect(late.status).toBe(400);
  expect(errorOf(late)?.description).toBe(QUOTE_LOCKED);
  expect((await db().select().from(quotes).where(eq(quotes.id, id)))[0]?.totalCents).toBe(12072);

  // The enquiry's history has the quote's own: drafted, edited, sent.
  const detail = await call(enquiryLoader, `/admin/contact-management/${enquiry.id}`, { id: enquiry.id });
  const timeline = (
    detail.body as { timeline: { kind: string; fromValue: string | null; toValue: string | null }[] }
  ).timeline;
  const number = (loaded.body as { quote: { number: string } }).quote.number;
  expect(timeline.filter((e) => e.kind === "quote").map((e) => [e.fromValue, e.toValue])).toEqual(
    expect.arrayContaining([
      [number, "draft"],
      [number, "sent"],
    ]),
  );

  // The staff PDF; its download is in the audit log too.
  const pdf = await call(pdfLoader, `/admin/quotes/${id}/pdf`, { id });
  expect(pdf.status).toBe(200);

  expect((await auditOf(id)).map((e) => e.action).sort()).toEqual(["create", "download", "send", "update"]);
});

test("a sent quote is revised (B, starting from A) and A is withdrawn with a reason", async () => {
  const { enquiry } = await enquiryWithList();
  const created = await createQuote(enquiry.id);
  const a = created.location?.split("/").at(-1) ?? "";
  await postQuote(
    a,
    builderFields("send", [{ description: "Plywood 12mm", quantityMilli: "3", unitPriceCents: "19.99" }]),
  );

  // Asking again opens a new revision only once A is sent; the button on a sent quote does so too.
  const revised = await postQuote(a, { intent: "revise" });
  expect(revised.status).toBe(302);
  const b = revised.location?.split("/").at(-1) ?? "";
  expect(b).not.toBe(a);
  expect(await toastOf(revised)).toMatch(/^Revision TC-\d{4}-\d{6}-B ready to edit$/);
  expect(await createQuote(enquiry.id)).toMatchObject({ status: 302, location: `/admin/quotes/${b}` });

  const withdrawn = await postQuote(a, { intent: "withdraw", reason: "Price list changed" });
  expect(withdrawn.status).toBe(302);
  expect((await db().select().from(quotes).where(eq(quotes.id, a)))[0]?.status).toBe("withdrawn");
});

test("the list finds a quote by its number or customer and filters by state", async () => {
  const { enquiry } = await enquiryWithList();
  const created = await createQuote(enquiry.id);
  const id = created.location?.split("/").at(-1) ?? "";
  const loaded = await call(quoteLoader, `/admin/quotes/${id}`, { id });
  const number = (loaded.body as { quote: { number: string } }).quote.number;

  const rowsOf = async (search: string) =>
    (
      (await call(listLoader, `/admin/quotes${search}`, {})).body as { list: { rows: { id: string }[] } }
    ).list.rows.map((r) => r.id);
  expect(await rowsOf(`?q=${encodeURIComponent(number)}`)).toEqual([id]);
  expect(await rowsOf(`?q=${encodeURIComponent(enquiry.email)}`)).toEqual([id]);
  expect(await rowsOf(`?status=draft&q=${encodeURIComponent(enquiry.email)}`)).toEqual([id]);
  expect(await rowsOf(`?status=sent&q=${encodeURIComponent(enquiry.email)}`)).toEqual([]);
});

test("sales and anonymous visitors reach no quote screen or action", async () => {
  const { enquiry } = await enquiryWithList();
  const created = await createQuote(enquiry.id);
  const id = created.location?.split("/").at(-1) ?? "";
  const before = await db().select().from(quotes);

  expect((await createQuote(enquiry.id, "sales")).status).toBe(403);
  // Sales opening an admin screen are sent back to the dashboard, with none of its data.
  expect(await call(quoteLoader, `/admin/quotes/${id}`, { id }, "sales")).toMatchObject({
    status: 302,
    location: "/admin",
    body: null,
  });
  expect(await call(listLoader, "/admin/quotes", {}, "sales")).toMatchObject({
    status: 302,
    location: "/admin",
    body: null,
  });
  expect((await postQuote(id, { intent: "revise" }, "sales")).status).toBe(403);
  expect(await call(pdfLoader, `/admin/quotes/${id}/pdf`, { id }, "sales")).toMatchObject({
    status: 302,
    location: "/admin",
  });
  const anonymous = await call(quoteLoader, `/admin/quotes/${id}`, { id }, null);
  expect(anonymous.status).toBe(302);
  expect(await db().select().from(quotes)).toEqual(before);
});

test("an admin lets sales quote: sales then follow enquiries up and draft, send and open quotes, but delete nothing and export nothing", async () => {
  const { enquiry } = await enquiryWithList();
  const settings = {
    intent: "save-quote-settings",
    gstBasisPoints: "15",
    validityDays: "30",
    reminderDaysBefore: "5",
    terms: DEFAULT_QUOTE_SETTINGS.terms,
  };
  // Sales cannot open the door themselves.
  const self = await call(settingsAction, "/admin/settings?tab=quotes", {}, "sales", {
    ...settings,
    salesMayQuote: "on",
  });
  expect(self.status).toBe(403);
  expect((await getQuoteSettings()).salesMayQuote).toBe(false);

  const opened = await call(settingsAction, "/admin/settings?tab=quotes", {}, "admin", {
    ...settings,
    salesMayQuote: "on",
  });
  expect(opened).toMatchObject({ status: 302 });
  try {
    expect((await getQuoteSettings()).salesMayQuote).toBe(true);
    const form = await call(settingsLoader, "/admin/settings?tab=quotes", {});
    expect((form.body as { quotes: { salesMayQuote: string } }).quotes.salesMayQuote).toBe("on");

    const list = await call(contactManagementLoader, "/admin/contact-management", {}, "sales");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ tab: "queries", admin: false });
    expect(
      await call(contactManagementLoader, "/admin/contact-management?tab=subjects", {}, "sales"),
    ).toMatchObject({ status: 302, location: "/admin", body: null });
    const shown = await call(
      enquiryLoader,
      `/admin/contact-management/${enquiry.id}`,
      { id: enquiry.id },
      "sales",
    );
    expect(shown.status).toBe(200);

    const created = await createQuote(enquiry.id, "sales");
    expect(created.status).toBe(302);
    const id = created.location?.split("/").at(-1) ?? "";
    expect((await call(quoteLoader, `/admin/quotes/${id}`, { id }, "sales")).status).toBe(200);
    expect((await call(listLoader, "/admin/quotes", {}, "sales")).status).toBe(200);
    const sent = await postQuote(
      id,
      builderFields("send", [{ description: "Plywood 12mm", quantityMilli: "3", unitPriceCents: "19.99" }]),
      "sales",
    );
    expect(sent.status).toBe(302);
    const [stored] = await db().select().from(quotes).where(eq(quotes.id, id));
    expect(stored?.status).toBe("sent");
    expect((await call(pdfLoader, `/admin/quotes/${id}/pdf`, { id }, "sales")).status).toBe(200);
    const dashboard = await call(dashboardLoader, "/admin", {}, "sales");
    expect((dashboard.body as { quotes: { ok: boolean } }).quotes.ok).toBe(true);

    // The status of many at once, yes; deleting a query or exporting the list, no.
    const bulk = await call(contactManagementAction, "/admin/contact-management", {}, "sales", {
      intent: "bulk-status",
      ids: enquiry.id,
      status: "In Progress",
    });
    expect(bulk.status).toBe(302);
    const [followed] = await db().select().from(contactQueries).where(eq(contactQueries.id, enquiry.id));
    expect(followed?.status).toBe("In Progress");
    const deleted = await call(contactManagementAction, "/admin/contact-management", {}, "sales", {
      intent: "delete-query",
      id: enquiry.id,
    });
    expect(deleted.status).toBe(403);
    expect(await db().select().from(contactQueries).where(eq(contactQueries.id, enquiry.id))).toHaveLength(1);
    expect(await call(csvLoader, "/admin/contact-management/export", {}, "sales")).toMatchObject({
      status: 302,
      location: "/admin",
    });
    // The audit log says who sent the quote.
    const [sentEvent] = await db()
      .select({ role: auditEvents.actorRole })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "send")));
    expect(sentEvent?.role).toBe("sales");
  } finally {
    await call(settingsAction, "/admin/settings?tab=quotes", {}, "admin", settings);
  }
  // Closed again: the same screens send sales back to the dashboard.
  expect((await getQuoteSettings()).salesMayQuote).toBe(false);
  expect(await call(listLoader, "/admin/quotes", {}, "sales")).toMatchObject({
    status: 302,
    location: "/admin",
  });
  expect(
    await call(enquiryLoader, `/admin/contact-management/${enquiry.id}`, { id: enquiry.id }, "sales"),
  ).toMatchObject({ status: 302, location: "/admin" });
});

test("Settings > Quotes saves the GST rate, validity, reminder, terms, trader's details and whether the consent pack is attached, with messages for bad input", async () => {
  const fields = {
    intent: "save-quote-settings",
    gstBasisPoints: "12.5",
    validityDays: "14",
    reminderDaysBefore: "3",
    terms: "Prices exclude GST.",
    traderName: "Trade Counter Penrose Ltd",
    gstNumber: "abc",
    nzbn: "123",
  };
  const refused = await call(settingsAction, "/admin/settings?tab=quotes", {}, "admin", fields);
  expect(refused.status).toBe(400);
  expect(fieldErrorsOf(refused)).toMatchObject({
    nzbn: ["An NZBN has 13 digits"],
    gstNumber: ["A GST number has 8 or 9 digits, such as 49-091-850"],
  });
  // Nine digits whose check digit is wrong (Inland Revenue's mod-11 rule).
  const wrongDigit = await call(settingsAction, "/admin/settings?tab=quotes", {}, "admin", {
    ...fields,
    gstNumber: "123-456-789",
    nzbn: "9429041234567",
  });
  expect(wrongDigit.status).toBe(400);
  expect(fieldErrorsOf(wrongDigit)).toEqual({
    gstNumber: ["This GST number's digits do not add up: check it against the GST registration"],
  });
  const before = await getQuoteSettings();
  expect(before.traderName).not.toBe("Trade Counter Penrose Ltd");

  const saved = await call(settingsAction, "/admin/settings?tab=quotes", {}, "admin", {
    ...fields,
    gstNumber: "136 410 132",
    nzbn: "9429041234567",
    attachConsentPack: "on",
  });
  expect(saved).toMatchObject({ status: 302, location: "/admin/settings?tab=quotes" });
  try {
    expect(await getQuoteSettings()).toEqual({
      gstBasisPoints: 1250,
      validityDays: 14,
      reminderDaysBefore: 3,
      terms: "Prices exclude GST.",
      traderName: "Trade Counter Penrose Ltd",
      gstNumber: "136-410-132",
      nzbn: "9429041234567",
      salesMayQuote: false,
      attachConsentPack: true,
    });
    type Shown = { quotes: { gstBasisPoints: string; attachConsentPack: string } };
    const loaded = await call(settingsLoader, "/admin/settings?tab=quotes", {});
    expect((loaded.body as Shown).quotes).toMatchObject({ gstBasisPoints: "12.5", attachConsentPack: "on" });

    // Unticked, the box posts nothing: off again.
    const unticked = await call(settingsAction, "/admin/settings?tab=quotes", {}, "admin", {
      ...fields,
      gstNumber: "136 410 132",
      nzbn: "9429041234567",
    });
    expect(unticked.status).toBe(302);
    expect((await getQuoteSettings()).attachConsentPack).toBe(false);
    const reloaded = await call(settingsLoader, "/admin/settings?tab=quotes", {});
    expect((reloaded.body as Shown).quotes.attachConsentPack).toBe("");
  } finally {
    await setQuoteSettings(DEFAULT_QUOTE_SETTINGS);
  }
});

test("the dashboard counts quotes sent and accepted this month, the win rate and why quotes were lost; sales see none of it", async () => {
  const before = await getQuoteStats();
  const send = async () => {
    const { enquiry } = await enquiryWithList();
    const created = await createQuote(enquiry.id);
    const id = created.location?.split("/").at(-1) ?? "";
    await postQuote(
      id,
      builderFields("send", [{ description: "Plywood 12mm", quantityMilli: "3", unitPriceCents: "19.99" }]),
    );
    return id;
  };
  const won = await send();
  const lost = await send();
  await answerAsCustomer(won, { kind: "accept", name: "Mere Parata", purchaseOrder: null });
  await answerAsCustomer(lost, { kind: "decline", reason: "price", message: null });

  const after = await getQuoteStats();
  expect(after.sentThisMonth - before.sentThisMonth).toBe(2);
  expect(after.acceptedThisMonthCents - before.acceptedThisMonthCents).toBe(6897);
  expect(after.decided - before.decided).toBe(2);
  const priced = (stats: typeof after) => stats.lostReasons.find((r) => r.reason === "price")?.count ?? 0;
  expect(priced(after) - priced(before)).toBe(1);
  expect(after.winRate).toBeGreaterThan(0);

  const admin = await call(dashboardLoader, "/admin", {});
  expect((admin.body as { quotes: { ok: boolean } }).quotes.ok).toBe(true);
  const sales = await call(dashboardLoader, "/admin", {}, "sales");
  expect((sales.body as { quotes: unknown }).quotes).toBeNull();
});

async function quoteEvents(quoteId: string) {
  return db()
    .select({ action: auditEvents.action, summary: auditEvents.summary, changes: auditEvents.changes })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, "quote"), eq(auditEvents.entityId, quoteId)))
    .orderBy(auditEvents.occurredAt);
}

test("the audit log names a quote by its number and tells its line edits and totals in words", async () => {
  const { enquiry, product } = await enquiryWithList();
  const created = await createQuote(enquiry.id);
  const id = created.location?.split("/").at(-1) ?? "";
  const loaded = await call(quoteLoader, `/admin/quotes/${id}`, { id });
  const number = (loaded.body as { quote: { number: string; validUntil: string } }).quote.number;
  const validUntil = (loaded.body as { quote: { validUntil: string } }).quote.validUntil;
  const [drafted] = await quoteEvents(id);
  expect(drafted?.summary).toBe(`Created quote ${number}`);

  // The product's line: 3 → 5; a delivery line added; a new valid-until date.
  const later = nzDatePlusDays(45);
  await postQuote(
    id,
    builderFields(
      "save",
      [
        { productId: product.id, description: product.name, quantityMilli: "5", unitPriceCents: "19.99" },
        { description: "Delivery to site", quantityMilli: "1", unitPriceCents: "45" },
      ],
      { customerEmail: enquiry.email, validUntil: later },
    ),
  );
  const [, saved] = await quoteEvents(id);
  const day = (date: string) =>
    new Intl.DateTimeFormat("en-NZ", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(`${date}T00:00:00Z`),
    );
  // 3 × 19.99 = 59.97 (+ 9.00 GST = 68.97); 5 × 19.99 + 45.00 = 144.95 (+ 21.74 GST = 166.69).
  expect(saved?.summary).toBe(
    `Updated quote ${number}: Line 1: quantity 3 → 5; Added line 2: Delivery to site, 1 each at $45.00; ` +
      `Note to the customer — → Delivery included.; Valid until ${day(validUntil)} → ${day(later)}; ` +
      "Subtotal $59.97 → $144.95; GST $9.00 → $21.74; Total $68.97 → $166.69",
  );
  expect(saved?.summary).not.toMatch(/cents|subtotal cents|gst cents/);
  expect(saved?.changes).toMatchObject({
    "Line 1: quantity": { before: "3", after: "5" },
    "Added line 2": { before: null, after: "Delivery to site, 1 each at $45.00" },
    Total: { before: "$68.97", after: "$166.69" },
  });

  // The line removed again, then the quote sent and withdrawn.
  await postQuote(
    id,
    builderFields(
      "send",
      [{ productId: product.id, description: product.name, quantityMilli: "5", unitPriceCents: "19.99" }],
      { customerEmail: enquiry.email, validUntil: later },
    ),
  );
  await postQuote(id, { intent: "withdraw", reason: "Price list changed" });
  const [, , sent, withdrawn] = await quoteEvents(id);
  expect(sent?.summary).toBe(`Sent quote ${number}: Removed line 2: Delivery to site, 1 each at $45.00`);
  expect(withdrawn?.summary).toBe(`Withdrew quote ${number}: Reason: Price list changed`);
});

test("sending asks first: Send to Customer saves the draft and the quote's page asks; Send Quote then sends it as saved", async () => {
  const { enquiry } = await enquiryWithList();
  const created = await createQuote(enquiry.id);
  const id = created.location?.split("/").at(-1) ?? "";
  const lines = [{ description: "Plywood 12mm", quantityMilli: "4", unitPriceCents: "19.99" }];

  const review = await postQuote(id, builderFields("review", lines));
  expect(review).toMatchObject({ status: 302, location: `/admin/quotes/${id}?step=send` });
  const [draft] = await db().select().from(quotes).where(eq(quotes.id, id));
  expect(draft).toMatchObject({ status: "draft", totalCents: 9195, customerEmail: "mere@example.co.nz" });
  const asking = await call(quoteLoader, `/admin/quotes/${id}?step=send`, { id });
  expect((asking.body as { confirmSend: boolean }).confirmSend).toBe(true);

  const sent = await postQuote(id, { intent: "send-saved" });
  expect(sent).toMatchObject({ status: 302, location: `/admin/quotes/${id}` });
  expect(await toastOf(sent)).toBe("Quote sent");
  const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
  expect(row).toMatchObject({ status: "sent", totalCents: 9195 });
  // A sent quote no longer asks.
  const after = await call(quoteLoader, `/admin/quotes/${id}?step=send`, { id });
  expect((after.body as { confirmSend: boolean }).confirmSend).toBe(false);
});

test("sales whose quoting is switched off under an open draft are told why (403), nothing sent; only admins are shown the audit log link", async () => {
  const { enquiry } = await enquiryWithList();
  const settings = {
    intent: "save-quote-settings",
    gstBasisPoints: "15",
    validityDays: "30",
    reminderDaysBefore: "5",
    terms: DEFAULT_QUOTE_SETTINGS.terms,
  };
  await call(settingsAction, "/admin/settings?tab=quotes", {}, "admin", { ...settings, salesMayQuote: "on" });
  let id = "";
  try {
    const created = await createQuote(enquiry.id, "sales");
    id = created.location?.split("/").at(-1) ?? "";
    const shown = await call(
      enquiryLoader,
      `/admin/contact-management/${enquiry.id}`,
      { id: enquiry.id },
      "sales",
    );
    expect((shown.body as { showAudit: boolean }).showAudit).toBe(false);
    const admins = await call(enquiryLoader, `/admin/contact-management/${enquiry.id}`, { id: enquiry.id });
    expect((admins.body as { showAudit: boolean }).showAudit).toBe(true);
  } finally {
    await call(settingsAction, "/admin/settings?tab=quotes", {}, "admin", settings);
  }
  const refused = await postQuote(
    id,
    builderFields("send", [{ description: "Plywood 12mm", quantityMilli: "3", unitPriceCents: "19.99" }]),
    "sales",
  );
  expect(refused.status).toBe(403);
  expect((refused.body as { message: string }).message).toBe(QUOTING_SWITCHED_OFF);
  expect((await db().select().from(quotes).where(eq(quotes.id, id)))[0]?.status).toBe("draft");
});

async function enquiryAudit(enquiryId: string) {
  return db()
    .select({ action: auditEvents.action, changes: auditEvents.changes, actorRole: auditEvents.actorRole })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, "enquiry"), eq(auditEvents.entityId, enquiryId)));
}

test("a send logs each revision it supersedes and the enquiry it moves to Quoted, each in an event of its own; a staff download of the PDF is logged", async () => {
  const { enquiry } = await enquiryWithList();
  const lines = [{ description: "Plywood 12mm", quantityMilli: "3", unitPriceCents: "19.99" }];
  const a = (await createQuote(enquiry.id)).location?.split("/").at(-1) ?? "";
  expect((await postQuote(a, builderFields("send", lines))).status).toBe(302);
  // The enquiry went from New to Quoted, in an event of its own, by the staff member who sent.
  expect(await enquiryAudit(enquiry.id)).toEqual([
    { action: "update", changes: { status: { before: "New", after: "Quoted" } }, actorRole: "admin" },
  ]);
  await answerAsCustomer(a, { kind: "changes", message: "Please add delivery to site." });

  const b = (await postQuote(a, { intent: "revise" })).location?.split("/").at(-1) ?? "";
  const numberOf = async (id: string) =>
    ((await call(quoteLoader, `/admin/quotes/${id}`, { id })).body as { quote: { number: string } }).quote
      .number;
  const [numberA, numberB] = [await numberOf(a), await numberOf(b)];
  expect((await quoteEvents(b)).map((e) => e.summary)).toEqual([
    `Created quote ${numberB}: revision of ${numberA}`,
  ]);
  expect((await postQuote(b, builderFields("send", lines))).status).toBe(302);

  // A's own event says it was replaced by B; the enquiry, Quoted already, has no second event.
  const superseded = (await quoteEvents(a)).at(-1);
  expect(superseded).toMatchObject({
    action: "update",
    summary: `Updated quote ${numberA}: Replaced by ${numberB}; State changes_requested → superseded`,
    changes: { State: { before: "changes_requested", after: "superseded" } },
  });
  expect(await enquiryAudit(enquiry.id)).toHaveLength(1);
  expect((await quoteEvents(b)).map((e) => e.action)).toEqual(["create", "send"]);

  expect((await call(pdfLoader, `/admin/quotes/${b}/pdf`, { id: b })).status).toBe(200);
  expect((await quoteEvents(b)).at(-1)).toMatchObject({
    action: "download",
    summary: `Downloaded the PDF of quote ${numberB}`,
  });
});

test("a quote that does not exist (or an id that is none) is a 404 with its message, from its page and every action", async () => {
  const lines = [{ description: "Plywood 12mm", quantityMilli: "3", unitPriceCents: "19.99" }];
  const notFound = { status: 404, body: { message: QUOTE_NOT_FOUND } };
  for (const id of [crypto.randomUUID(), "not-a-quote"]) {
    expect(await call(quoteLoader, `/admin/quotes/${id}`, { id })).toMatchObject(notFound);
    expect(await call(pdfLoader, `/admin/quotes/${id}/pdf`, { id })).toMatchObject(notFound);
    for (const fields of [
      builderFields("save", lines),
      builderFields("send", lines),
      { intent: "send-saved" },
      { intent: "withdraw", reason: "Price list changed" },
      { intent: "revise" },
    ]) {
      expect(await postQuote(id, fields), `${fields.intent} ${id}`).toMatchObject(notFound);
    }
  }
});
