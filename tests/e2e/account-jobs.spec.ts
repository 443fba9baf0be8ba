// A customer's jobs in the browser, on a 375 px phone: start a job, add a product to it from the
// catalogue, change its quantity, copy the job for the next house; and the same start with
// JavaScript off. Each screen is checked with axe (with scripts on: axe runs as a script).
import { ROOFING, TIMBER } from "../../app/server/seed/products-building";
import { expect, expectNoAxeViolations, startSession, test, waitForHydration } from "./fixtures";
import { addToJob, createJob, openProduct, tag, toast } from "./jobs";
import { withoutJavaScript } from "./pdf";

const PRODUCTS = [TIMBER, ROOFING].flat().filter((p) => !p.draft);
const FIRST = PRODUCTS[0]?.name ?? "";
const SECOND = PRODUCTS[1]?.name ?? "";

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

test("with JavaScript off, a customer starts a job and adds a product to it", async ({ browser }) => {
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
  });
});
