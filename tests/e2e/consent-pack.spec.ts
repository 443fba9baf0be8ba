// A visitor lists two products that carry certificates and downloads their consent pack from the
// quote list, with scripts on (at 375 px, axe clean) and with scripts off: the same plain form
// saves a PDF named for the council, whose cover names the job and whose index lists both. A
// customer whose quote has the beam on it downloads its pack from their quote link (axe clean).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { parseMail } from "../integration/mail-support";
import { e2eState, expect, expectNoAxeViolations, startSession, test, waitForLiveCatalog } from "./fixtures";
import { pdfText, withoutJavaScript } from "./pdf";

// From the demo seed: a CodeMark-certified LVL beam and roofing with a BRANZ Appraisal, both in stock.
const LVL = "LVL Beam 240x45 6.0m";
const ROOFING = "Pre-painted Steel Corrugate Roofing 0.40 BMT (per m)";

function card(page: Page, name: string) {
  return page
    .getByTestId("catalog-results")
    .getByTestId("product-card")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
}

function quoteList(page: Page) {
  return page.getByRole("region", { name: "Your quote list" });
}

function packForm(page: Page) {
  return quoteList(page).getByRole("form", { name: "Consent pack" });
}

async function addToList(page: Page, name: string, live: boolean) {
  await page.goto(`/catalog?q=${encodeURIComponent(name)}`);
  if (live) await waitForLiveCatalog(page);
  await card(page, name)
    .getByRole("button", { name: `Add to quote list for ${name}` })
    .click();
  await expect(page.getByRole("banner").getByRole("link", { name: /^Quote list, [1-9]/ })).toBeVisible();
}

/** Fills the pack's form, presses Download and reads the file the browser saved. */
async function downloadPack(page: Page, job: string) {
  const form = packForm(page);
  await form.getByLabel("Job name").fill(job);
  await form.getByLabel("Site address").fill("12 Kōwhai Street, Henderson");
  const saved = page.waitForEvent("download");
  await form.getByRole("button", { name: "Download the consent pack" }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(
    /^Technical-literature_Consent-pack_.+_\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const path = await download.path();
  return pdfText(path);
}

function expectPack(text: string, job: string) {
  expect(text).toContain(job);
  expect(text).toContain("12 Kōwhai Street, Henderson");
  expect(text).toContain(`Building product information: ${LVL}`);
  expect(text).toContain("CodeMark CM40123");
  expect(text).toContain("BRANZ Appraisal 1021");
}

test("with JavaScript, at 375 px: list two products, download their consent pack", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await addToList(page, LVL, true);
  await addToList(page, ROOFING, true);
  await page.goto("/contact#quote-list");
  await expect(quoteList(page).getByRole("listitem")).toHaveCount(2);
  await expect(packForm(page)).toBeVisible();
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(375);

  const text = await downloadPack(page, "Henderson renovation");
  expectPack(text, "Henderson renovation");
  // The page stays as it was: the list and its form are still there.
  await expect(quoteList(page).getByRole("listitem")).toHaveCount(2);
});

test("without JavaScript: the same form downloads the same pack", async ({ browser }) => {
  await withoutJavaScript(browser, async (page) => {
    await addToList(page, LVL, false);
    await addToList(page, ROOFING, false);
    await page.goto("/contact#quote-list");
    await expect(quoteList(page).getByRole("listitem")).toHaveCount(2);
    const text = await downloadPack(page, "Te Atatū deck");
    expectPack(text, "Te Atatū deck");
  });
});

/** The outbox mail about `number` once the worker has written it. */
async function quoteMail(number: string) {
  const dir = path.join(e2eState().dataDir, "outbox");
  const find = () =>
    (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .filter((name) => name.endsWith(".eml"))
      .map((name) => parseMail(fs.readFileSync(path.join(dir, name), "utf8")))
      .find((mail) => mail.subject.startsWith("Quote ") && mail.text.includes(number));
  await expect.poll(() => Boolean(find()), { timeout: 60_000 }).toBe(true);
  return find();
}

test("a customer opens their quote link and downloads the consent pack of its products", async ({
  page,
  browser,
}) => {
  // The quote's e-mail is waited for up to a minute (the mail worker's turn on a busy machine):
  // the journey's own limit leaves room for that wait.
  test.setTimeout(120_000);
  // A visitor's enquiry with the LVL beam on its quote list, quoted and sent by an admin.
  const marker = `Pack${crypto.randomBytes(3).toString("hex")}`;
  await addToList(page, LVL, true);
  await page.goto("/contact");
  const contact = page.getByRole("form", { name: "Contact form" });
  await contact.getByLabel("Full Name").fill(`Mere ${marker}`);
  await contact.getByLabel("Email").fill(`${marker.toLowerCase()}@example.co.nz`);
  await contact.getByLabel("Subject").selectOption("Quote Request");
  await contact.getByLabel("Message").fill("Please price the beam on my list.");
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thanks for contacting us!")).toBeVisible();
  await startSession(page, "admin");
  await page.goto(`/admin/contact-management?q=${marker}`);
  await page.getByRole("link", { name: new RegExp(`^TC-\\d{4}-\\d{6} from Mere ${marker}`) }).click();
  await page.getByRole("button", { name: "Create Quote" }).click();
  await expect(page).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}$/);
  // The address changes before the quote's page is drawn: its number is read once its heading
  // shows (read from the enquiry's heading, no mail would ever match it).
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Quote TC-\d{4}-\d{6}-A$/);
  const number = ((await heading.textContent()) ?? "").replace("Quote ", "");
  await expect(page.getByLabel("Line 1: description")).toHaveValue(LVL);
  await page.getByLabel("Unit price excl. GST").first().fill("120.00");
  await page.getByRole("button", { name: "Send to Customer" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Send Quote" }).click();
  await expect(page.getByText("Quote sent", { exact: true })).toBeVisible();
  const link =
    /http:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/.exec((await quoteMail(number))?.text ?? "")?.[0] ?? "";
  expect(link).not.toBe("");

  const context = await browser.newContext();
  try {
    const customer = await context.newPage();
    await customer.goto(new URL(link).pathname);
    const form = customer.getByRole("form", { name: "Consent pack" });
    await expect(form).toBeVisible();
    await expectNoAxeViolations(customer);
    await form.getByLabel("Job name").fill("Parata garage");
    const saved = customer.waitForEvent("download");
    await form.getByRole("button", { name: "Download the consent pack" }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(
      /^Technical-literature_Consent-pack_Parata-garage_\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const text = await pdfText(await download.path());
    expect(text).toContain("Parata garage");
    expect(text).toContain(`Building product information: ${LVL}`);
    expect(text).toContain("CodeMark CM40123");
  } finally {
    await context.close();
  }
});
