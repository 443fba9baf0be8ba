// A new builder's account, made in the browser as a person makes it: the sign-up form on /auth,
// the confirmation link the server mailed (read from its .eml outbox), then the sign-in form,
// landing on My account. Each page on the way is checked with axe.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { confirmationLinkFor } from "./outbox";

export const NEW_ACCOUNT_PASSWORD = "a-fine-long-password";

/** An address no other journey uses. */
export function newEmail(who: string) {
  return `${who}.${crypto.randomBytes(4).toString("hex")}@e2e.test`;
}

/** Signs in through the sign-in form (which works without scripts) and lands on My account. */
export async function signInWithForm(page: Page, email: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(NEW_ACCOUNT_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
}

/** Signs up, confirms and signs in as the page's current width shows it; ends on My account. */
export async function signUpInBrowser(page: Page, name: string, email: string) {
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Need an account? Sign up" }).click();
  await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(NEW_ACCOUNT_PASSWORD);
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
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByText(`You sign in as ${email}.`)).toBeVisible();
  await expectNoAxeViolations(page);
}
