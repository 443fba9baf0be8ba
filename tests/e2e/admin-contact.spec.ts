import crypto from "node:crypto";
import fs from "node:fs";
import type { Download, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";

function marker() {
  return crypto.randomBytes(4).toString("hex");
}

/** The table row whose cells include exactly this text (not the "No … match" row of a search). */
function rowOf(page: Page, text: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: text, exact: true }) });
}

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function asAdmin(page: Page, path: string) {
  await startSession(page, "admin");
  await page.goto(path);
}

async function textOf(download: Download) {
  const file = await download.path();
  return fs.readFileSync(file);
}

test("contact content: add, refuse bad JSON and a foreign map, edit and delete", async ({ page }) => {
  const type = `e2e_${marker()}`;
  await asAdmin(page, "/admin/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Content" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Type" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add Content" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Contact Content" });
  await dialog.getByLabel("Content type").fill(type);
  await dialog.getByLabel("Title", { exact: true }).fill("Before the edit");
  await dialog.getByLabel("Business hours (JSON)").fill("{Mon-Fri: 7AM}");
  await dialog.getByLabel("Map embed").fill('<iframe src="https://maps.example.com/embed?x=1"></iframe>');
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText(/^Business hours must be valid JSON: .+/)).toBeVisible();
  await expect(dialog.getByText(/must be a Google Maps embed URL/)).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByLabel("Business hours (JSON)").fill("");
  await dialog.getByLabel("Map embed").fill("");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Contact content created successfully")).toBeVisible();
  const row = rowOf(page, type);
  await expect(row).toContainText("Before the edit");

  await row.getByRole("button", { name: "Edit Before the edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contact Content" });
  await expect(edit.getByLabel("Content type")).toHaveValue(type);
  await edit.getByLabel("Title", { exact: true }).fill("After the edit");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Contact content updated successfully")).toBeVisible();
  await expect(rowOf(page, type)).toContainText("After the edit");

  await rowOf(page, type).getByRole("button", { name: "Delete After the edit" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Contact content deleted successfully")).toBeVisible();
  await expect(rowOf(page, type)).toHaveCount(0);
});

test("an enquiry sent on /contact is found, exported and its file downloaded in Contact Management", async ({
  page,
}) => {
  const id = marker();
  const name = `Whetū Tester ${id}`;
  const pdf = Buffer.from(
    `%PDF-1.4\n% ${id}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );

  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email").fill(`whetu-${id}@example.co.nz`);
  await form.getByLabel("Subject").selectOption("Quote Request");
  await form.getByLabel("Message").fill('=HYPERLINK("x") please quote decking for Ōtāhuhu.');
  await form
    .locator("input[type=file]")
    .setInputFiles({ name: "plans.pdf", mimeType: "application/pdf", buffer: pdf });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thanks for contacting us!")).toBeVisible();

  await asAdmin(page, "/admin/contact-management");
  await expect(page.getByRole("link", { name: "Contact Queries" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Export Selected" }).click();
  await expect(toast(page, "No queries selected")).toBeVisible();
  await expect(toast(page, "Please select at least one query to export.")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search queries" }).fill(id);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Quote Request");

  const [file] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: `Download the file from ${name}` }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await textOf(file)).includes(id)).toBe(true);

  const [single] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: `Export the query from ${name} as CSV` }).click(),
  ]);
  expect(single.suggestedFilename()).toMatch(/^contact_queries_selected_1_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await textOf(single);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.toString("utf8");
  expect(text).toContain(
    '"Full Name","Email","Phone","Subject","Message","File URL","Date","Reference","Status","Owner","Products","Quote State","Accepted Total"\r\n',
  );
  expect(text).toMatch(/"TC-\d{4}-\d{6}","New","","","",""\r\n/);
  expect(text).toContain(`"${name}"`);
  expect(text).toContain(`"'=HYPERLINK(""x"") please quote decking for Ōtāhuhu."`);

  await row.getByRole("checkbox", { name: `Select the query from ${name}` }).check();
  const [selected] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export Selected (1)" }).click(),
  ]);
  expect(selected.suggestedFilename()).toMatch(/^contact_queries_selected_1_/);

  const [all] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export All CSV" }).click(),
  ]);
  expect(all.suggestedFilename()).toMatch(/^contact_queries_all_\d{4}-\d{2}-\d{2}\.csv$/);
  expect((await textOf(all)).toString("utf8")).toContain(`"${name}"`);

  await row.getByRole("button", { name: `Delete the query from ${name}` }).click();
  await expect(page.getByRole("alertdialog")).toContainText("and its attached file");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Query deleted successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("subjects: add, switch off and delete", async ({ page }) => {
  const subject = `Zz E2E subject ${marker()}`;
  await asAdmin(page, "/admin/contact-management?tab=subjects");
  await expect(page.getByRole("link", { name: "Subject Management" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("row").filter({ hasText: "Quote Request" })).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add Subject" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Subject" });
  await dialog.getByLabel("Subject name").fill(subject);
  await dialog.getByRole("button", { name: "Create Subject" }).click();
  await expect(toast(page, "Subject created successfully")).toBeVisible();
  const row = rowOf(page, subject);
  const active = row.getByRole("switch", { name: `Active: ${subject}` });
  await expect(active).toBeChecked();
  // Off again at once: the contact page journeys list the active subjects.
  await active.click();
  await expect(toast(page, "Subject updated successfully")).toBeVisible();
  await expect(active).not.toBeChecked();

  await page.getByRole("searchbox", { name: "Search subjects" }).fill("zz e2e");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/tab=subjects&q=zz\+e2e/);
  await expect(rowOf(page, subject)).toHaveCount(1);

  await rowOf(page, subject)
    .getByRole("button", { name: `Delete ${subject}` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Subject deleted successfully")).toBeVisible();
  await expect(rowOf(page, subject)).toHaveCount(0);
});

async function sendEnquiry(page: Page, name: string) {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email").fill("no-js@example.co.nz");
  await form.getByLabel("Subject").selectOption("Delivery");
  await form.getByLabel("Message").fill("Please deliver to the Kaikōura site on Monday.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thanks for contacting us!")).toBeVisible();
}

test("without JavaScript the tabs, the search and every export still work", async ({ page, browser }) => {
  const id = marker();
  await sendEnquiry(page, `Rawiri One ${id}`);
  await sendEnquiry(page, `Rawiri Two ${id}`);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await context.newPage();
  await asAdmin(noJs, "/admin/contact-management");
  await noJs.getByRole("link", { name: "Subject Management" }).click();
  await expect(noJs).toHaveURL(/tab=subjects/);
  await noJs.getByRole("searchbox", { name: "Search subjects" }).fill("quote");
  await noJs.getByRole("button", { name: "Search", exact: true }).click();
  await expect(rowOf(noJs, "Quote Request")).toHaveCount(1);
  await expect(rowOf(noJs, "Delivery")).toHaveCount(0);

  await noJs.getByRole("link", { name: "Contact Queries" }).click();
  const [all] = await Promise.all([
    noJs.waitForEvent("download"),
    noJs.getByRole("link", { name: "Export All CSV" }).click(),
  ]);
  expect(all.suggestedFilename()).toMatch(/^contact_queries_all_/);

  await noJs.getByRole("searchbox", { name: "Search queries" }).fill(id);
  await noJs.getByRole("button", { name: "Search", exact: true }).click();
  await noJs.getByRole("checkbox", { name: `Select the query from Rawiri One ${id}` }).check();
  await noJs.getByRole("checkbox", { name: `Select the query from Rawiri Two ${id}` }).check();
  const [selected] = await Promise.all([
    noJs.waitForEvent("download"),
    noJs.getByRole("button", { name: "Export Selected" }).click(),
  ]);
  expect(selected.suggestedFilename()).toMatch(/^contact_queries_selected_2_/);
  const text = (await textOf(selected)).toString("utf8");
  expect(text.trim().split("\r\n")).toHaveLength(3);
  expect(text).toContain("Kaikōura");
  await context.close();
});
