// A builder's job sent for a quote, across devices and people: on a 375 px phone a builder signs
// up, confirms the mailed link and signs in, starts a job, adds a product from the catalogue and sends the job's list for a quote (the form
// prefilled from the account and the job); staff, in a browser of their own on the same server,
// open the enquiry, see the job and its site and the customer's account with that job marked,
// and quote it; back at 1280 px the customer opens the quote under My account and accepts it.
// Then the same send with JavaScript off. Each page is checked with axe (with scripts on: axe
// runs as a script).
import type { Page } from "@playwright/test";
import { ROOFING, TIMBER } from "../../app/server/seed/products-building";
import { E2E_USER } from "./accounts";
import { expect, expectNoAxeViolations, startSession, test, waitForHydration } from "./fixtures";
import { addToJob, createJob, openProduct, tag, toast } from "./jobs";
import { withoutJavaScript } from "./pdf";
import { newEmail, signUpInBrowser } from "./sign-up";

const PRODUCTS = [TIMBER, ROOFING].flat().filter((p) => !p.draft);
const FIRST = PRODUCTS[2]?.name ?? "";
const SECOND = PRODUCTS[3]?.name ?? "";

// Three people's pages in one journey, on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

async function addFromCatalogue(page: Page, product: string, job: string, quantity: string) {
  await openProduct(page, product);
  await addToJob(page, job, quantity);
}

test("a builder signs up on a phone, sends a job's list for a quote; staff quote it; the builder accepts it at 1280 px", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const builder = { name: "Rangi Walker", email: newEmail("walker") };
  await signUpInBrowser(page, builder.name, builder.email);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const job = `Walker house ${tag()}`;
  const site = "14 Kowhai Lane, Raglan";
  const jobUrl = await createJob(page, job, site);
  // No product yet: nothing to send.
  await expect(page.getByRole("link", { name: "Send this list for a quote" })).toHaveCount(0);

  await addFromCatalogue(page, FIRST, job, "12");
  await expect(toast(page, "Added to your job")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(jobUrl);
  await expect(page.getByRole("listitem").filter({ hasText: FIRST }).getByRole("spinbutton")).toHaveValue(
    "12",
  );
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Send this list for a quote" }).click();
  await expect(page).toHaveURL(/\/contact\?job=[0-9a-f-]{36}$/);

  // Prefilled from the account and the job; the job's list is what goes with it.
  const list = page.getByRole("region", { name: "Your job's list" });
  await expect(list).toContainText(job);
  await expect(list.getByRole("listitem").filter({ hasText: FIRST })).toContainText("Quantity: 12");
  const contact = page.getByRole("form", { name: "Contact form" });
  await expect(contact.getByLabel("Full Name")).toHaveValue(builder.name);
  await expect(contact.getByLabel("Email")).toHaveValue(builder.email);
  await expect(contact.getByLabel("Subject")).toHaveValue("Quote Request");
  await expect(contact.getByLabel("Message")).toHaveValue(new RegExp(`^Job: ${job}, ${site}`));
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await contact.getByLabel("Message").press("End");
  await contact.getByLabel("Message").pressSequentially("Delivery in March please.");
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thanks for contacting us!")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Staff, in a browser of their own on the same server.
  const baseURL = test.info().project.use.baseURL ?? "";
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL });
  let number = "";
  try {
    const staff = await staffContext.newPage();
    await startSession(staff, "admin", baseURL);
    await staff.goto(`/admin/contact-management?q=${encodeURIComponent(builder.email)}`);
    await staff
      .getByRole("link", { name: new RegExp(`^TC-\\d{4}-\\d{6} from ${builder.name}`) })
      .first()
      .click();
    await expect(staff.locator('dt:text-is("Job") + dd')).toHaveText(`${job}, ${site}`);
    // The customer's account beside it: their details and jobs, this enquiry's job marked.
    const account = staff.getByRole("region", { name: "Customer account" });
    await expect(account).toContainText(builder.email);
    await expect(account.getByRole("listitem").filter({ hasText: job })).toContainText("This enquiry's job");
    await expectNoAxeViolations(staff);
    await staff.getByRole("button", { name: "Create Quote" }).click();
    await expect(staff).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}$/);
    const heading = staff.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(/^Quote TC-\d{4}-\d{6}-A$/);
    number = ((await heading.textContent()) ?? "").replace("Quote ", "");
    await expect(staff.getByLabel("Line 1: description")).toHaveValue(FIRST);
    await staff.getByLabel("Unit price excl. GST").first().fill("10.00");
    await expectNoAxeViolations(staff);
    await staff.getByRole("button", { name: "Send to Customer" }).click();
    await staff.getByRole("alertdialog").getByRole("button", { name: "Send Quote" }).click();
    await expect(staff.getByText("Quote sent", { exact: true })).toBeVisible();
  } finally {
    await staffContext.close();
  }

  // The customer, now at a desk.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/account/quotes");
  const row = page.getByRole("row").filter({ hasText: number });
  await expect(row).toContainText("Open");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Quote ${number}` })).toBeVisible();
  await expectNoAxeViolations(page);
  const accept = page.getByRole("group", { name: "Accept this quote" });
  await accept.getByLabel("Your name").fill(builder.name);
  await accept.getByLabel("I accept this quote and its terms.").check();
  await accept.getByRole("button", { name: "Accept Quote" }).click();
  await expect(
    page.getByText(new RegExp(`You accepted this quote on .* \\(${builder.name}\\)`)),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("with JavaScript off, a customer sends a job's list for a quote by the plain form post", async ({
  browser,
}) => {
  await withoutJavaScript(browser, async (page) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await startSession(page, "user");
    const job = `No-script house ${tag()}`;
    const jobUrl = await createJob(page, job, "3 Kowhai Ave, Napier");
    await addFromCatalogue(page, SECOND, job, "5");
    await expect(page.getByRole("status").filter({ hasText: "Added to your job" })).toBeVisible();
    await page.goto(jobUrl);
    await page.getByRole("link", { name: "Send this list for a quote" }).click();
    const contact = page.getByRole("form", { name: "Contact form" });
    await expect(contact.getByLabel("Email")).toHaveValue(E2E_USER.email);
    await expect(contact.getByLabel("Message")).toHaveValue(new RegExp(`^Job: ${job}, 3 Kowhai Ave, Napier`));
    await expect(page.getByRole("region", { name: "Your job's list" })).toContainText(SECOND);
    await contact.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Thanks for contacting us!")).toBeVisible();
  });
});
