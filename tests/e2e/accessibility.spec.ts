// Every public page, whole (header, footer and all), has no axe-core violation on a desktop screen
// and on a phone. The journeys elsewhere check only what they change (the main region or a dialog).
import { expect, expectNoAxeViolations, test } from "./fixtures";

const pages: Array<{ name: string; url: string | (() => Promise<string>); status?: number }> = [
  { name: "home", url: "/" },
  { name: "catalogue", url: "/catalog" },
  { name: "filtered catalogue", url: "/catalog?category=Timber&inStock=true&sort=discount" },
  { name: "case studies", url: "/case-study" },
  { name: "certifications", url: "/certifications" },
  { name: "contact", url: "/contact" },
  { name: "trading terms", url: "/terms-conditions" },
  { name: "privacy", url: "/privacy" },
  { name: "staff sign-in", url: "/auth" },
  { name: "not found", url: "/no-such-page-here", status: 404 },
];

for (const { name, url, status = 200 } of pages) {
  test(`the ${name} page has no accessibility violation at 1280 and 375 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const response = await page.goto(url as string);
    expect(response?.status()).toBe(status);
    await expectNoAxeViolations(page, { scope: "page" });
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page, { scope: "page" });
  });
}

for (const [name, list, prefix] of [
  ["a product", "/catalog", "/catalog/"],
  ["a case study's", "/case-study", "/case-study/"],
] as const) {
  test(`${name} page has no accessibility violation at 1280 and 375 px`, async ({ page }) => {
    await page.goto(list);
    const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
    expect(href).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(href as string);
    await expectNoAxeViolations(page, { scope: "page" });
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page, { scope: "page" });
  });
}
