// A visitor's quote list kept in their account: built in the browser from the catalogue, then,
// once signed in, saved into a new job (its products and quantities on the job's page, the list
// emptied) and later into that same job again (the quantities added). The journey signs up an
// account of its own, so the shared customer account is left as it was. (Signing up in the
// browser itself begins the whole journey in account-journey.spec.ts.)
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { CLADDING, INSULATION, ROOFING, TIMBER } from "../../app/server/seed/products-building";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { openProduct, toast } from "./jobs";
import { confirmationLinkFor } from "./outbox";
import { NEW_ACCOUNT_PASSWORD, newEmail, signInWithForm } from "./sign-up";

// Published, in-stock products of the demo seed (so they can be listed).
const LISTABLE = [TIMBER, ROOFING, CLADDING, INSULATION].flat().filter((p) => !p.draft && p.stock > 10);
const FIRST = LISTABLE[0]?.name ?? "";
const SECOND = LISTABLE[1]?.name ?? "";
const THIRD = LISTABLE[2]?.name ?? "";

// Mail read from the outbox and several pages with axe, on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

function headerQuoteList(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Quote list, / });
}

function offerHeading(page: Page) {
  return page.getByRole("heading", { name: /^Save your quote list \(\d+ products?\) into a job$/ });
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
    form: { intent: "sign-up", name, email, password: NEW_ACCOUNT_PASSWORD },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(signedUp.status()).toBe(302);
  await expect.poll(() => confirmationLinkFor(email), { timeout: 15_000 }).not.toBeNull();
  const confirmed = await page.request.get(`${origin}${confirmationLinkFor(email)}`, { maxRedirects: 0 });
  expect(confirmed.headers().location).toBe("/");
}

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
