// A signed-in customer's quotes in a real browser: staff send a quote to the customer's address
// (in capitals: the match ignores case) through the back office of this server; the customer
// finds it under My account > Quotes (at 1280 and 375 px), opens it, downloads its PDF and
// accepts it; then, with JavaScript off, another quote is accepted by the plain form post.
import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { E2E_USER } from "./accounts";
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";
import { pdfText } from "./pdf";

test.describe.configure({ timeout: 180_000 });

/**
 * An enquiry from the customer's address, then (as an admin in a browser of its own) its quote
 * drafted with one line and sent; returns the quote's number.
 */
async function sendQuoteToUser(browser: Browser): Promise<string> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    baseURL: test.info().project.use.baseURL,
  });
  const staff = await context.newPage();
  const marker = `Acct${crypto.randomBytes(3).toString("hex")}`;
  await staff.goto("/contact");
  const contact = staff.getByRole("form", { name: "Contact form" });
  await contact.getByLabel("Full Name").fill(`Uma ${marker}`);
  await contact.getByLabel("Email").fill(E2E_USER.email.toUpperCase());
  await contact.getByLabel("Subject").selectOption("Quote Request");
  await contact.getByLabel("Message").fill("Please price 20 sheets of 12 mm plywood, delivered to Papakura.");
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(staff.getByText("Thanks for contacting us!")).toBeVisible();

  await startSession(staff, "admin");
  await staff.goto(`/admin/contact-management?q=${marker}`);
  await staff.getByRole("link", { name: new RegExp(`^TC-\\d{4}-\\d{6} from Uma ${marker}`) }).click();
  await staff.getByRole("button", { name: "Create Quote" }).click();
  await expect(staff).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}$/);
  const heading = staff.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Quote TC-\d{4}-\d{6}-A$/);
  const number = ((await heading.textContent()) ?? "").replace("Quote ", "");
  if ((await staff.getByLabel("Line 1: description").count()) === 0) {
    await staff.getByRole("button", { name: "Add Line" }).click();
  }
  await staff.getByLabel("Line 1: description").fill("Plywood 12 mm");
  await staff.getByLabel("Quantity").first().fill("20");
  await staff.getByLabel("Unit price excl. GST").first().fill("54.90");
  await staff.getByRole("button", { name: "Send to Customer" }).click();
  await staff.getByRole("alertdialog").getByRole("button", { name: "Send Quote" }).click();
  await expect(staff.getByText("Quote sent", { exact: true })).toBeVisible();
  await context.close();
  return number;
}

async function acceptOn(page: Page) {
  const form = page.getByRole("group", { name: "Accept this quote" });
  await form.getByLabel("Your name").fill("Uma User");
  await form.getByLabel("Purchase order number (optional)").fill("PO-3301");
  await form.getByLabel("I accept this quote and its terms.").check();
  await form.getByRole("button", { name: "Accept Quote" }).click();
}

test("a customer finds their quote under My account, reads it, downloads its PDF and accepts it", async ({
  page,
  browser,
}) => {
  const number = await sendQuoteToUser(browser);
  await startSession(page, "user");

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: "Your quotes" })).toBeVisible();
    await page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "Quotes" }).click();
    await expect(page).toHaveURL(/\/account\/quotes$/);
    const row = page.getByRole("row").filter({ hasText: number });
    await expect(row).toContainText("Open");
    await expect(row).toContainText("$1,262.70");
    await expectNoAxeViolations(page);
  }

  await page.getByRole("link", { name: number }).click();
  await expect(page).toHaveURL(/\/account\/quotes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: `Quote ${number}` })).toBeVisible();
  await expect(page.getByText(/This quote is open until/)).toBeVisible();
  await expectNoAxeViolations(page);

  // The PDF: the one stored when the quote was sent.
  const pdfHref = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
  expect(pdfHref).toMatch(/^\/account\/quotes\/[0-9a-f-]{36}\/pdf$/);
  const pdf = await page.request.get(pdfHref ?? "");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(await pdfText(await pdf.body())).toContain(number);

  // On a phone, accepted with the page's scripts running.
  await page.setViewportSize({ width: 375, height: 800 });
  // Sent without the tick: the message by the box (axe checks the form with it; axe needs scripts,
  // so the same refusal without them, below, is not checked again).
  await page
    .getByRole("group", { name: "Accept this quote" })
    .getByRole("button", { name: "Accept Quote" })
    .click();
  await expect(page.getByText("Please accept the terms to continue")).toBeVisible();
  await expectNoAxeViolations(page);
  await acceptOn(page);
  await expect(page.getByText(/You accepted this quote on .* \(Uma User\)/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto("/account/quotes");
  await expect(page.getByRole("row").filter({ hasText: number })).toContainText("Accepted");
});

test("without JavaScript, the customer's account accepts a quote by its plain form, and a bad answer shows its messages", async ({
  browser,
}) => {
  const number = await sendQuoteToUser(browser);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 800 },
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  await startSession(page, "user");
  await page.goto("/account/quotes");
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Quote ${number}` })).toBeVisible();

  // Sent without the tick: the server's message, the name kept.
  const form = page.getByRole("group", { name: "Accept this quote" });
  await form.getByLabel("Your name").fill("Uma User");
  await form.getByRole("button", { name: "Accept Quote" }).click();
  await expect(page.getByText("Please accept the terms to continue")).toBeVisible();
  await expect(page.getByRole("group", { name: "Accept this quote" }).getByLabel("Your name")).toHaveValue(
    "Uma User",
  );

  await acceptOn(page);
  await expect(page.getByText(/You accepted this quote on .* \(Uma User\)/)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/quotes\/[0-9a-f-]{36}$/);
  await context.close();
});
