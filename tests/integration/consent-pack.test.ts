// The consent pack read back as a council would open it (pdfjs-dist): for the demo quote list,
// its page count, the index's page numbers landing on the pages they name, the outline, each
// current certificate once and none that is expired, suspended, withdrawn or draft; a damaged and
// a password-protected certificate named in the index instead of breaking the pack; 200
// products; and the stored pack served again unchanged until a sheet is edited.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { QUOTE_LIST_COOKIE } from "~/lib/cookie-names";
import { formatNzDate, nzToday } from "~/lib/nz-date";
import { getConsentPack } from "~/modules/consent-pack/build.server";
import { encodeQuoteList } from "~/modules/quote-list/quote-list-cookie";
import { action as sheetAction } from "~/routes/admin/catalog/building-info-sheet";
import { loader as productPackLoader } from "~/routes/resources/product-consent-pack";
import { loader as customerPackLoader } from "~/routes/resources/quote-consent-pack";
import { loader as staffPackLoader } from "~/routes/resources/quote-consent-pack-staff";
import { loader as packLoader } from "~/routes/resources/quote-list-consent-pack";
import {
  auditEvents,
  buildingInfoSheets,
  certificationProducts,
  certifications,
  products,
} from "~/server/db/schema";
import { DEMO_SHEETS } from "~/server/seed/compliance";
import { seedDemoContent } from "~/server/seed/seed.server";
import { CERTIFICATIONS } from "~/server/seed/showcase";
import { getStorage } from "~/server/storage/storage.server";
import { cookieFor, settle } from "../support/admin-action";
import { createAppHandler, routeContext } from "../support/app-handler";
import { productWithCertificate as productOnFile } from "../support/consent-pack";
import { useTestDatabase } from "../support/database";
import { bytesOf, type ReadPdf, readPdf, squash } from "../support/pdf";
import { draftQuoteFor, quoteStaff, sendAs } from "../support/quotes";
import { readZip } from "../support/zip";

const database = useTestDatabase();
const db = () => database.current.db;

beforeAll(async () => {
  const { seeded } = await seedDemoContent(database.current.db, getStorage());
  expect(seeded).toBe(true);
}, 300_000);

const SLOW = 180_000;

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The published demo products that certificates or sheets cover: the demo's compliance list. */
async function demoListIds() {
  const names = [
    ...new Set([
      ...CERTIFICATIONS.flatMap((c) => c.compliance?.covers ?? []),
      ...DEMO_SHEETS.flatMap((sheet) => sheet.products),
    ]),
  ];
  const rows = await db()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.name, names));
  const published = await db()
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isPublished, true));
  const open = new Set(published.map((row) => row.id));
  return names.flatMap((name) =>
    rows.filter((row) => row.name === name && open.has(row.id)).map((row) => row.id),
  );
}

let ipCount = 0;

/** The visitor's quote list as their browser sends it, asked for its consent pack. */
async function downloadForList(ids: string[], query: string) {
  const cookie = `${QUOTE_LIST_COOKIE}=${encodeQuoteList(ids.map((productId) => ({ productId, quantity: 1 })))}`;
  const request = new Request(`http://localhost/quote-list/consent-pack?${query}`, { headers: { cookie } });
  ipCount += 1;
  const context = routeContext(`198.51.100.${ipCount}`);
  return (await packLoader({ request, params: {}, context } as never)) as Response;
}

/** Every "page N" the index prints, in order: the pages between the cover and the first sheet. */
function indexPageNumbers(read: ReadPdf) {
  const firstSheet = read.outline[2]?.page ?? 0;
  const text = read.pages.slice(1, firstSheet - 1).join("\n");
  return [...text.matchAll(/page (\d+)/g)].map((match) => Number(match[1]));
}

/** The pages whose text holds a certificate's own line, as the demo certificate PDFs print it. */
function pagesPrinting(read: ReadPdf, number: string) {
  return read.pages.flatMap((text, index) =>
    text.includes(`Certificate no. ${number} -`) ? [index + 1] : [],
  );
}

test(
  "the demo quote list's pack: its pages, the index's page numbers, the outline, each current certificate once",
  async () => {
    const ids = await demoListIds();
    const response = await downloadForList(ids, "job=Henderson+renovation&site=12+K%C5%8Dwhai+Street&until=");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Technical-literature_Consent-pack_Henderson-renovation_\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const read = await readPdf(new Uint8Array(await response.arrayBuffer()));

    // Cover: the job as typed, the trader, the date and time; then the index.
    expect(read.pages[0]).toContain("Henderson renovation");
    expect(read.pages[0]).toContain("12 Kōwhai Street");
    expect(read.pages[0]).toMatch(/Valid as at\s*\d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m/);
    expect(read.pages[0]).toContain("not a building consent authority's decision");
    expect(read.outline.slice(0, 2).map((item) => [item.title, item.page])).toEqual([
      ["Cover", 1],
      ["Index", 2],
    ]);

    // A bookmark for each product, in list order, opening on its sheet, whose title begins the page.
    const names = (await db().select({ id: products.id, name: products.name }).from(products)).filter((row) =>
      ids.includes(row.id),
    );
    const productItems = read.outline.slice(2);
    expect(productItems.map((item) => item.title)).toEqual(
      ids.map((id, index) => `${index + 1}. ${names.find((row) => row.id === id)?.name}`),
    );
    for (const item of productItems) {
      const name = item.title.replace(/^\d+\. /, "");
      // Compared without spaces: a long name wraps, and the text comes back with the break in it.
      expect(squash(read.pages[item.page - 1] ?? "")).toMatch(
        new RegExp(`^${escapeRegExp(squash(`Building product information: ${name}`))}`),
      );
      expect(item.children[0]).toEqual({
        title: expect.stringMatching(/^(Building product information|Product summary)$/),
        page: item.page,
      });
    }

    // The index's page numbers are the pages the bookmarks open, document for document.
    expect(indexPageNumbers(read)).toEqual(productItems.flatMap((item) => item.children.map((c) => c.page)));

    // The current CodeMark and the expiring BRANZ Appraisal (covering two products) are in, once each.
    expect(pagesPrinting(read, "CM40123")).toHaveLength(1);
    expect(pagesPrinting(read, "1021")).toHaveLength(1);
    const appraisal = productItems
      .flatMap((item) => item.children)
      .filter((c) => c.title === "BRANZ Appraisal 1021");
    expect(appraisal).toHaveLength(2);
    expect(new Set(appraisal.map((c) => c.page))).toEqual(new Set(pagesPrinting(read, "1021")));
    // Expired, suspended, withdrawn and draft certificates are not.
    for (const number of ["884", "CM20877", "CM19002", "1107"])
      expect(pagesPrinting(read, number)).toEqual([]);
    const index = squash(read.pages.slice(1, productItems[0]?.page ? productItems[0].page - 1 : 2).join(" "));
    expect(index).toMatch(/BRANZAppraisal884expiredon\d+\w+\d{4}:notincluded\./);
    expect(index).toContain(squash("CodeMark CM20877 suspended: not included."));
    expect(index).not.toContain("1107");

    // "Page N of M" on every page, the certificates' own included.
    read.pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${read.pages.length}`);
    });
  },
  SLOW,
);

test("an empty quote list, or a date that is not one, sends the visitor back with the reason", async () => {
  const empty = await settle(() => downloadForList([], ""));
  expect(empty).toMatchObject({ status: 302, location: "/contact#quote-list" });
  const bad = await settle(async () => downloadForList(await demoListIds(), "until=2026-02-30"));
  expect(bad).toMatchObject({ status: 302, location: "/contact#quote-list" });
});

/** A published product with a sheet, covered by a certificate whose file is `file` (or a link). */
function productWithCertificate(
  name: string,
  number: string,
  file: Buffer | string,
  options: { extension?: string; allowDownload?: boolean } = {},
) {
  return productOnFile(db(), { name, number, file, ...options });
}

async function encryptedPdf() {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ userPassword: "secret", ownerPassword: "owner" });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.text("Locked certificate");
  doc.end();
  return done;
}

test(
  "a damaged and a password-protected certificate PDF are named in the index, not appended, and the pack is made",
  async () => {
    const damaged = await productWithCertificate(
      "Damaged Certificate Product",
      "CM90001",
      Buffer.from("%PDF-1.7\nthis is not a PDF any more\n"),
    );
    const locked = await productWithCertificate(
      "Locked Certificate Product",
      "CM90002",
      await encryptedPdf(),
    );
    const pack = await getConsentPack({
      productIds: [damaged.product.id, locked.product.id],
      job: { name: "Damaged files", siteAddress: "" },
      neededUntil: null,
      publishedOnly: true,
    });
    if (!pack) throw new Error("no pack");
    const read = await readPdf(await bytesOf(pack.body));
    const index = squash(read.pages[1] ?? "");
    expect(index).toContain(
      squash(
        "CodeMark CM90001: could not be included, see the register: https://codemark.example.govt.nz/register/CM90001",
      ),
    );
    expect(index).toContain(
      squash(
        "CodeMark CM90002: could not be included, see the register: https://codemark.example.govt.nz/register/CM90002",
      ),
    );
    // Cover, index, and the two sheets: nothing of either certificate.
    expect(read.pages).toHaveLength(4);
    expect(read.outline.map((item) => item.children.map((c) => c.title))).toEqual([
      [],
      [],
      ["Building product information"],
      ["Building product information"],
    ]);
  },
  SLOW,
);

test(
  "a certificate that is a picture is placed on its page; one only linked, or kept from the public, is a page with its addresses",
  async () => {
    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 600, height: 420, channels: 3, background: "#f5f5f4" } })
      .png()
      .toBuffer();
    const picture = await productWithCertificate("Picture Certificate Product", "CM90401", png, {
      extension: "png",
    });
    const linked = await productWithCertificate(
      "Linked Certificate Product",
      "CM90402",
      "https://maker.example.nz/certificates/CM90402.pdf",
    );
    const kept = await productWithCertificate(
      "Kept Certificate Product",
      "CM90403",
      fs.readFileSync(demoPdfPath()),
      {
        allowDownload: false,
      },
    );
    const pack = await getConsentPack({
      productIds: [picture.product.id, linked.product.id, kept.product.id],
      job: { name: "Kinds of file", siteAddress: "" },
      neededUntil: null,
      publishedOnly: true,
    });
    if (!pack) throw new Error("no pack");
    const read = await readPdf(await bytesOf(pack.body));
    const pageOf = (title: string) =>
      read.outline.flatMap((item) => item.children).find((child) => child.title === title)?.page ?? 0;
    const [pictureText, linkedText, keptText] = [
      "CodeMark CM90401",
      "CodeMark CM90402",
      "CodeMark CM90403",
    ].map((title) => squash(read.pages[pageOf(title) - 1] ?? ""));
    expect(pictureText).toMatch(/^CodeMarkCM90401/);
    expect(linkedText).toContain(
      squash("This certificate is published at https://maker.example.nz/certificates/CM90402.pdf"),
    );
    expect(keptText).toContain(
      squash("The certificate's own document is available from the trader on request."),
    );
    // The demo PDF kept from the public is not appended: its own words are on no page.
    expect(read.pages.some((text) => text.includes("Certificate no."))).toBe(false);
    // Cover, index, and for each product its sheet and its certificate's page.
    expect(read.pages).toHaveLength(2 + 3 * 2);
  },
  SLOW,
);

test(
  "a pack of 200 products: one certificate covering them all is appended once and the index points right",
  async () => {
    const shared = await productWithCertificate(
      "Bulk Product 000",
      "CM90200",
      fs.readFileSync(demoPdfPath()),
    );
    const values = Array.from({ length: 199 }, (_, i) => ({
      name: `Bulk Product ${String(i + 1).padStart(3, "0")}`,
      sku: `BULK-${i + 1}`,
      buildingInfoId: shared.sheet.id,
    }));
    const rows = await db().insert(products).values(values).returning({ id: products.id });
    await db()
      .insert(certificationProducts)
      .values(rows.map((row) => ({ certificationId: shared.certificate.id, productId: row.id })));
    const ids = [shared.product.id, ...rows.map((row) => row.id)];
    const pack = await getConsentPack({
      productIds: ids,
      job: { name: "Two hundred", siteAddress: "" },
      neededUntil: null,
      publishedOnly: true,
    });
    if (!pack) throw new Error("no pack");
    const read = await readPdf(await bytesOf(pack.body));
    const productItems = read.outline.slice(2);
    expect(productItems).toHaveLength(200);
    const certificatePages = new Set(
      productItems.flatMap((item) =>
        item.children.filter((c) => c.title === "CodeMark CM90200").map((c) => c.page),
      ),
    );
    expect(certificatePages.size).toBe(1);
    const indexPages = productItems[0] ? productItems[0].page - 2 : 0;
    // Cover, the index's pages, 200 one-page sheets and the certificate's one page.
    expect(read.pages).toHaveLength(1 + indexPages + 200 + 1);
    expect(indexPageNumbers(read)).toEqual(productItems.flatMap((item) => item.children.map((c) => c.page)));
  },
  SLOW,
);

/** A stored demo certificate PDF (one page), to cover test products with a real document. */
function demoPdfPath() {
  const dir = path.join(database.current.storageRoot, "certificates");
  const name = fs.readdirSync(dir).find((file) => file.endsWith(".pdf"));
  if (!name) throw new Error("the demo stored no certificate PDF");
  return path.join(dir, name);
}

function storedPack(name: string) {
  return fs.statSync(path.join(database.current.storageRoot, "consent_packs", name));
}

test(
  "the same products and documents are served from storage as drawn; editing a sheet makes a new pack",
  async () => {
    const { product, sheet } = await productWithCertificate(
      "Cached Pack Product",
      "CM90300",
      fs.readFileSync(demoPdfPath()),
    );
    const ask = () =>
      getConsentPack({
        productIds: [product.id],
        job: { name: "Cache", siteAddress: "1 Queen Street" },
        neededUntil: null,
        publishedOnly: true,
      });
    const first = await ask();
    if (!first) throw new Error("no pack");
    await bytesOf(first.body);
    expect(first.cached).toBe(false);
    const drawnAt = storedPack(first.name).mtimeMs;

    const second = await ask();
    if (!second) throw new Error("no pack");
    await bytesOf(second.body);
    expect(second).toMatchObject({ name: first.name, cached: true, size: first.size });
    expect(storedPack(first.name).mtimeMs).toBe(drawnAt);

    // Staff edit the sheet through its screen: the next pack is drawn anew, with the new words.
    const request = new Request(`http://localhost/admin/catalog/building-information/${sheet.id}`, {
      method: "POST",
      headers: { cookie: await cookieFor("admin", "consent-pack") },
      body: new URLSearchParams({
        intent: "save",
        title: "Cached pack sheet",
        classification: "not_designated",
        responsibility: "manufacturer",
        description: "Edited after the first pack.",
      }),
    });
    const saved = await settle(() =>
      sheetAction({ request, params: { id: sheet.id }, context: {} } as never),
    );
    expect(saved.status).toBeLessThan(400);
    const [row] = await db().select().from(buildingInfoSheets).where(eq(buildingInfoSheets.id, sheet.id));
    expect(row?.description).toBe("Edited after the first pack.");

    const third = await ask();
    if (!third) throw new Error("no pack");
    const read = await readPdf(await bytesOf(third.body));
    expect(third.cached).toBe(false);
    expect(third.name).not.toBe(first.name);
    expect(read.pages[2]).toContain("Edited after the first pack.");
  },
  SLOW,
);

test(
  "staff who may quote download a quote's consent pack, which the audit log records; sales may not while quoting is the admins'",
  async () => {
    const [lvl] = await db().select().from(products).where(eq(products.name, "LVL Beam 240x45 6.0m"));
    if (!lvl) throw new Error("no demo LVL beam");
    const staff = await quoteStaff();
    const { draft } = await draftQuoteFor(db(), staff, {
      lines: [
        { description: "LVL Beam", quantityMilli: "2", unitPriceCents: "120.00", productId: lvl.id },
        { description: "Cartage", quantityMilli: "1", unitPriceCents: "50.00" },
      ],
    });
    const ask = async (role: "admin" | "sales" | null) =>
      settle(async () =>
        staffPackLoader({
          request: new Request(`http://localhost/admin/quotes/${draft.id}/consent-pack`, {
            headers: role ? { cookie: await cookieFor(role, "consent-pack") } : {},
          }),
          params: { id: draft.id },
          context: undefined,
        } as never),
      );
    // A GET by a role that may not is sent to the back office's home; no one signed in, to sign in.
    expect(await ask("sales")).toMatchObject({ status: 302, location: "/admin" });
    expect((await ask(null)).location).toMatch(/^\/auth/);

    const response = (await staffPackLoader({
      request: new Request(`http://localhost/admin/quotes/${draft.id}/consent-pack`, {
        headers: { cookie: await cookieFor("admin", "consent-pack") },
      }),
      params: { id: draft.id },
      context: undefined,
    } as never)) as Response;
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Technical-literature_Consent-pack_TC-[0-9A-Z-]+_\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const read = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(squash(read.pages[0] ?? "")).toContain(squash("Mere Parata"));
    expect(read.outline.slice(2).map((item) => item.title)).toEqual(["1. LVL Beam 240x45 6.0m"]);
    const events = await db().select().from(auditEvents).where(eq(auditEvents.entityId, draft.id));
    expect(events.filter((event) => event.action === "download").map((event) => event.summary)).toEqual([
      expect.stringMatching(/^Downloaded the consent pack of quote TC-[0-9A-Z-]+ \(1 product\)$/),
    ]);
  },
  SLOW,
);

test(
  "the ZIP holds the index, each product's sheet and each certificate's own file, named by the convention",
  async () => {
    const ids = await demoListIds();
    const response = await downloadForList(ids, "job=Smith%20house&format=zip");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date());
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Technical-literature_Consent-pack_Smith-house_${today}.zip"`,
    );
    const files = await readZip(Buffer.from(await response.arrayBuffer()));
    const names = files.map((file) => file.name);
    expect(names[0]).toBe(`00_Technical-literature_Index_Smith-house_${today}.pdf`);
    const sheets = names.filter((name) => /^\d{2}-0_Technical-literature_.+_Product-information_/.test(name));
    expect(sheets).toHaveLength(new Set(ids).size);
    const certificates = names.filter((name) => /^\d{2}-[1-9]\d*_Technical-literature_/.test(name));
    expect(certificates.length).toBeGreaterThan(0);
    // Sorted by name, the files read in the index's order.
    expect([...names].sort()).toEqual(names);
    for (const name of names)
      expect(name).toMatch(
        new RegExp(
          `^[0-9-]+_Technical-literature_[A-Za-z0-9-]+(_[A-Za-z0-9-]+)*_${today}\\.(pdf|png|jpg|jpeg)$`,
        ),
      );

    const index = await readPdf(files[0]?.bytes ?? new Uint8Array());
    expect(index.pages.join("\n")).toContain("Index");
    for (const file of files.filter((f) => f.name.endsWith(".pdf")))
      expect((await readPdf(file.bytes)).pages.length, file.name).toBeGreaterThan(0);

    // A certificate stored as a PDF is in the ZIP as it is stored, byte for byte.
    const dir = path.join(database.current.storageRoot, "certificates");
    const stored = new Set(
      fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name)).toString("base64")),
    );
    const asStored = files.filter(
      (file) => certificates.includes(file.name) && stored.has(file.bytes.toString("base64")),
    );
    expect(asStored.length).toBeGreaterThan(0);
  },
  SLOW,
);

test(
  "a customer downloads their quote's consent pack from their link, which offers it; a token that names no quote is 404",
  async () => {
    const [lvl] = await db().select().from(products).where(eq(products.name, "LVL Beam 240x45 6.0m"));
    if (!lvl) throw new Error("no demo LVL beam");
    const staff = await quoteStaff();
    const { draft } = await draftQuoteFor(db(), staff, {
      lines: [{ description: "LVL Beam", quantityMilli: "2", unitPriceCents: "120.00", productId: lvl.id }],
    });
    const { token } = await sendAs(staff, draft.id);
    const page = await createAppHandler()(new Request(`http://localhost/quote/${token}`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`action="/quote/${token}/consent-pack"`);

    const ask = (tokenAsked: string, query = "") =>
      settle(() =>
        customerPackLoader({
          request: new Request(`http://localhost/quote/${tokenAsked}/consent-pack${query}`),
          params: { token: tokenAsked },
          context: routeContext("198.51.100.201"),
        } as never),
      );
    const response = (await customerPackLoader({
      request: new Request(`http://localhost/quote/${token}/consent-pack?job=&format=pdf`),
      params: { token },
      context: routeContext("198.51.100.200"),
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Technical-literature_Consent-pack_TC-[0-9A-Z-]+_\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const read = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(read.outline.slice(2).map((item) => item.title)).toEqual(["1. LVL Beam 240x45 6.0m"]);

    const unknown = crypto.randomBytes(32).toString("base64url");
    expect((await ask(unknown)).status).toBe(404);
    expect((await ask("not-a-token")).status).toBe(404);
  },
  SLOW,
);

test(
  "a product's page offers its consent pack, which downloads as a PDF or a ZIP; an unpublished product's is 404",
  async () => {
    const [lvl] = await db().select().from(products).where(eq(products.name, "LVL Beam 240x45 6.0m"));
    if (!lvl) throw new Error("no demo LVL beam");
    const page = await createAppHandler()(new Request(`http://localhost/catalog/${lvl.slug}`));
    const html = await page.text();
    expect(html).toContain(`action="/catalog/${lvl.slug}/consent-pack"`);
    expect(html).toContain("Download the consent pack");

    const ask = (slug: string, query: string, ip: string) =>
      productPackLoader({
        request: new Request(`http://localhost/catalog/${slug}/consent-pack?${query}`),
        params: { slug },
        context: routeContext(ip),
      } as never) as Promise<Response>;
    const pdf = await ask(lvl.slug, "job=Deck%20at%2012%20Kauri%20Rd", "198.51.100.210");
    expect(pdf.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Technical-literature_Consent-pack_Deck-at-12-Kauri-Rd_\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const read = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
    expect(read.outline.slice(2).map((item) => item.title)).toEqual(["1. LVL Beam 240x45 6.0m"]);

    const zip = await ask(lvl.slug, "format=zip", "198.51.100.211");
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    const names = (await readZip(Buffer.from(await zip.arrayBuffer()))).map((file) => file.name);
    expect(names[0]).toMatch(/^00_Technical-literature_Index_LVL-Beam-240x45-6-0m_/);
    expect(names[1]).toMatch(/^01-0_Technical-literature_LVL-Beam-240x45-6-0m_Product-information_/);

    const [hidden] = await db()
      .insert(products)
      .values({ name: "Hidden Beam", sku: "HIDDEN-1", slug: "hidden-beam-pack", isPublished: false })
      .returning();
    const refused = await settle(() => ask(hidden?.slug ?? "", "", "198.51.100.212"));
    expect(refused.status).toBe(404);
  },
  SLOW,
);

test(
  "a certificate a product had in its last pack and has lost since is named in the next pack's index, and stays named while nothing changes",
  async () => {
    const { product, certificate } = await productWithCertificate(
      "Lost Certificate Product",
      "CM90500",
      fs.readFileSync(demoPdfPath()),
    );
    const [kept] = await db()
      .insert(certifications)
      .values({
        title: "CodeMark Certificate CM90501",
        fileUrl: "https://codemark.example.govt.nz/certificates/CM90501.pdf",
        fileType: "PDF",
        scheme: "codemark",
        certificateNumber: "CM90501",
        standing: "active",
      })
      .returning();
    if (!kept) throw new Error("not stored");
    await db().insert(certificationProducts).values({ certificationId: kept.id, productId: product.id });
    const download = async (ip: string) => {
      const response = (await productPackLoader({
        request: new Request(`http://localhost/catalog/${product.slug}/consent-pack?job=Lost`),
        params: { slug: product.slug },
        context: routeContext(ip),
      } as never)) as Response;
      expect(response.status).toBe(200);
      return squash((await readPdf(new Uint8Array(await response.arrayBuffer()))).pages.join(" "));
    };
    const lostWords = (date: string) =>
      squash(`Lost since the last consent pack (${date}): CodeMark CM90500.`);
    const today = formatNzDate(nzToday());

    const first = await download("198.51.100.220");
    expect(first).toContain("CM90500");
    expect(first).not.toContain("Lostsince");

    // Suspended since: not included, and the index says it was in the last pack.
    await db()
      .update(certifications)
      .set({ standing: "suspended" })
      .where(eq(certifications.id, certificate.id));
    const second = await download("198.51.100.221");
    expect(second).toContain(lostWords(today));
    expect(second).toContain(squash("CodeMark CM90500 suspended: not included."));

    // Made again with nothing changed: the same words, from the stored pack.
    const stored = await getConsentPack({
      productIds: [product.id],
      job: { name: "Lost", siteAddress: "", reference: product.name },
      neededUntil: null,
      publishedOnly: true,
    });
    stored?.body.destroy();
    expect(stored?.cached).toBe(true);
    expect(await download("198.51.100.222")).toContain(lostWords(today));

    // A certificate taken off the product (not only suspended) is lost just the same.
    await db()
      .update(certifications)
      .set({ standing: "active" })
      .where(eq(certifications.id, certificate.id));
    expect(await download("198.51.100.223")).not.toContain("Lostsince");
    await db().delete(certificationProducts).where(eq(certificationProducts.certificationId, kept.id));
    const fifth = await download("198.51.100.224");
    expect(fifth).toContain(squash(`Lost since the last consent pack (${today}): CodeMark CM90501.`));
    expect(fifth).not.toContain(squash("CodeMark CM90501 suspended"));
  },
  SLOW,
);
