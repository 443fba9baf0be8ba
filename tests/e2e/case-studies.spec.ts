import { expect, expectNoAxeViolations, test } from "./fixtures";

// The demo seed: six case studies, two in each of Commercial, Renovation and Residential.
const FAMILY_HOME = "Four-Bedroom Family Home, Whangaparaoa";

test("case studies show newest first, filter by category tabs, and pass axe at 1280px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/case-study");
  await expect(page).toHaveTitle(/Case Studies/);
  await expect(page.getByRole("heading", { level: 1, name: "Case Studies" })).toBeVisible();
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(6);
  await expect(cards.first().getByRole("heading")).toHaveText(
    "1970s Bungalow Insulation Upgrade, Hutt Valley",
  );
  await expect(cards.first()).toContainText("2 months");
  await expect(cards.first()).toContainText("Renovation");

  const tabs = page.getByRole("navigation", { name: "Case study categories" });
  await expect(tabs.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("combobox", { name: "Case study categories" })).toBeHidden();
  await expectNoAxeViolations(page);

  await tabs.getByRole("link", { name: "Commercial" }).click();
  await expect(page).toHaveURL(/\/case-study\?category=Commercial$/);
  await expect(tabs.getByRole("link", { name: "Commercial" })).toHaveAttribute("aria-current", "page");
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) await expect(card).toContainText("Commercial");

  // A long challenge is cut at 150 characters with an ellipsis.
  const penrose = cards.filter({ hasText: "Penrose Office and Warehouse Fit-Out" });
  const excerpt = await penrose.locator("p").first().textContent();
  expect(excerpt?.endsWith("...")).toBe(true);
  expect(excerpt?.length).toBeLessThanOrEqual(153);

  await page.getByRole("link", { name: "Get In Touch" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("a case study opens in a dialog with its materials, and closes back to the list", async ({ page }) => {
  await page.goto("/case-study");
  await page.getByRole("link", { name: `View Details: ${FAMILY_HOME}` }).click();
  const dialog = page.getByRole("dialog", { name: FAMILY_HOME });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/study=/);
  await expect(dialog).toContainText("Duration: 7 months");
  const materials = dialog.getByRole("region", { name: "Materials Used" }).getByRole("listitem");
  await expect(materials).toHaveText([
    "H1.2 SG8 framing",
    "Bevel-back weatherboards",
    "0.40 BMT corrugate roofing",
    "R2.6 wall batts",
  ]);
  await expect(dialog.getByRole("heading", { name: "The Challenge" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Our Solution" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "The Result" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/case-study$/);
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(6);
});

test("a shared ?study= link opens the dialog straight away", async ({ page }) => {
  await page.goto("/case-study?category=Residential");
  const href = await page.getByRole("link", { name: `View Details: ${FAMILY_HOME}` }).getAttribute("href");
  await page.goto(href ?? "");
  await expect(page.getByRole("dialog", { name: FAMILY_HOME })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();
  await expect(page).toHaveURL(/\/case-study\?category=Residential$/);
});

test("under 768px the tabs become a dropdown; axe passes at 375px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/case-study");
  await expect(page.getByRole("navigation", { name: "Case study categories" })).toBeHidden();
  const select = page.getByRole("combobox", { name: "Case study categories" });
  await expect(select).toBeVisible();
  await expect(select).toHaveValue("");
  await expectNoAxeViolations(page);

  // The dropdown navigates on change once hydrated; until then it has a Show button.
  await expect(page.getByRole("button", { name: "Show" })).toHaveCount(0);
  await select.selectOption("Renovation");
  await expect(page).toHaveURL(/\/case-study\?category=Renovation$/);
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(2);
  await expect(select).toHaveValue("Renovation");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test("without JavaScript the tabs, the dropdown and the details still work", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  await page.goto("/case-study");
  await page.getByRole("combobox", { name: "Case study categories" }).selectOption("Residential");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/case-study\?category=Residential$/);
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(2);

  await page.getByRole("link", { name: `View Details: ${FAMILY_HOME}` }).click();
  const details = page.getByRole("region", { name: FAMILY_HOME });
  await expect(details).toBeVisible();
  await expect(details).toContainText("H1.2 SG8 framing");
  await details.getByRole("link", { name: "Close details" }).click();
  await expect(page.getByRole("region", { name: FAMILY_HOME })).toHaveCount(0);
  await context.close();
});
