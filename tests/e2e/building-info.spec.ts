// Building product information on the public site: the product page's section with its
// certificate line, the printable sheet, and that sheet printed to an A4 PDF by Chromium. The
// sheet and certificate are written before the server starts (tests/e2e/building-info-data.ts).
import fs from "node:fs";
import path from "node:path";
import { PDFParse } from "pdf-parse";
import { e2eState, expect, expectNoAxeViolations, test } from "./fixtures";

const LINE = "Certificate CM12345, current, checked against the register on 3 March 2026";

function product(): { slug: string; name: string } {
  return JSON.parse(fs.readFileSync(path.join(e2eState().dataDir, "building-info-e2e.json"), "utf8"));
}

test("the product page shows the building product information and its current certificate; axe finds nothing", async ({
  page,
}) => {
  const { slug } = product();
  await page.goto(`/catalog/${slug}`);
  const section = page.getByRole("region", { name: "Building product information" });
  await expect(section).toBeVisible();
  await expect(section).toContainText("Class 1 designated building product");
  await expect(section).toContainText("last reviewed on 3 March 2026");
  await expect(section.getByTestId("certificate-line")).toHaveText(LINE);
  await expect(section.getByRole("link", { name: /Check it on the public register/ })).toHaveAttribute(
    "href",
    "https://example.org/codemark/CM12345",
  );
  await section.getByText("The full building product information").click();
  await expect(section.getByText("Clause E2")).toBeVisible();
  await expectNoAxeViolations(page);
  await section.getByRole("link", { name: "Printable sheet" }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/${slug}/building-information$`));
});

test("the printable sheet reads the whole sheet, prints to an A4 PDF with its title, and passes axe", async ({
  page,
}) => {
  const { slug, name } = product();
  const title = `Building product information: ${name}`;
  await page.goto(`/catalog/${slug}/building-information`);
  await expect(page).toHaveTitle(`${title} | Trade Counter`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("certificate-line")).toHaveText(LINE);
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
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    expect(result.total).toBeGreaterThanOrEqual(1);
    const text = result.text.replace(/\s+/g, " ");
    expect(text).toContain("Building product information:");
    expect(text).toContain("CM12345");
  } finally {
    await parser.destroy();
  }
});

test("the printable sheet of an unknown product is a 404", async ({ request }) => {
  const response = await request.get("/catalog/no-such-product/building-information");
  expect(response.status()).toBe(404);
});
