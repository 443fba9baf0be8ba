// Building product information on the public side: the product page's section and certificate
// lines, the printable sheet (200 for a published product with a sheet, 404 otherwise), the
// product's JSON-LD, the sitemap, and that only current or expiring certificates are shown, as of
// the day given. Anonymous visitors, no price anywhere.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { nzDatePlusDays, nzToday } from "~/lib/nz-date";
import { getBuildingInfoSheetPage, getPublicBuildingInfo } from "~/modules/compliance/public.server";
import { getSitemapEntries } from "~/modules/seo/sitemap.server";
import { buildingInfoSheets, certificationProducts, certifications, products } from "~/server/db/schema";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const app = createAppHandler();
const db = () => database.current.db;

const PRICE = "98765.43";
const LINE = "Certificate CM12345, current, checked against the register on 3 March 2026";

const seeded = {} as {
  shownSlug: string;
  shownId: string;
  bareSlug: string;
  hiddenSlug: string;
  resellerSlug: string;
  certificateIds: Record<"codemark" | "expired" | "suspended" | "withdrawn" | "draft", string>;
};

async function addProduct(values: Partial<typeof products.$inferInsert> & { name: string }) {
  const [row] = await db()
    .insert(products)
    .values({ price: Number(PRICE), isPublished: true, ...values })
    .returning();
  if (!row) throw new Error("no product");
  return row;
}

async function addCertificate(
  values: Partial<typeof certifications.$inferInsert> & { title: string },
  productId: string,
) {
  const [row] = await db()
    .insert(certifications)
    .values({ fileUrl: "/files/certificates/cert.pdf", fileType: "PDF", ...values })
    .returning();
  if (!row) throw new Error("no certificate");
  await db().insert(certificationProducts).values({ certificationId: row.id, productId });
  return row.id;
}

beforeAll(async () => {
  const [sheet] = await db()
    .insert(buildingInfoSheets)
    .values({
      title: "Weatherboard cladding line",
      classification: "class_2",
      responsibility: "manufacturer",
      description: "Bevel-back timber weatherboards.",
      intendedUse: "External wall cladding on timber-framed buildings.",
      identifiers: [
        { kind: "gtin", value: "9421234567890" },
        { kind: "sku", value: "WB-180" },
        { kind: "model", value: "Bevelback 180" },
      ],
      responsibleParty: {
        legalName: "Kauri Cladding Limited",
        tradingNames: ["Kauri Clad"],
        nzbn: "9429041234567",
        address: "12 Mill Road, Rotorua 3010",
        phone: "07 555 0101",
        email: "info@kauriclad.example.nz",
        website: "https://kauriclad.example.nz",
      },
      codeClauses: [
        {
          clause: "E2",
          contribution: "Sheds water from the wall.",
          limitations: "Over a drained cavity only.",
          pathway: "acceptable_solution",
        },
        { clause: "B2", contribution: "Lasts 15 years.", limitations: "Painted.", pathway: "appraisal" },
      ],
      scopeOfUse: "Buildings within the scope of E2/AS1.",
      designRequirements: "Design to E2/AS1.",
      installationRequirements: "Fix with stainless nails.",
      maintenanceRequirements: "Repaint every 8 years.",
      warnings: "Do not use within 500 m of breaking surf.",
      evidence: [{ title: "BRANZ Appraisal 1234", url: "https://www.branz.co.nz/appraisals/1234" }],
      version: 3,
      reviewedOn: "2026-03-03",
    })
    .returning();
  const [resellerSheet] = await db()
    .insert(buildingInfoSheets)
    .values({
      title: "Imported membrane",
      classification: "class_1",
      responsibility: "reseller",
      sourceUrl: "https://maker.example.com/membrane/bpir",
      identifiers: [{ kind: "model", value: "MEM-9" }],
    })
    .returning();
  if (!sheet || !resellerSheet) throw new Error("no sheet");
  const shown = await addProduct({ name: "Bevelback Weatherboard", buildingInfoId: sheet.id });
  const bare = await addProduct({ name: "Plain Garden Stake" });
  const hidden = await addProduct({
    name: "Unreleased Weatherboard",
    isPublished: false,
    buildingInfoId: sheet.id,
  });
  const reseller = await addProduct({ name: "Membrane Roll", buildingInfoId: resellerSheet.id });
  const codemark = await addCertificate(
    {
      title: "Bevelback CodeMark",
      scheme: "codemark",
      certificateNumber: "CM12345",
      holder: "Kauri Cladding Limited",
      certificationBody: "Bureau Veritas",
      issuedOn: "2025-01-10",
      expiresOn: "2027-06-30",
      registerUrl: "https://codemark.example.govt.nz/CM12345",
      registerCheckedOn: "2026-03-03",
    },
    shown.id,
  );
  const expired = await addCertificate(
    {
      title: "Old appraisal",
      scheme: "branz_appraisal",
      certificateNumber: "BA-OLD-1",
      expiresOn: "2026-01-31",
    },
    shown.id,
  );
  const other = async (standing: "suspended" | "withdrawn" | "draft") =>
    addCertificate(
      {
        title: `A ${standing} one`,
        scheme: "codemark",
        certificateNumber: `CM-${standing.toUpperCase()}`,
        standing,
      },
      shown.id,
    );
  seeded.shownSlug = shown.slug;
  seeded.shownId = shown.id;
  seeded.bareSlug = bare.slug;
  seeded.hiddenSlug = hidden.slug;
  seeded.resellerSlug = reseller.slug;
  seeded.certificateIds = {
    codemark,
    expired,
    suspended: await other("suspended"),
    withdrawn: await other("withdrawn"),
    draft: await other("draft"),
  };
});

async function page(path: string) {
  const response = await app(new Request(`http://localhost${path}`));
  return { status: response.status, html: await response.text() };
}

function productJsonLd(html: string) {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
  );
  const product = blocks.find((block) => block["@type"] === "Product");
  if (!product) throw new Error("no Product JSON-LD");
  return product;
}

test("the product page carries the section, the sheet, the certificate line and the printable link", async () => {
  const { status, html } = await page(`/catalog/${seeded.shownSlug}`);
  expect(status).toBe(200);
  expect(html).toContain("Building product information");
  expect(html).toContain("Class 2 designated building product");
  expect(html).toContain("Warning or ban under section 26 of the Building Act");
  expect(html).toContain("Do not use within 500 m of breaking surf.");
  expect(html).toContain("Kauri Cladding Limited");
  expect(html).toContain("Clause E2");
  expect(html).toContain("last reviewed on 3 March 2026");
  expect(html).toContain(LINE);
  expect(html).toContain("https://codemark.example.govt.nz/CM12345");
  expect(html).toContain(`href="/catalog/${seeded.shownSlug}/building-information"`);
  for (const number of ["BA-OLD-1", "CM-SUSPENDED", "CM-WITHDRAWN", "CM-DRAFT"])
    expect(html).not.toContain(number);
  expect(html).not.toContain("98765");
});

test("the product's JSON-LD carries its GTIN, SKU, model, clauses, certificate and sheet, and no price", async () => {
  const { html } = await page(`/catalog/${seeded.shownSlug}`);
  const product = productJsonLd(html);
  expect(product.gtin13).toBe("9421234567890");
  expect(product.sku).toBe("WB-180");
  expect(product.model).toBe("Bevelback 180");
  expect(product).not.toHaveProperty("offers");
  expect(product.additionalProperty).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        name: "Building product classification",
        value: "Class 2 designated building product",
      }),
      expect.objectContaining({ name: "Building Code clause", value: "E2" }),
    ]),
  );
  expect(product.hasCertification).toEqual([
    expect.objectContaining({
      "@type": "Certification",
      certificationIdentification: "CM12345",
      issuedBy: { "@type": "Organization", name: "Bureau Veritas" },
      validFrom: "2025-01-10",
      expires: "2027-06-30",
    }),
  ]);
  expect(product.subjectOf).toEqual(
    expect.objectContaining({
      "@type": "DigitalDocument",
      url: expect.stringMatching(new RegExp(`/catalog/${seeded.shownSlug}/building-information$`)),
    }),
  );
  expect(JSON.stringify(product)).not.toContain("98765");
});

test("a product's page shows its stock code and unit, and its JSON-LD carries the code as sku", async () => {
  const coded = await addProduct({ name: "GIB Standard 10mm", sku: "GIB10-2400", unit: "sheet" });
  const { status, html } = await page(`/catalog/${coded.slug}`);
  expect(status).toBe(200);
  expect(html).toMatch(/<dt[^>]*>Code<\/dt><dd[^>]*>GIB10-2400<\/dd>/);
  expect(html).toMatch(/<dt[^>]*>Unit<\/dt><dd[^>]*>sheet<\/dd>/);
  expect(productJsonLd(html).sku).toBe("GIB10-2400");
  // A product without a code has no sku and no Code row.
  const bare = await page(`/catalog/${seeded.bareSlug}`);
  expect(productJsonLd(bare.html)).not.toHaveProperty("sku");
  expect(bare.html).not.toMatch(/<dt[^>]*>Code<\/dt>/);
});

test("a product without a sheet or certificates shows no section", async () => {
  const { status, html } = await page(`/catalog/${seeded.bareSlug}`);
  expect(status).toBe(200);
  expect(html).not.toContain("Building product information");
  expect(productJsonLd(html)).not.toHaveProperty("hasCertification");
});

test("a reseller's sheet links to the manufacturer's published information and gives the identifiers", async () => {
  const { html } = await page(`/catalog/${seeded.resellerSlug}`);
  expect(html).toContain('href="https://maker.example.com/membrane/bpir"');
  expect(html).toContain("read the manufacturer&#x27;s published information");
  expect(html).toContain("MEM-9");
});

test("the printable sheet answers 200 for a published product with a sheet, anonymously", async () => {
  const { status, html } = await page(`/catalog/${seeded.shownSlug}/building-information`);
  expect(status).toBe(200);
  expect(html).toContain(
    "<title>Building product information: Bevelback Weatherboard | Trade Counter</title>",
  );
  expect(html).toMatch(
    new RegExp(`<link rel="canonical" href="[^"]*/catalog/${seeded.shownSlug}/building-information"`),
  );
  expect(html).toContain(`href="/catalog/${seeded.shownSlug}"`);
  expect(html).toContain("Fix with stainless nails.");
  expect(html).toContain("BRANZ Appraisal 1234");
  expect(html).toContain(LINE);
  expect(html).not.toContain("98765");
});

test("the printable sheet is 404 for an unpublished product, one without a sheet and an unknown slug", async () => {
  for (const slug of [seeded.hiddenSlug, seeded.bareSlug, "no-such-product", "Not A Slug"]) {
    const { status, html } = await page(`/catalog/${encodeURIComponent(slug)}/building-information`);
    expect(status, slug).toBe(404);
    expect(html).not.toContain("Weatherboard cladding line");
  }
});

test("only current and expiring certificates are public, as of the day given", async () => {
  const numbers = async (today: string) =>
    (await getPublicBuildingInfo(seeded.shownId, today)).certificates.map(
      (c) => `${c.certificateNumber} ${c.status}`,
    );
  // The appraisal's last valid day is 31 January 2026; the CodeMark's, 30 June 2027.
  expect(await numbers("2026-01-31")).toEqual(["BA-OLD-1 expiring", "CM12345 current"]);
  expect(await numbers("2026-02-01")).toEqual(["CM12345 current"]);
  expect(await numbers("2027-04-01")).toEqual(["CM12345 expiring"]);
  expect(await numbers("2027-07-01")).toEqual([]);
  const sheetPage = await getBuildingInfoSheetPage(seeded.shownSlug, "2027-07-01");
  expect(sheetPage?.certificates).toEqual([]);
  // Staff allow downloads by default; taking that away takes the file link off.
  await db()
    .update(certifications)
    .set({ allowDownload: false })
    .where(eq(certifications.id, seeded.certificateIds.codemark));
  const [codemark] = (await getPublicBuildingInfo(seeded.shownId, "2026-03-03")).certificates;
  expect(codemark?.fileUrl).toBeNull();
  await db()
    .update(certifications)
    .set({ allowDownload: true })
    .where(eq(certifications.id, seeded.certificateIds.codemark));
});

test("a certificate on its last day says it expires today, and a title naming its scheme is not prefixed again", async () => {
  const product = await addProduct({ name: "Wall Underlay Roll" });
  await addCertificate(
    {
      title: "BRANZ Appraisal 555: Wall underlay",
      scheme: "branz_appraisal",
      certificateNumber: "555",
      expiresOn: nzToday(),
    },
    product.id,
  );
  const { html } = await page(`/catalog/${product.slug}`);
  expect(html).toContain("Certificate 555, expires today");
  expect(html).toContain("BRANZ Appraisal 555: Wall underlay");
  expect(html).not.toContain("BRANZ Appraisal: BRANZ Appraisal");
  // The day before, it is simply expiring.
  const [yesterday] = (await getPublicBuildingInfo(product.id, nzDatePlusDays(-1))).certificates;
  expect(yesterday?.statusWords).toBe("expiring");
});

test("the sitemap lists the printable sheets of published products with one", async () => {
  const paths = (await getSitemapEntries()).map((entry) => entry.path);
  expect(paths).toContain(`/catalog/${seeded.shownSlug}/building-information`);
  expect(paths).toContain(`/catalog/${seeded.resellerSlug}/building-information`);
  expect(paths).not.toContain(`/catalog/${seeded.hiddenSlug}/building-information`);
  expect(paths).not.toContain(`/catalog/${seeded.bareSlug}/building-information`);
});
