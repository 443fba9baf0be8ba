// A certificate's expiry in the back office: while valid it is on /certifications with its scheme,
// number and expiry; set to expire yesterday it leaves the public page by itself and stays in the
// back office, shown as expired. axe-core runs on the screens and the dialog.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";
import { dayPlus, nzToday } from "./nz-date";

async function publicCard(page: Page, title: string) {
  await page.goto("/certifications");
  await expect(page.getByRole("heading", { level: 1, name: "Certifications" })).toBeVisible();
  return page.getByRole("main").getByRole("article").filter({ hasText: title });
}

test("a certificate set to expire yesterday leaves /certifications and shows as expired in the back office", async ({
  page,
}) => {
  const title = `CodeMark weatherboard ${Date.now()}`;
  const number = `CM-${Date.now() % 100000}`;
  await startSession(page, "admin");
  await page.goto("/admin/certifications");
  await expect(page.getByRole("heading", { level: 1, name: "Certifications" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Status" })).toBeVisible();

  await page.getByRole("button", { name: "Add Certification" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Certification" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Or enter the file URL").fill("https://docs.example.nz/codemark.pdf");
  await dialog.getByLabel("File type").fill("PDF");
  await dialog.getByLabel("Scheme").selectOption({ label: "CodeMark" });
  // A scheme needs its number: refused with the message first.
  await dialog.getByRole("button", { name: "Create Certification" }).click();
  await expect(
    dialog.getByText("Certificate number is required for a certificate with a scheme"),
  ).toBeVisible();
  await dialog.getByLabel("Certificate number").fill(number);
  await dialog.getByLabel("Expiry or next review date").fill(dayPlus(nzToday(), 365));
  await dialog.getByLabel("Filter products").fill("zzz-no-such-product");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create Certification" }).click();
  await expect(page.getByText("Certification created successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("current");

  const card = await publicCard(page, title);
  await expect(card).toBeVisible();
  await expect(card).toContainText("CodeMark");
  await expect(card).toContainText(number);
  await expect(card).toContainText("valid until");

  await page.goto("/admin/certifications");
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Certification" });
  await edit.getByLabel("Expiry or next review date").fill(dayPlus(nzToday(), -1));
  await edit.getByRole("button", { name: "Update Certification" }).click();
  await expect(page.getByText("Certification updated successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("expired");

  // The status filter finds it among the expired.
  await page.getByLabel("Status").selectOption({ label: "expired" });
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/status=expired/);
  await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/certifications");
  await expect(page.getByRole("heading", { level: 1, name: "Certifications" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("main").getByRole("article").filter({ hasText: title })).toHaveCount(0);
});
