// A builder's own account, from nothing: on a 375 px phone they sign up on /auth, open the
// confirmation link the server mailed (read from its .eml outbox), sign in and land on My
// account. And a visitor's quote list kept in their account: built in the browser from the
// catalogue, then, once signed in, saved into a new job (its products and quantities on the job's
// page, the list emptied) and later into that same job again (the quantities added). Each journey
// signs up an account of its own, so the shared customer account is left as it was.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { CLADDING, INSULATION, ROOFING, TIMBER } from "../../app/server/seed/products-building";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { openProduct, toast } from "./jobs";
import { confirmationLinkFor } from "./outbox";

// Published, in-stock products of the demo seed (so they can be listed).
const LISTABLE = [TIMBER, ROOFING, CLADDING, INSULATION].flat().filter((p) => !p.draft && p.stock > 10);
const FIRST = LISTABLE[0]?.name ?? "";
const SECOND = LISTABLE[1]?.name ?? "";
const THIRD = LISTABLE[2]?.name ?? "";

const PASSWORD = "a-fine-long-password";

// Mail read from the outbox and several pages with axe, on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

function newEmail(who: string) {
  return `${who}.${crypto.randomBytes(4).toString("hex")}@e2e.test`;
}

function headerQuoteList(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Quote list, / });
}

function offerHeading(page: Page) {
  return page.getByRole("heading", { name: /^Save your quote list \(\d+ products?\) into a job$/ });
}

/** Signs in through the sign-in form (which works without scripts) and lands on My account. */
async function signInWithForm(page: Page, email: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
}

/** On a product's page: puts `quantity` of it on the browser's quote list. */
async function addToQuoteList(page: Page, product: string, quantity: string) {
  await openProduct(page, product);
  await page.getByLabel("Quantity", { exact: true }).fill(quantity);
  await page.getByRole("button", { name: `Add to quote list for ${product}` }).click();
}

/** A confirmed account of a new builder, made as the sign-up form and the mailed link make it. */
async function signUpConfirmed(page: Page, name: string, email: string) {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const signedUp = await page.request.post(`${origin}/auth`, {
    form: { intent: "sign-up", name, email, password: PASSWORD },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(signedUp.status()).toBe(302);
  await expect.poll(() => confirmationLinkFor(email), { timeout: 15_000 }).not.toBeNull();
  const confirmed = await page.request.get(`${origin}${confirmationLinkFor(email)}`, { maxRedirects: 0 });
  expect(confirmed.headers().location).toBe("/");
}

test("on a phone, a builder signs up, confirms the mailed link, signs in and lands on My account", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const email = newEmail("builder");
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Need an account? Sign up" }).click();
  await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Name").fill("Rangi Builder");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Account created").filter({ visible: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expectNoAxeViolations(page);

  // The confirmation e-mail, as the server wrote it to its outbox.
  await expect.poll(() => confirmationLinkFor(email), { timeout: 15_000 }).not.toBeNull();
  await page.goto(confirmationLinkFor(email) ?? "/");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("E-mail address confirmed").filter({ visible: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expectNoAxeViolations(page);
  await signInWithForm(page, email);
  await expect(page.getByLabel("Name")).toHaveValue("Rangi Builder");
  await expect(page.getByText(`You sign in as ${email}.`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});

test("a visitor's quote list is saved, once signed in, into a new job and then into that job again", async ({
  page,
}) => {
  const email = newEmail("lister");
  await signUpConfirmed(page, "Mere Lister", email);

  // Signed out, a visitor builds a quote list in the browser.
  await addToQuoteList(page, FIRST, "12");
  await expect(headerQuoteList(page)).toHaveAccessibleName("Quote list, 1 product");
  await addToQuoteList(page, SECOND, "3");
  await expect(headerQuoteList(page)).toHaveAccessibleName("Quote list, 2 products");

  await signInWithForm(page, email);
  await expect(offerHeading(page)).toHaveText("Save your quote list (2 products) into a job");
  // A new account has no job to merge into: only a new one is offered.
  await expect(page.getByRole("heading", { name: "Into one of your jobs" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const job = `Lister house ${crypto.randomBytes(3).toString("hex")}`;
  const intoNew = page.locator("form#save-list-new");
  await intoNew.getByLabel("Job name").fill(job);
  await intoNew.getByLabel("Site address").fill("22 Manuka Road, Thames");
  await intoNew.getByRole("button", { name: "Save into a new job" }).click();

  await expect(page).toHaveURL(/\/account\/jobs\/[0-9a-f-]{36}$/);
  const jobUrl = page.url();
  await expect(toast(page, "Your quote list is saved in the job")).toBeVisible();
  await expect(page.getByLabel("Job name", { exact: true })).toHaveValue(job);
  await expect(page.getByLabel(`Quantity of ${FIRST}`)).toHaveValue("12");
  await expect(page.getByLabel(`Quantity of ${SECOND}`)).toHaveValue("3");
  await expect(headerQuoteList(page)).toHaveAccessibleName("Quote list, 0 products");
  await expectNoAxeViolations(page);
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await expect(offerHeading(page)).toHaveCount(0);

  // A second list, one product already on the job: saved into that job, the quantities added.
  await addToQuoteList(page, FIRST, "5");
  await addToQuoteList(page, THIRD, "2");
  await expect(headerQuoteList(page)).toHaveAccessibleName("Quote list, 2 products");
  await page.goto("/account");
  await expect(offerHeading(page)).toHaveText("Save your quote list (2 products) into a job");
  const intoExisting = page.locator("form#save-list-existing");
  await intoExisting.getByLabel("Job", { exact: true }).selectOption({ label: job });
  await intoExisting.getByRole("button", { name: "Save into this job" }).click();
  await expect(page).toHaveURL(jobUrl);
  await expect(toast(page, "Your quote list is saved in the job")).toContainText(
    "1 already on the job had the quantities added",
  );
  await expect(page.getByLabel(`Quantity of ${FIRST}`)).toHaveValue("17");
  await expect(page.getByLabel(`Quantity of ${SECOND}`)).toHaveValue("3");
  await expect(page.getByLabel(`Quantity of ${THIRD}`)).toHaveValue("2");
  await expect(headerQuoteList(page)).toHaveAccessibleName("Quote list, 0 products");
  await page.goto("/account");
  await expect(offerHeading(page)).toHaveCount(0);
});
