// A customer's jobs in the browser, on a 375 px phone: start a job, add a product to it from the
// catalogue, change its quantity, copy the job for the next house; download a job's consent pack
// (a PDF naming the job, its site and its product); and the same start with JavaScript off, down
// to the pack as a ZIP. Each screen is checked with axe (with scripts on: axe runs as a script).
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { ROOFING, TIMBER } from "../../app/server/seed/products-building";
import { expect, expectNoAxeViolations, startSession, test, waitForHydration } from "./fixtures";
import { addToJob, createJob, openProduct, tag, toast } from "./jobs";
import { pdfText, withoutJavaScript } from "./pdf";

const PRODUCTS = [TIMBER, ROOFING].flat().filter((p) => !p.draft);
const FIRST = PRODUCTS[0]?.name ?? "";
const SECOND = PRODUCTS[1]?.name ?? "";
// From the demo seed: a beam with a current CodeMark certificate.
const LVL = "LVL Beam 240x45 6.0m";

/** On a job's page: presses its pack's Download (as PDF or ZIP) and returns the saved file. */
async function downloadJobPack(page: Page, format: "PDF" | "ZIP") {
  const form = page.getByRole("form", { name: "Consent pack" });
  await form.getByLabel(new RegExp(`^${format}:`)).check();
  const saved = page.waitForEvent("download");
  await form.getByRole("button", { name: "Download the consent pack" }).click();
  const download = await saved;
  const extension = format.toLowerCase();
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^Technical-literature_Consent-pack_.+_\\d{4}-\\d{2}-\\d{2}\\.${extension}$`),
  );
  const path = await download.path();
  return { path, head: fs.readFileSync(path).subarray(0, 4).toString("latin1") };
}

// Two journeys through several pages each, on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

test("at 375 px, a customer starts a job, adds a product from the catalogue, changes its quantity and copies the job", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await startSession(page, "user");
  const name = `Smith house ${tag()}`;
  await page.goto("/account");
  await page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "Jobs" }).click();
  await expect(page.getByRole("heading", { name: "Start a job" })).toBeVisible();
  await expectNoAxeViolations(page);
  await createJob(page, name, "12 Rata Street, Nelson");
  await expectNoAxeViolations(page);

  await openProduct(page, FIRST);
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await addToJob(page, name, "12");
  await expect(toast(page, "Added to your job")).toBeVisible();
  await expect(page).toHaveURL(/\/catalog\//);

  await page.goto("/account/jobs");
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("1 product");
  await row.getByRole("link", { name }).click();
  const line = page.getByRole("listitem").filter({ hasText: FIRST });
  await expect(line.getByRole("link", { name: FIRST })).toHaveAttribute("href", /^\/catalog\//);
  await expect(line.getByRole("spinbutton")).toHaveValue("12");
  await line.getByRole("spinbutton").fill("40");
  await line.getByLabel(/^Note/).fill("Cut to 2.4 m");
  await line.getByRole("button", { name: /^Save/ }).click();
  await expect(toast(page, "Line saved")).toBeVisible();
  await expect(line.getByRole("spinbutton")).toHaveValue("40");
  await expectNoAxeViolations(page);

  const copy = page.locator("form#copy-job");
  await copy.getByLabel("New job name").fill(`${name} lot 2`);
  await copy.getByLabel("New site address").fill("14 Rata Street, Nelson");
  await copy.getByRole("button", { name: "Copy to a new job" }).click();
  await expect(toast(page, "Job copied")).toBeVisible();
  await expect(page.getByLabel("Job name", { exact: true })).toHaveValue(`${name} lot 2`);
  const copied = page.getByRole("listitem").filter({ hasText: FIRST });
  await expect(copied.getByRole("spinbutton")).toHaveValue("40");
  await expect(copied.getByLabel(/^Note/)).toHaveValue("Cut to 2.4 m");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("with JavaScript off, a customer starts a job, adds a product to it and downloads its consent pack as a ZIP", async ({
  browser,
}) => {
  await withoutJavaScript(browser, async (page) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await startSession(page, "user");
    const name = `No-script job ${tag()}`;
    await createJob(page, name, "3 Kowhai Ave, Napier");
    await openProduct(page, SECOND);
    await addToJob(page, name, "5");
    await expect(page).toHaveURL(/\/catalog\/.+#product$/);
    await expect(page.getByRole("status").filter({ hasText: "Added to your job" })).toBeVisible();
    await page.goto("/account/jobs");
    await page.getByRole("link", { name }).click();
    const line = page.getByRole("listitem").filter({ hasText: SECOND });
    await expect(line.getByRole("spinbutton")).toHaveValue("5");
    const zip = await downloadJobPack(page, "ZIP");
    expect(zip.head).toBe("PK\u0003\u0004");
  });
});

test("a customer opens a job with a product on its list and downloads its consent pack, named for the job", async ({
  page,
}) => {
  await startSession(page, "user");
  const name = `Pack job ${tag()}`;
  const jobUrl = await createJob(page, name, "7 Matai Street, Nelson");
  // An empty job offers no pack.
  await expect(page.getByRole("form", { name: "Consent pack" })).toHaveCount(0);
  await openProduct(page, LVL);
  await waitForHydration(page);
  await addToJob(page, name, "3");
  await expect(toast(page, "Added to your job")).toBeVisible();

  await page.goto(jobUrl);
  const form = page.getByRole("form", { name: "Consent pack" });
  await expect(form).toContainText(name);
  await expect(form).toContainText("7 Matai Street, Nelson");
  await expectNoAxeViolations(page);
  const pdf = await downloadJobPack(page, "PDF");
  expect(pdf.head).toBe("%PDF");
  const text = await pdfText(pdf.path);
  expect(text).toContain(name);
  expect(text).toContain("7 Matai Street, Nelson");
  expect(text).toContain(LVL);
  expect(text).toContain("CodeMark CM40123");
  // The page stays as it was.
  await expect(page).toHaveURL(jobUrl);
});
