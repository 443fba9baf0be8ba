// A customer's jobs in the browser, for the account journeys: start a job, open a product from
// the catalogue, add it to a job; and the toast a job's form answers with.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A short random mark that keeps one run's job names apart from another's. */
export function tag() {
  return crypto.randomBytes(3).toString("hex");
}

export function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Starts a job from /account/jobs and returns the job page's address. */
export async function createJob(page: Page, name: string, siteAddress: string) {
  await page.goto("/account/jobs");
  const form = page.locator("form#create-job");
  await form.getByLabel("Job name").fill(name);
  await form.getByLabel("Site address").fill(siteAddress);
  await form.getByRole("button", { name: "Create job" }).click();
  await expect(page.getByRole("heading", { name: "Job details" })).toBeVisible();
  await expect(page.getByLabel("Job name", { exact: true })).toHaveValue(name);
  return page.url();
}

export async function openProduct(page: Page, name: string) {
  await page.goto(`/catalog?q=${encodeURIComponent(name)}`);
  await page.getByTestId("catalog-results").getByRole("link", { name, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** On a product's page: adds it to `job` with `quantity`. */
export async function addToJob(page: Page, job: string, quantity: string) {
  const form = page.locator('form[action="/account/job-items"]');
  await form.getByLabel("Job", { exact: true }).selectOption({ label: job });
  await form.getByLabel("Quantity for the job").fill(quantity);
  await form.getByRole("button", { name: /^Add to job/ }).click();
}
