import { expect, expectNoAxeViolations, test } from "./fixtures";

test("the trading terms state the defect, warranty and cleaning rules; axe passes at 1280px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/terms-conditions");
  await expect(page).toHaveTitle(/Trading Terms and Conditions/);
  await expect(page.getByRole("heading", { level: 1, name: "Trading Terms and Conditions" })).toBeVisible();
  await expect(page.getByText("Last updated: January 2025")).toBeVisible();

  const main = page.getByRole("main");
  await expect(main.getByRole("region", { name: /Defects/ })).toContainText("within 7 days of delivery");
  await expect(main.getByRole("region", { name: /Warranty/ })).toContainText(
    "10-year powder-coat and hardware warranty",
  );
  const care = main.getByRole("region", { name: /Care and maintenance/ });
  await expect(care).toContainText("every 3 months in coastal, geothermal or industrial environments");
  await expect(care).toContainText("every 6 months elsewhere");
  await expect(main).toContainText("Consumer Guarantees Act 1993");
  await expect(main).toContainText("Fair Trading Act 1986");
  await expect(main.getByRole("region", { name: /Governing law/ })).toContainText("New Zealand");
  await expectNoAxeViolations(page);

  await main
    .getByRole("navigation", { name: "On this page" })
    .getByRole("link", { name: /Warranty/ })
    .click();
  await expect(page).toHaveURL(/#warranty$/);
});

test("the trading terms read well at 375px and pass axe", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/terms-conditions");
  await expect(page.getByRole("heading", { level: 1, name: "Trading Terms and Conditions" })).toBeVisible();
  await expectNoAxeViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test("the footer links to the trading terms", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
  await expect(page).toHaveURL(/\/terms-conditions$/);
});
