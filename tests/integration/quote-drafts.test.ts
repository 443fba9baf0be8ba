// Drafting quotes: the first revision is prefilled from the enquiry's quote-list lines at the
// catalogue's prices (a snapshot later edits do not change), the server computes every total in
// whole cents, a sent revision is locked, and the next revision (B) starts from the last one.
import { asc, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { nzDatePlusDays } from "~/modules/quotes/drafts.server";
import { QUOTE_LOCKED } from "~/modules/quotes/messages";
import { quoteDraftSchema } from "~/modules/quotes/schema";
import { DEFAULT_QUOTE_SETTINGS } from "~/modules/quotes/settings";
import {
  brands,
  contactQueries,
  enquiryLines,
  products,
  quoteEvents,
  quoteLines,
  quotes,
} from "~/server/db/schema";
import { useTestDatabase } from "../support/database";
import { openDraftAs, saveDraftAs, setQuoteSettings } from "../support/quotes";
import { createUser } from "../support/users";

const database = useTestDatabase();
const db = () => database.current.db;

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

async function staff() {
  return createUser({
    email: `${unique()}@example.nz`,
    name: "Aroha Staff",
    role: "admin",
    password: "a-long-password-1",
  });
}

/** An enquiry with three quote-list lines: two priced products and one since deleted. */
async function enquiryWithLines() {
  const [brand] = await db()
    .insert(brands)
    .values({ name: `Carter Holt ${unique()}` })
    .returning();
  const [ply, batts] = await db()
    .insert(products)
    .values([
      { name: `Plywood 12mm ${unique()}`, price: 19.99, brandId: brand?.id },
      { name: `Wall batts R2.6 ${unique()}`, price: 89.5 },
    ])
    .returning();
  if (!ply || !batts) throw new Error("no products");
  const [enquiry] = await db()
    .insert(contactQueries)
    .values({
      fullName: "Mere Parata",
      email: `mere-${unique()}@example.co.nz`,
      subject: "Quote Request",
      message: "Please quote the items on my list.",
      createdAt: new Date("2026-03-04T22:30:00Z"),
    })
    .returning();
  if (!enquiry) throw new Error("no enquiry");
  await db()
    .insert(enquiryLines)
    .values([
      { enquiryId: enquiry.id, productId: ply.id, productName: ply.name, quantity: 3, position: 0 },
      { enquiryId: enquiry.id, productId: batts.id, productName: batts.name, quantity: 2, position: 1 },
      {
        enquiryId: enquiry.id,
        productId: null,
        productName: "Discontinued flashing",
        quantity: 1,
        position: 2,
      },
    ]);
  return { enquiry, ply, batts, brand };
}

async function storedLines(quoteId: string) {
  return db()
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
}

async function storedQuote(quoteId: string) {
  const [row] = await db().select().from(quotes).where(eq(quotes.id, quoteId));
  if (!row) throw new Error("gone");
  return row;
}

test("the first draft takes the enquiry's lines at today's prices, with GST from the settings", async () => {
  const actor = await staff();
  const { enquiry, ply, brand } = await enquiryWithLines();
  const draft = await openDraftAs(actor, enquiry.id);
  expect(draft.created).toBe(true);
  expect(draft.number).toMatch(/^TC-2026-\d{6}-A$/);

  const lines = await storedLines(draft.id);
  expect(lines.map((l) => [l.description, l.quantityMilli, l.unitPriceCents, l.lineTotalCents])).toEqual([
    [ply.name, 3000, 1999, 5997],
    [expect.stringMatching(/^Wall batts/), 2000, 8950, 17900],
    ["Discontinued flashing", 1000, 0, 0],
  ]);
  expect(lines[0]?.brandName).toBe(brand?.name);
  expect(lines[0]?.productSlug).toBe(ply.slug);
  const quote = await storedQuote(draft.id);
  expect(quote).toMatchObject({
    status: "draft",
    revision: 1,
    customerName: "Mere Parata",
    customerEmail: enquiry.email,
    gstBasisPoints: 1500,
    subtotalCents: 23897,
    gstCents: 3585, // 15 % of $238.97 is $35.8455
    totalCents: 27482,
    validUntil: nzDatePlusDays(30),
  });

  // A second click opens the same draft.
  expect(await openDraftAs(actor, enquiry.id)).toEqual({ ...draft, created: false });
  expect(await db().select().from(quotes).where(eq(quotes.enquiryId, enquiry.id))).toHaveLength(1);

  // The lines are a snapshot: a later price change in the catalogue does not reach them.
  await db().update(products).set({ price: 25 }).where(eq(products.id, ply.id));
  expect((await storedLines(draft.id))[0]?.unitPriceCents).toBe(1999);
});

test("a line drafted from a product takes the product's unit of sale from its catalogue entry", async () => {
  const actor = await staff();
  const [roofing, framing, hammer] = await db()
    .insert(products)
    .values([
      { name: `Corrugate Roofing 0.40 BMT ${unique()} (per m)`, price: 32.5 },
      {
        name: `H3.2 Pine 90x45 ${unique()}`,
        price: 21.4,
        description: "Treated for exposed framing. Sold per 4.8 m length; packs of 96 on trade account.",
      },
      { name: `Claw Hammer ${unique()}`, price: 45 },
    ])
    .returning();
  if (!roofing || !framing || !hammer) throw new Error("no products");
  const [enquiry] = await db()
    .insert(contactQueries)
    .values({
      fullName: "Mere Parata",
      email: `mere-${unique()}@example.co.nz`,
      subject: "Quote Request",
      message: "Roof and frame.",
    })
    .returning();
  if (!enquiry) throw new Error("no enquiry");
  await db()
    .insert(enquiryLines)
    .values(
      [roofing, framing, hammer].map((product, position) => ({
        enquiryId: enquiry.id,
        productId: product.id,
        productName: product.name,
        quantity: 12,
        position,
      })),
    );
  const draft = await openDraftAs(actor, enquiry.id);
  expect((await storedLines(draft.id)).map((l) => l.unit)).toEqual(["m", "4.8 m length", "each"]);
});

test("a line drafted from a product takes its stock code, and its own unit of sale before what its words say", async () => {
  const actor = await staff();
  const code = `GIB10-${unique()}`;
  const [board, roofing, hammer] = await db()
    .insert(products)
    .values([
      { name: `GIB Standard 10mm ${unique()}`, price: 24.9, sku: code, unit: "sheet" },
      // Its own unit wins over the "(per m)" its name ends with.
      { name: `Corrugate Roofing ${unique()} (per m)`, price: 32.5, sku: `CORR-${unique()}`, unit: "length" },
      { name: `Claw Hammer ${unique()}`, price: 45 },
    ])
    .returning();
  if (!board || !roofing || !hammer) throw new Error("no products");
  const [enquiry] = await db()
    .insert(contactQueries)
    .values({
      fullName: "Mere Parata",
      email: `mere-${unique()}@example.co.nz`,
      subject: "Quote Request",
      message: "Lining and roofing.",
    })
    .returning();
  if (!enquiry) throw new Error("no enquiry");
  await db()
    .insert(enquiryLines)
    .values(
      [board, roofing, hammer].map((product, position) => ({
        enquiryId: enquiry.id,
        productId: product.id,
        productName: product.name,
        quantity: 4,
        position,
      })),
    );
  const draft = await openDraftAs(actor, enquiry.id);
  expect((await storedLines(draft.id)).map((l) => [l.sku, l.unit])).toEqual([
    [code, "sheet"],
    [roofing.sku, "length"],
    [null, "each"],
  ]);

  // The code is a snapshot the builder posts back: staff may type one, and a catalogue change later
  // does not reach it.
  const saved = quoteDraftSchema.parse({
    customerName: "Mere Parata",
    customerEmail: enquiry.email,
    validUntil: nzDatePlusDays(30),
    lines: (await storedLines(draft.id)).map((line) => ({
      productId: line.productId ?? "",
      description: line.description,
      sku: line.position === 2 ? "HAM-22" : (line.sku ?? ""),
      quantityMilli: "4",
      unit: line.unit,
      unitPriceCents: (line.unitPriceCents / 100).toFixed(2),
    })),
  });
  await saveDraftAs(actor, draft.id, saved);
  expect((await storedLines(draft.id)).map((l) => l.sku)).toEqual([code, roofing.sku, "HAM-22"]);
  await db().update(products).set({ sku: "CHANGED-1" }).where(eq(products.id, board.id));
  expect((await storedLines(draft.id))[0]?.sku).toBe(code);
});

test("saving a draft recomputes every total on the server; a sent quote is locked", async () => {
  const actor = await staff();
  const { enquiry } = await enquiryWithLines();
  const draft = await openDraftAs(actor, enquiry.id);
  const input = quoteDraftSchema.parse({
    customerName: "Mere Parata",
    customerEmail: "MERE@Example.co.nz",
    customerCompany: "Parata Builders",
    validUntil: "2026-12-24",
    noteToCustomer: "Delivery to site included.",
    internalNotes: "Margin checked",
    lines: [
      {
        description: "Plywood 12mm",
        quantityMilli: "2.5",
        unitPriceCents: "19.99",
        discountBasisPoints: "12.5",
        unit: "sheet",
      },
      { description: "Delivery", quantityMilli: "1", unitPriceCents: "45", discountBasisPoints: "" },
    ],
  });
  const totals = await saveDraftAs(actor, draft.id, input);
  // 2.5 × 19.99 = 49.975, less 12.5 % = 43.728125 → 43.73; + 45.00 = 88.73; GST 13.3095 → 13.31.
  expect(totals).toMatchObject({ subtotalCents: 8873, gstCents: 1331, totalCents: 10204 });
  const quote = await storedQuote(draft.id);
  expect(quote).toMatchObject({
    customerEmail: "mere@example.co.nz",
    customerCompany: "Parata Builders",
    totalCents: 10204,
  });
  expect((await storedLines(draft.id)).map((l) => [l.description, l.unit, l.lineTotalCents])).toEqual([
    ["Plywood 12mm", "sheet", 4373],
    ["Delivery", "each", 4500],
  ]);

  await db().update(quotes).set({ status: "sent", sentAt: new Date() }).where(eq(quotes.id, draft.id));
  await expect(saveDraftAs(actor, draft.id, { ...input, lines: [] })).rejects.toThrow(QUOTE_LOCKED);
  expect(await storedLines(draft.id)).toHaveLength(2);
  expect((await storedQuote(draft.id)).totalCents).toBe(10204);
});

test("the next revision is B and starts from A's customer and lines", async () => {
  const actor = await staff();
  const { enquiry } = await enquiryWithLines();
  await setQuoteSettings({ ...DEFAULT_QUOTE_SETTINGS, validityDays: 14, gstBasisPoints: 1250 });
  try {
    const a = await openDraftAs(actor, enquiry.id);
    const input = quoteDraftSchema.parse({
      customerName: "Mere Parata",
      customerEmail: enquiry.email,
      validUntil: "2026-12-24",
      lines: [{ description: "Custom flashing", quantityMilli: "4", unitPriceCents: "12.50" }],
    });
    await saveDraftAs(actor, a.id, input);
    await db().update(quotes).set({ status: "sent", sentAt: new Date() }).where(eq(quotes.id, a.id));

    const b = await openDraftAs(actor, enquiry.id);
    expect(b.created).toBe(true);
    expect(b.number).toBe(a.number.replace(/-A$/, "-B"));
    expect((await storedLines(b.id)).map((l) => [l.description, l.quantityMilli, l.unitPriceCents])).toEqual([
      ["Custom flashing", 4000, 1250],
    ]);
    expect(await storedQuote(b.id)).toMatchObject({
      revision: 2,
      gstBasisPoints: 1250,
      subtotalCents: 5000,
      gstCents: 625,
      validUntil: nzDatePlusDays(14),
    });
    const history = await db().select().from(quoteEvents).where(eq(quoteEvents.quoteId, b.id));
    expect(history.map((e) => [e.kind, e.actorName, e.note])).toEqual([
      ["draft", "Aroha Staff", `Revision of ${a.number}`],
    ]);
  } finally {
    await setQuoteSettings(DEFAULT_QUOTE_SETTINGS);
  }
});

test("the builder's form refuses what is not an amount, with the field's message", () => {
  const result = quoteDraftSchema.safeParse({
    customerName: "M",
    customerEmail: "not-an-email",
    validUntil: "24/12/2026",
    lines: [{ description: " ", quantityMilli: "0", unitPriceCents: "19.999", discountBasisPoints: "101" }],
  });
  expect(result.success).toBe(false);
  const messages = Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
  expect(messages).toEqual({
    customerName: "Name must be at least 2 characters",
    customerEmail: "Please enter a valid email address",
    validUntil: "Enter the date the quote is valid until",
    "lines.0.description": "Describe the line",
    "lines.0.quantityMilli": "The quantity must be more than 0",
    "lines.0.unitPriceCents": "Enter a price such as 19.99",
    "lines.0.discountBasisPoints": "A discount must be at most 100%",
  });
});
