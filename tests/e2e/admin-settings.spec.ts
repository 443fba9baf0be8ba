import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, startSession, test, waitForHydration } from "./fixtures";

// Names sort last ("Zz") so the public pick-lists and the footer's first four are unchanged while
// other journeys run against the same server.
function unique(prefix: string) {
  return `Zz ${prefix} ${crypto.randomBytes(3).toString("hex")}`;
}

async function openSettings(page: Page, search = "") {
  await startSession(page, "admin");
  await page.goto(`/admin/settings${search}`);
}

/** The table row whose cells include exactly this text (not the "No … match" row of a search). */
function rowOf(page: Page, text: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: text, exact: true }) });
}

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

test("brands: the default tab; create, find, switch off, refuse a duplicate and delete", async ({ page }) => {
  const name = unique("Brand");
  await openSettings(page);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Brands Management" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add Brand" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Brand" });
  await dialog.getByRole("button", { name: "Create Brand" }).click();
  await expect(dialog.getByText("Brand name is required")).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description").fill("Made for the e2e journey");
  await dialog.getByLabel("Or enter an image URL").fill("https://example.com/logo.png");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create Brand" }).click();
  await expect(toast(page, "Brand created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: "Search brands" }).fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`tab=brands&q=${encodeURIComponent(name).replaceAll("%20", "\\+")}`),
  );
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();

  const active = row.getByRole("switch", { name: `Active: ${name}` });
  await expect(active).toBeChecked();
  await active.click();
  await expect(toast(page, "Brand updated successfully")).toBeVisible();
  await expect(active).not.toBeChecked();

  await page.getByRole("button", { name: "Add Brand" }).click();
  await page.getByRole("dialog", { name: "Add Brand" }).getByLabel("Name").fill(name.toUpperCase());
  await page.getByRole("dialog", { name: "Add Brand" }).getByRole("button", { name: "Create Brand" }).click();
  await expect(toast(page, "Failed to save brand")).toBeVisible();
  await expect(
    page
      .getByRole("dialog", { name: "Add Brand" })
      .getByText(/already exists/)
      .first(),
  ).toBeVisible();
  await page.getByRole("dialog", { name: "Add Brand" }).getByRole("button", { name: "Cancel" }).click();

  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this brand?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Brand deleted successfully")).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);
});

test("categories: filtered by type, created in the type shown, edited and deleted", async ({ page }) => {
  const name = unique("Category");
  await openSettings(page);
  await page.getByRole("link", { name: "Categories Management" }).click();
  await expect(page).toHaveURL(/tab=categories/);
  await page
    .getByRole("navigation", { name: "Filter categories by type" })
    .getByRole("link", { name: "Case Studies" })
    .click();
  await expect(page).toHaveURL(/type=case_studies/);
  await expect(page.getByRole("row").filter({ hasText: "Residential" })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "Timber" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add Category" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Category" });
  await expect(dialog.getByLabel("Type")).toHaveValue("case_studies");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expect(toast(page, "Category created successfully")).toBeVisible();
  const row = rowOf(page, name);
  await expect(row).toContainText("Case Studies");

  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Category" });
  await edit.getByLabel("Description").fill("Edited by the e2e journey");
  await edit.getByRole("button", { name: "Update Category" }).click();
  await expect(toast(page, "Category updated successfully")).toBeVisible();
  await expect(rowOf(page, name)).toContainText("Edited by the e2e journey");

  await rowOf(page, name)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Category deleted successfully")).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);
});

test("deleting a brand that products use says how many will be left without one", async ({ page }) => {
  await openSettings(page, "?tab=brands&q=Kauri+Ridge");
  const row = page.getByRole("row").filter({ hasText: "Kauri Ridge Timber" });
  await row.getByRole("button", { name: "Delete Kauri Ridge Timber" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(
    /\d+ products use this brand; they will be left without a brand\./,
  );
  const text = (await page.getByRole("alertdialog").textContent()) ?? "";
  expect(Number(/(\d+) products use this brand/.exec(text)?.[1])).toBeGreaterThan(1);
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toBeHidden();
});

test("hero settings: changed with the picker and the keyboard, previewed, seen on the home page, reset", async ({
  page,
}) => {
  await openSettings(page, "?tab=hero");
  await expect(page.getByRole("heading", { name: "Hero Settings" })).toBeVisible();
  await expectNoAxeViolations(page);
  const preview = page.getByTestId("hero-preview");
  const overlay = preview.locator("div[style*='background-color']");

  await page.getByLabel("Overlay colour").fill("#336699");
  const opacity = page.getByLabel("Overlay opacity");
  await opacity.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
  await expect(opacity).toHaveValue("0.5");
  await page.getByLabel("Title colour", { exact: true }).fill("#ffcc00");
  await expect(overlay).toHaveCSS("background-color", "rgb(51, 102, 153)");
  await expect(overlay).toHaveCSS("opacity", "0.5");
  await expect(preview.locator("p").first()).toHaveCSS("color", "rgb(255, 204, 0)");

  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page, "Hero settings updated successfully")).toBeVisible();

  try {
    await page.goto("/");
    const heroOverlay = page.getByTestId("hero-overlay").first();
    await expect(heroOverlay).toHaveCSS("background-color", "rgb(51, 102, 153)");
    await expect(heroOverlay).toHaveCSS("opacity", "0.5");
  } finally {
    // Put the defaults back at once: the home page journeys expect them.
    await page.goto("/admin/settings?tab=hero");
    await page.getByRole("link", { name: "Reset to Default" }).click();
    await expect(page.getByLabel("Overlay colour")).toHaveValue("#1a1a1a");
    await expect(page.getByLabel("Overlay opacity")).toHaveValue("0.8");
    await expect(page.getByLabel("Title colour", { exact: true })).toHaveValue("#ffffff");
    await expect(page.getByLabel("Subtitle colour")).toHaveValue("#e5e5e5");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page, "Hero settings updated successfully")).toBeVisible();
  }
  await page.goto("/");
  await expect(page.getByTestId("hero-overlay").first()).toHaveCSS("opacity", "0.8");
});

test("search synonyms: a line added in Settings > Search finds a product on the catalogue; the standard list put back", async ({
  page,
}) => {
  await openSettings(page, "?tab=search");
  await expect(page.getByRole("heading", { name: "Search synonyms" })).toBeVisible();
  await expect(page.getByText("The standard trade list is in force")).toBeVisible();
  await expectNoAxeViolations(page);
  const box = page.getByLabel("Synonyms, one entry a line");
  await expect(box).toHaveValue(/^gib => plasterboard$/m);

  // A word nobody has listed finds nothing until it is written down.
  const found = page
    .getByTestId("catalog-results")
    .getByTestId("product-card")
    .getByRole("heading", { level: 3 });
  await page.goto("/catalog?q=zedwood");
  await expect(page.getByTestId("catalog-results")).toBeVisible();
  await expect(found).toHaveCount(0);

  await page.goto("/admin/settings?tab=search");
  // Typed into once the form is the page's own (before, the scripts could still reset the box).
  await waitForHydration(page);
  await box.fill(`${await box.inputValue()}\nzedwood =>`);
  await page.getByRole("button", { name: "Save Synonyms" }).click();
  await expect(page.getByText("Line 72: a one-way entry needs a term on each side of =>")).toBeVisible();
  await box.fill((await box.inputValue()).replace(/zedwood =>$/, "zedwood => lvl"));
  await page.getByRole("button", { name: "Save Synonyms" }).click();
  await expect(toast(page, "Search synonyms updated successfully")).toBeVisible();
  await expect(page.getByText("Your list is in force (72 entries).")).toBeVisible();
  await expect(box).toHaveValue(/^zedwood => lvl$/m);

  await page.goto("/catalog?q=zedwood");
  await expect(found).toHaveText(["LVL Beam 240x45 6.0m"]);

  // Put back: the box holds the standard list again, in force once saved.
  await page.goto("/admin/settings?tab=search");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Put Back the Standard List" }).click();
  await expect(page.getByText("The standard trade list is in the box below.")).toBeVisible();
  await expect(box).not.toHaveValue(/zedwood/);
  await page.getByRole("button", { name: "Save Synonyms" }).click();
  await expect(page.getByText("Your list is in force (71 entries).")).toBeVisible();
});
