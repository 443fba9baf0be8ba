// The back-office shell: the dashboard, the sidebar (items by role, remembered state, Ctrl+B)
// and the sales user's confinement to the dashboard and the catalogue.
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";

test("an admin sees the counts, the enquiries chart and the three quick actions", async ({ page }) => {
  await startSession(page, "admin");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  for (const label of [
    "Products",
    "Case Studies",
    "Certifications",
    "Contact Content",
    "New enquiries this week",
  ]) {
    await expect(page.getByRole("heading", { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /Enquiries per week: \d+ in the last 12 weeks/ })).toBeVisible();
  const actions = page.getByRole("list").filter({ has: page.getByRole("link", { name: /Manage Catalog/ }) });
  await expect(actions.getByRole("link", { name: /Manage Catalog/ })).toHaveAttribute(
    "href",
    "/admin/catalog",
  );
  await expect(actions.getByRole("link", { name: /Case Studies/ })).toHaveAttribute(
    "href",
    "/admin/case-studies",
  );
  await expect(actions.getByRole("link", { name: /Home Content/ })).toHaveAttribute("href", "/admin/home");

  const nav = page.getByRole("navigation", { name: "Admin" });
  for (const item of [
    "Dashboard",
    "Catalog",
    "User Management",
    "Home Management",
    "Case Studies",
    "Certifications",
    "Contact Management",
    "Settings",
  ]) {
    await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByText("admin", { exact: true })).toBeVisible();
  // No backup has run on this server: the dashboard says so.
  await expect(page.getByRole("region", { name: "Backups" })).toContainText(
    "No backup has been recorded. Set up the nightly backup (README, Backups).",
  );
  await expectNoAxeViolations(page);
});

test("the sidebar stays collapsed after a reload, and Ctrl+B toggles it", async ({ page }) => {
  await startSession(page, "admin");
  await page.goto("/admin");
  const sidebar = page.locator('[data-slot="sidebar"][data-state]');
  const trigger = page.locator('[data-sidebar="trigger"]');
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await trigger.click();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect(trigger).toHaveAttribute("aria-expanded", "false");

  const cookie = (await page.context().cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);

  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
});

test("a sales user works in the dashboard and the catalogue, building information included, only", async ({
  page,
}) => {
  await startSession(page, "sales");
  await page.goto("/admin");
  await expect(page.getByText("sales", { exact: true })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Catalog"]);
  await expect(page.getByRole("link", { name: /Manage Catalog/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Home Content/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Products", exact: true })).toBeVisible();
  // Enquiries are not theirs while "Sales may quote" is off (sales-quoting.spec.ts turns it on).
  await expect(page.getByRole("heading", { name: "Products missing building information" })).toBeVisible();
  await expect(page.getByText("Enquiries per week")).toHaveCount(0);
  await expect(page.getByText("New enquiries this week")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await nav.getByRole("link", { name: "Catalog" }).click();
  await expect(page.getByRole("heading", { name: "Catalog Management" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Catalog" })).toHaveAttribute("aria-current", "page");
  const sections = page.getByRole("navigation", { name: "Catalog sections" });
  await expect(sections.getByRole("link")).toHaveText([
    "Products",
    "Building information",
    "Searches with no results",
  ]);
  await expect(sections.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
  await sections.getByRole("link", { name: "Building information" }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\/building-information$/);
  await expect(page.getByRole("heading", { name: "Building Information" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New Sheet" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Catalog" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
  // A bookmark of the old address still finds the sheets.
  await page.goto("/admin/building-information");
  await expect(page).toHaveURL(/\/admin\/catalog\/building-information$/);

  // User Management answers sales with Access Denied (403); admin-users.spec.ts checks that screen.
});

test("on a phone the sidebar is a drawer that closes when a link is chosen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await startSession(page, "admin");
  await page.goto("/admin");
  await page.locator('[data-sidebar="trigger"]').click();
  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeVisible();
  await drawer.getByRole("link", { name: "Catalog", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/catalog$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { name: "Catalog Management" })).toBeVisible();
});

test("Sign Out in the header ends the session", async ({ page }) => {
  await startSession(page, "admin");
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth/);
});
