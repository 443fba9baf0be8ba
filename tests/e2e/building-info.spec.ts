// Building product information on the public site, from the demo seed: the product page's
// section with its certificate line, the printable sheet, and that sheet printed by Chromium on
// the A4 paper it asks for, every link's address printed after it; a certificate that is not
// current shows nowhere.
import { PDFParse } from "pdf-parse";
import { e2eState, expect, expectNoAxeViolations, test } from "./fixtures";
import { dayPlus, nzLongDate } from "./nz-date";

// The demo's Class 1 roofing line (a complete sheet), and its LVL beam covered by a current
// CodeMark certificate whose register was checked 12 days before the seed.
const ROOFING = {
  slug: "pre-painted-steel-corrugate-roofing-0-40-bmt-per-m",
  name: "Pre-painted Steel Corrugate Roofing 0.40 BMT (per m)",
};
const LVL = "lvl-beam-240x45-6-0m";

/**
 * `line` with the date `days` before the demo content was written, as New Zealand writes it
 * ("13 November 2026"); either of two in the moment's chance that the seed ran across midnight
 * in Auckland.
 */
function datedBeforeSeed(days: number, line: (date: string) => string): string | RegExp {
  const lines = e2eState().seededOn.map((day) => line(nzLongDate(dayPlus(day, -days))));
  if (lines.length === 1) return lines[0] as string;
  return new RegExp(lines.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"));
}

test("the product page shows the building product information and its current certificate; axe finds nothing", async ({
  page,
}) => {
  await page.goto(`/catalog/${LVL}`);
  const covered = page.getByRole("region", { name: "Building product information" });
  await expect(covered.getByTestId("certificate-line")).toHaveText(
    datedBeforeSeed(12, (date) => `Certificate CM40123, current, checked against the register on ${date}`),
  );
  await expect(covered.getByRole("link", { name: /Check it on the public register/ })).toHaveAttribute(
    "href",
    "https://codemark.example.govt.nz/register/CM40123",
  );

  await page.goto(`/catalog/${ROOFING.slug}`);
  const section = page.getByRole("region", { name: "Building product information" });
  await expect(section).toBeVisible();
  await expect(section).toContainText("Class 1 designated building product");
  await expect(section).toContainText(datedBeforeSeed(20, (date) => `last reviewed on ${date}`));
  // The roofing's appraisal runs out in 45 days: it shows as expiring.
  await expect(section.getByTestId("certificate-line")).toHaveText(
    datedBeforeSeed(40, (date) => `Certificate 1021, expiring, checked against the register on ${date}`),
  );
  // The appraisal's title names its scheme already: it is not said twice.
  await expect(
    section.getByText("BRANZ Appraisal 1021: Pre-painted Steel Roofing", { exact: true }),
  ).toBeVisible();
  await expect(section.getByText(/BRANZ Appraisal: BRANZ Appraisal/)).toHaveCount(0);
  await section.getByText("The full building product information").click();
  await expect(section.getByText("Clause E2")).toBeVisible();
  await expectNoAxeViolations(page);
  await section.getByRole("link", { name: "Printable sheet" }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/${ROOFING.slug}/building-information$`));
});

test("a certificate that expired, was suspended or withdrawn, or is a draft shows on no public page", async ({
  page,
}) => {
  await page.goto("/certifications");
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards.filter({ hasText: "CodeMark Certificate CM40123" })).toHaveCount(1);
  for (const hidden of ["Appraisal 884", "CM20877", "CM19002", "Appraisal 1107"])
    await expect(cards.filter({ hasText: hidden })).toHaveCount(0);
  // The underlay's appraisal expired 20 days ago: its product page no longer shows it.
  await page.goto("/catalog/self-supporting-synthetic-roof-underlay-1-3m-x-40m");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("certificate-line")).toHaveCount(0);
  await expect(page.getByText("884")).toHaveCount(0);
});

test("the printable sheet reads the whole sheet, prints to an A4 PDF with its title, and passes axe", async ({
  page,
}) => {
  const { slug, name } = ROOFING;
  const title = `Building product information: ${name}`;
  await page.goto(`/catalog/${slug}/building-information`);
  await expect(page).toHaveTitle(`${title} | Trade Counter`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("certificate-line")).toContainText("Certificate 1021, expiring");
  await expect(page.getByRole("link", { name: `Back to ${name}` })).toHaveAttribute(
    "href",
    `/catalog/${slug}`,
  );
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("site-header")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  // No paper size given: the page's own @page rule decides, as the browser's Print does.
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const info = await parser.getInfo({ parsePageInfo: true });
    expect(info.pages.length).toBeGreaterThanOrEqual(1);
    for (const sheet of info.pages) {
      // A4 is 210 x 297 mm: 595.3 x 841.9 points (US Letter would be 612 x 792).
      expect(Math.round(sheet.width)).toBe(595);
      expect(Math.round(sheet.height)).toBe(842);
    }
    const result = await parser.getText();
    expect(result.total).toBeGreaterThanOrEqual(1);
    // pdf.js may break a long address across lines: compare without any white space.
    const text = result.text.replace(/\s+/g, " ");
    const compact = result.text.replace(/\s+/g, "");
    expect(text).toContain("Building product information:");
    expect(text).toContain("Certificate 1021");
    expect(text).toContain("E2");
    // On paper, each link's address follows its words: the register, the evidence, the file.
    const origin = new URL(page.url()).origin;
    expect(compact).toContain("Checkitonthepublicregister(https://appraisals.example.nz/appraisal/1021)");
    expect(compact).toContain(`Roofingdurabilitystatement(${origin}/certifications)`);
    expect(compact).toMatch(new RegExp(`Downloadthecertificate\\(${origin}/files/certificates/[^)]+\\)`));
    expect(compact).toContain(`Online,alwayscurrent:${origin}/catalog/${slug}/building-information`);
  } finally {
    await parser.destroy();
  }
});

test("the printable sheet of an unknown product is a 404", async ({ request }) => {
  const response = await request.get("/catalog/no-such-product/building-information");
  expect(response.status()).toBe(404);
});
