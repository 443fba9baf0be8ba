// Following enquiries to a close in Contact Management: the detail view (owner, status, notes,
// history), the status and owner filters, the bulk status change, spam hidden by default and the
// sidebar's count of new enquiries, each screen checked with axe on a desktop and a 375px phone.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_SALES } from "./accounts";
import { expect, expectNoAxeViolations, signIn, startSession, test } from "./fixtures";

function marker() {
  return crypto.randomBytes(4).toString("hex");
}

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

function rowOf(page: Page, name: string) {
  return page.getByRole("row").filter({ hasText: name });
}

async function sendEnquiry(page: Page, name: string) {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email").fill("follow-up@example.co.nz");
  await form.getByLabel("Subject").selectOption("Quote Request");
  await form.getByLabel("Message").fill("Please quote 12 sheets of 10mm GIB for a Hamilton job.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thanks for contacting us!")).toBeVisible();
}

async function searchQueries(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search queries" }).fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

async function atPhoneWidth(page: Page, check: () => Promise<void>) {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await check();
  if (desktop) await page.setViewportSize(desktop);
}

test("an enquiry is opened from the list, given an owner and a status, noted, and its history shows it all", async ({
  page,
}) => {
  test.slow(); // four axe runs and seven round trips on a shared machine
  const name = `Tūī Follow ${marker()}`;
  await sendEnquiry(page, name);
  await startSession(page, "admin");
  await page.goto("/admin");

  const nav = page.getByRole("navigation", { name: "Admin" });
  const item = nav.getByRole("link", { name: "Contact Management", exact: true });
  await expect(item).toHaveAccessibleDescription(/^\d+ new enquir(y|ies)$/);
  await item.click();
  await searchQueries(page, name.split(" ").at(-1) as string);
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByText("New", { exact: true })).toBeVisible();
  await expect(row).toContainText("Unassigned");
  await expectNoAxeViolations(page);
  await atPhoneWidth(page, () => expectNoAxeViolations(page));

  const reference = row.getByRole("link", { name: /^TC-\d{4}-\d{6} from / });
  const referenceText = ((await reference.textContent()) ?? "").replace(/ from .*/, "");
  await reference.click();
  await expect(page.getByRole("heading", { level: 1, name: `Enquiry ${referenceText}` })).toBeVisible();
  await expect(page.getByText("Please quote 12 sheets of 10mm GIB for a Hamilton job.")).toBeVisible();
  await expect(page.getByText("Contact page", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "History, newest first" }).getByRole("listitem")).toHaveText([
    /^Received/,
  ]);
  await expectNoAxeViolations(page);

  await page.getByLabel("Owner").selectOption({ label: `${E2E_SALES.name} (sales)` });
  await page.getByRole("button", { name: "Assign owner" }).click();
  await expect(toast(page, "Owner assigned")).toBeVisible();
  await expect(page.getByText(`Owner: ${E2E_SALES.name}`)).toBeVisible();

  await page.getByLabel("Status").selectOption("In Progress");
  await page.getByRole("button", { name: "Update status" }).click();
  await expect(toast(page, "Status changed to In Progress")).toBeVisible();

  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Write the note first")).toBeVisible();
  const note = "Rang Aroha: wants delivery on Friday,\nsite gate code 4721.";
  await page.getByLabel("Internal note").fill(note);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(toast(page, "Note added")).toBeVisible();
  await expect(page.getByLabel("Internal note")).toHaveValue("");

  const history = page.getByRole("list", { name: "History, newest first" }).getByRole("listitem");
  await expect(history).toHaveText([
    /^Note addedAdministrator · .*Rang Aroha: wants delivery on Friday,\s*site gate code 4721\.$/s,
    /^Status changed from New to In ProgressAdministrator · /,
    new RegExp(`^Owner changed from Unassigned to ${E2E_SALES.name}Administrator · `),
    /^Received.*The website/,
  ]);
  await expectNoAxeViolations(page);
  await atPhoneWidth(page, () => expectNoAxeViolations(page));

  await page.getByRole("link", { name: "Back to Contact Management" }).click();
  await searchQueries(page, referenceText);
  await expect(rowOf(page, name)).toHaveCount(1);
  await expect(rowOf(page, name)).toContainText("In Progress");
  await expect(rowOf(page, name)).toContainText(E2E_SALES.name);
});

test("two enquiries are changed at once, then found by their status; spam stays hidden until asked for", async ({
  page,
}) => {
  test.slow();
  const id = marker();
  const names = [`Kea Bulk One ${id}`, `Kea Bulk Two ${id}`];
  // Not the id alone: the empty table's row says 'No queries match "<id>"'.
  const both = () => page.getByRole("row").filter({ hasText: new RegExp(`Kea Bulk (One|Two) ${id}`) });
  for (const name of names) await sendEnquiry(page, name);
  await startSession(page, "admin");
  await page.goto("/admin/contact-management");
  await expect(page.getByText("Spam is hidden.")).toBeVisible();
  await searchQueries(page, id);
  await expect(both()).toHaveCount(2);

  await page.getByRole("button", { name: "Change status" }).click();
  await expect(toast(page, "No queries selected")).toBeVisible();

  for (const name of names)
    await page.getByRole("checkbox", { name: `Select the query from ${name}` }).check();
  await page.getByLabel("Set the status of the selected queries (2) to").selectOption("Quoted");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(toast(page, "Status changed to Quoted for 2 queries")).toBeVisible();
  for (const name of names) await expect(rowOf(page, name)).toContainText("Quoted");
  await expect(page.getByRole("checkbox", { name: `Select the query from ${names[0]}` })).not.toBeChecked();

  const filters = page.getByRole("form", { name: "Filter queries" });
  await filters.getByLabel("Status").selectOption("New");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=New/);
  await expect(page).toHaveURL(new RegExp(`q=${id}`));
  await expect(both()).toHaveCount(0);

  await filters.getByLabel("Status").selectOption("Quoted");
  await filters.getByLabel("Owner").selectOption("Unassigned");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=Quoted&owner=unassigned/);
  await expect(both()).toHaveCount(2);
  await expectNoAxeViolations(page);
  await atPhoneWidth(page, () => expectNoAxeViolations(page));

  await filters.getByLabel("Status").selectOption("Spam");
  await filters.getByLabel("Owner").selectOption("Any owner");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("Spam is hidden.")).toHaveCount(0);
  await expect(both()).toHaveCount(0);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(both()).toHaveCount(2);
  await page.getByRole("link", { name: "Show spam" }).click();
  await expect(page).toHaveURL(/status=Spam/);
});

test("without JavaScript the filters and the bulk status change still work", async ({ page, browser }) => {
  const id = marker();
  const name = `Ruru NoJs ${id}`;
  await sendEnquiry(page, name);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await context.newPage();
  await signIn(noJs, "admin");
  await expect(noJs).toHaveURL(/\/admin$/);
  await noJs.goto(`/admin/contact-management?q=${id}`);
  await noJs.getByRole("checkbox", { name: `Select the query from ${name}` }).check();
  await noJs.getByLabel("Set the status of the selected queries to").selectOption("Lost");
  await noJs.getByRole("button", { name: "Change status" }).click();
  await expect(noJs).toHaveURL(new RegExp(`q=${id}`));
  await expect(rowOf(noJs, name)).toContainText("Lost");

  const filters = noJs.getByRole("form", { name: "Filter queries" });
  await filters.getByLabel("Status").selectOption("open");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(noJs).toHaveURL(/status=open/);
  await expect(rowOf(noJs, name)).toHaveCount(0);
  await context.close();
});
