// The consent pack of products ticked in Catalog Management's list, through the app as a browser
// asks for it: the list's checkboxes belong to a GET form to /admin/catalog/consent-pack, whose
// pack (read back with pdfjs-dist) holds exactly the ticked products in the list's order, a draft
// included; a selection that is not one is 400 and counts nothing; the staff who see the list may
// download it, nobody signed out; each download is in the audit log.
import crypto from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { auditEvents, consentPackDownloads, products } from "~/server/db/schema";
import { cookieFor } from "../support/admin-action";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { readPdf } from "../support/pdf";

const database = useTestDatabase();
const db = () => database.current.db;
const app = createAppHandler();

const SLOW = 120_000;
const MARK = `Ticked${crypto.randomBytes(3).toString("hex")}`;
const PACK_FORM = "catalog-consent-pack";

/** The outline's product bookmarks ("1. Name") and the text of every page. */
async function readPack(bytes: ArrayBuffer) {
  const read = await readPdf(new Uint8Array(bytes));
  return { products: read.outline.slice(2).map((item) => item.title), text: read.pages.join("\n") };
}

/** Three products whose names start with `mark`, the middle one a draft. */
async function addProducts(mark: string) {
  const slug = mark.toLowerCase();
  return db()
    .insert(products)
    .values([
      { name: `${mark} Pine Framing 90x45`, sku: `${mark}-1`, slug: `${slug}-pine`, isPublished: true },
      { name: `${mark} Draft Cladding`, sku: `${mark}-2`, slug: `${slug}-draft`, isPublished: false },
      { name: `${mark} Roofing Screws`, sku: `${mark}-3`, slug: `${slug}-screws`, isPublished: true },
    ])
    .returning();
}

/** Each checkbox of the list's pack form, in the page's order: the product id and its label. */
function tickBoxes(html: string) {
  return [...html.matchAll(/<input [^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(`form="${PACK_FORM}"`) && tag.includes('name="id"'))
    .map((tag) => ({
      id: /value="([^"]+)"/.exec(tag)?.[1] ?? "",
      label: /aria-label="([^"]+)"/.exec(tag)?.[1] ?? "",
    }));
}

function packUrl(ids: readonly string[], more = "") {
  const query = new URLSearchParams(ids.map((id) => ["id", id]));
  return `/admin/catalog/consent-pack?${query}${more}`;
}

async function ask(url: string, role: "admin" | "sales" | "user" | null = "admin") {
  const headers: Record<string, string> = role ? { cookie: await cookieFor(role, "selection") } : {};
  return app(new Request(`http://localhost${url}`, { headers }));
}

async function downloadsCounted() {
  const [row] = await db().select({ n: count() }).from(consentPackDownloads);
  return row?.n ?? 0;
}

function selectionEvents() {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, "consent_pack_download"), eq(auditEvents.action, "download")))
    .orderBy(asc(auditEvents.occurredAt));
}

test(
  "the list's ticked products, sent by its form, are the pack's products in the list's order, a draft included; the download is counted and in the audit log",
  async () => {
    const added = await addProducts(MARK);
    const list = await ask(`/admin/catalog?q=${MARK}`);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(`id="${PACK_FORM}"`);
    expect(html).toContain('action="/admin/catalog/consent-pack"');
    expect(html).toContain('aria-label="Select all products on this page"');
    const boxes = tickBoxes(html);
    expect(boxes.map((box) => box.id).sort()).toEqual(added.map((product) => product.id).sort());
    const listed = boxes.map((box) => added.find((product) => product.id === box.id)?.name ?? "");
    expect(boxes.map((box) => box.label)).toEqual(listed.map((name) => `Select ${name}`));

    const before = await downloadsCounted();
    const response = await ask(
      packUrl(
        boxes.map((box) => box.id),
        "&job=Kauri%20Street%20deck&format=pdf",
      ),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="Technical-literature_Consent-pack_Kauri-Street-deck_\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const pack = await readPack(await response.arrayBuffer());
    expect(pack.products).toEqual(listed.map((name, index) => `${index + 1}. ${name}`));
    expect(pack.text).toContain("Kauri Street deck");
    expect(pack.products.join(" ")).toContain(`${MARK} Draft Cladding`);

    // Two of them, the later one first: the pack keeps the order sent, and only those.
    const [first, , third] = boxes;
    const two = await ask(packUrl([third?.id ?? "", first?.id ?? ""]));
    const twoPack = await readPack(await two.arrayBuffer());
    expect(twoPack.products).toEqual([`1. ${listed[2]}`, `2. ${listed[0]}`]);

    expect(await downloadsCounted()).toBe(before + 2);
    const [counted] = await db()
      .select()
      .from(consentPackDownloads)
      .where(eq(consentPackDownloads.products, 3));
    expect(counted).toMatchObject({ source: "staff", format: "pdf" });
    const events = await selectionEvents();
    expect(events.map((event) => event.summary)).toEqual([
      "Downloaded a consent pack of 3 products",
      "Downloaded a consent pack of 2 products",
    ]);
    expect(events[0]).toMatchObject({ actorRole: "admin", entityId: null });
    expect(events[1]?.changes).toEqual({
      products: { before: null, after: `${listed[2]}; ${listed[0]}` },
    });
  },
  SLOW,
);

test(
  "a selection that is not one is 400 with the reason, and nothing is counted or logged; none ticked goes back to the list",
  async () => {
    const [product] = await addProducts(`${MARK}b`);
    const known = product?.id ?? "";
    const before = await downloadsCounted();
    const eventsBefore = (await selectionEvents()).length;

    const notAnId = await ask(packUrl([known, "not-a-product"]));
    expect(notAnId.status).toBe(400);
    expect(await notAnId.text()).toContain("The selection names something that is not a product.");

    const unknown = await ask(packUrl([known, crypto.randomUUID()]));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("One of the ticked products is no longer in the catalogue.");

    const tooMany = await ask(packUrl(Array.from({ length: 201 }, () => crypto.randomUUID())));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain(
      "A consent pack holds at most 200 products and 201 are ticked. Untick 1 product to download it.",
    );

    const badDate = await ask(packUrl([known], "&until=31-12-2027"));
    expect(badDate.status).toBe(400);
    expect(await badDate.text()).toContain("Enter the date as a calendar date");

    const none = await ask("/admin/catalog/consent-pack?job=Deck");
    expect(none.status).toBe(302);
    expect(none.headers.get("Location")).toBe("/admin/catalog");

    expect(await downloadsCounted()).toBe(before);
    expect((await selectionEvents()).length).toBe(eventsBefore);
  },
  SLOW,
);

test(
  "sales, who see the catalogue list, download a selection's pack as a ZIP; signed out or without a staff role, no pack",
  async () => {
    const [product] = await addProducts(`${MARK}c`);
    const url = packUrl([product?.id ?? ""], "&format=zip");
    const sales = await ask(url, "sales");
    expect(sales.status).toBe(200);
    expect(sales.headers.get("Content-Type")).toBe("application/zip");
    await sales.arrayBuffer();

    const before = await downloadsCounted();
    const signedOut = await ask(url, null);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    const customer = await ask(url, "user");
    expect(customer.status).toBe(302);
    expect(customer.headers.get("Location")).toBe("/account");
    expect(await downloadsCounted()).toBe(before);
  },
  SLOW,
);
