import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, startSession, test, waitForHydration } from "./fixtures";
import { pdfText, withoutJavaScript } from "./pdf";

// From the demo seed.
const LVL = "LVL Beam 240x45 6.0m";
const ROOFING = "Pre-painted Steel Corrugate Roofing 0.40 BMT (per m)";
const TREATED = "H3.2 Treated Pine 90x45 Framing 4.8m";
const KILN_DRIED = "H1.2 Kiln-Dried Pine 90x45 Framing 2.4m";

function packForm(page: Page) {
  return page.getByRole("form", { name: "Consent pack" });
}

async function search(page: Page, words: string) {
  await page.getByRole("searchbox", { name: "Search products" }).fill(words);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(words).replace(/%20/g, "\\+")}`));
}

/** Presses Download in the open form and reads the PDF the browser saved. */
async function downloadPack(page: Page, job: string) {
  const form = packForm(page);
  await form.getByLabel("Job name").fill(job);
  const saved = page.waitForEvent("download");
  await form.getByRole("button", { name: "Download the consent pack" }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(
    /^Technical-literature_Consent-pack_[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  return pdfText(await download.path());
}

test("at 375 px, an admin ticks two products found by two searches and downloads their consent pack", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await startSession(page, "admin");
  await page.goto(`/admin/catalog?q=${encodeURIComponent(LVL)}`);
  await waitForHydration(page);

  // Nothing ticked: Download says what to do instead of making an empty pack.
  const form = packForm(page);
  await form.locator("summary").click();
  await form.getByRole("button", { name: "Download the consent pack" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    "Tick at least one product first, with the box at the start of its row.",
  );

  await page.getByRole("checkbox", { name: `Select ${LVL}` }).check();
  await expect(form.getByRole("alert")).toHaveText("");
  await search(page, "Corrugate Roofing");
  await page.getByRole("checkbox", { name: `Select ${ROOFING}` }).check();
  await expect(form.locator("summary")).toContainText("(2 ticked)");
  await expect(form.getByRole("listitem")).toHaveText([LVL, ROOFING]);

  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const text = await downloadPack(page, "Kauri Street deck");
  expect(text).toContain("Kauri Street deck");
  expect(text).toContain(LVL);
  expect(text).toContain(ROOFING);
  expect(text.indexOf(LVL)).toBeLessThan(text.indexOf(ROOFING));
  // The page stays as it was, the selection too.
  await expect(form.locator("summary")).toContainText("(2 ticked)");
});

test("without JavaScript, the ticks of the page shown are sent by the same form", async ({ browser }) => {
  await withoutJavaScript(browser, async (page) => {
    await startSession(page, "admin");
    await page.goto(`/admin/catalog?q=${encodeURIComponent("Pine 90x45 Framing")}`);
    await page.getByRole("checkbox", { name: `Select ${TREATED}` }).check();
    await page.getByRole("checkbox", { name: `Select ${KILN_DRIED}` }).check();
    await packForm(page).locator("summary").click();
    const text = await downloadPack(page, "Henderson garage");
    expect(text).toContain("Henderson garage");
    expect(text).toContain(TREATED);
    expect(text).toContain(KILN_DRIED);
  });
});
