// "Sales may quote": an admin opens the enquiries and quotes to the sales role in Settings >
// Quotes, a sales member then finds them in the sidebar and works an enquiry, but not the
// admins' parts (subjects, the CSV export, the audit log); switched off, the door closes at once,
// and a draft open at that moment is refused with the reason inside the back office. Runs on the
// public-site server: the setting changes no public page, and the back-office journeys that
// check the sales sidebar run on the other server.
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";

async function setSalesMayQuote(page: Page, on: boolean) {
  await page.goto("/admin/settings?tab=quotes");
  const toggle = page.getByRole("switch", { name: "Sales may quote" });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute("aria-checked")) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", String(on));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Quote settings updated successfully")).toBeVisible();
}

async function salesPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startSession(page, "sales");
  await page.goto("/admin");
  return { page, close: () => context.close() };
}

test("an admin lets sales quote; sales then work enquiries and quotes, not subjects or exports; switched off, they cannot", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await startSession(page, "admin");
  await setSalesMayQuote(page, true);
  await expectNoAxeViolations(page);
  const sales = await salesPage(browser);
  try {
    const nav = sales.page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Quotes" })).toBeVisible();
    // The dashboard shows them the enquiry figures they may now open.
    await expect(sales.page.getByRole("heading", { name: "Enquiries per week" })).toBeVisible();
    await expect(sales.page.getByText("New enquiries this week")).toBeVisible();
    await nav.getByRole("link", { name: /Contact Management/ }).click();
    await expect(sales.page.getByRole("heading", { level: 1, name: "Contact Management" })).toBeVisible();
    // The queries only: no subjects tab, no export, no delete.
    await expect(sales.page.getByRole("link", { name: "Subject Management" })).toHaveCount(0);
    await expect(sales.page.getByRole("link", { name: "Export All CSV" })).toHaveCount(0);
    await expect(sales.page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    // The demo's enquiry, found by name: other journeys add enquiries on this server.
    await sales.page.goto(`/admin/contact-management?q=${encodeURIComponent("Hēmi Walker")}`);
    await sales.page.getByRole("link", { name: /from Hēmi Walker/ }).click();
    await expect(sales.page.getByRole("heading", { level: 1, name: /^Enquiry / })).toBeVisible();
    // Create Quote, or Continue Draft when an earlier run left this enquiry's draft.
    const openDraft = sales.page
      .getByRole("button", { name: "Create Quote" })
      .or(sales.page.getByRole("link", { name: /^Continue Draft/ }));
    await expect(openDraft).toBeVisible();
    // The audit log is the admins': sales are not shown the way to it.
    await expect(sales.page.getByRole("link", { name: "This enquiry in the audit log" })).toHaveCount(0);
    await expectNoAxeViolations(sales.page);
    const enquiryUrl = sales.page.url();
    await page.goto(enquiryUrl);
    await expect(page.getByRole("link", { name: "This enquiry in the audit log" })).toBeVisible();
    await sales.page.goto("/admin/contact-management?tab=subjects");
    await expect(sales.page).toHaveURL(/\/admin$/);

    // A draft open when an admin switches quoting off: Send says why, inside the back office.
    await sales.page.goto(enquiryUrl);
    await openDraft.click();
    await expect(sales.page).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}$/);
    await setSalesMayQuote(page, false);
    await sales.page.getByRole("button", { name: "Send to Customer" }).click();
    await sales.page.getByRole("alertdialog").getByRole("button", { name: "Send Quote" }).click();
    await expect(sales.page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    await expect(sales.page.getByText(/An admin has switched off “Sales may quote”/)).toBeVisible();
    await expect(sales.page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expectNoAxeViolations(sales.page);

    await sales.page.goto("/admin/quotes");
    await expect(sales.page).toHaveURL(/\/admin$/);
    // Back to the catalogue alone: Dashboard and Catalog, and no enquiry figures.
    await expect(sales.page.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText([
      "Dashboard",
      "Catalog",
    ]);
    await expect(sales.page.getByRole("heading", { name: "Enquiries per week" })).toHaveCount(0);
    await expect(sales.page.getByText("New enquiries this week")).toHaveCount(0);
  } finally {
    await sales.close();
    // Whatever happened above, the setting is left as it was found.
    await setSalesMayQuote(page, false);
  }
});
