// Every back-office screen, whole (sidebar, header and all), has no axe-core violation on a desktop
// screen and on a phone. The journeys elsewhere check only what they change.
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

const screens = [
  "/admin",
  "/admin/catalog",
  "/admin/users",
  "/admin/home-management",
  "/admin/home",
  "/admin/case-studies",
  "/admin/certifications",
  "/admin/contact",
  "/admin/contact-management",
  "/admin/contact-management?tab=subjects",
  "/admin/settings",
  "/admin/settings?tab=categories",
  "/admin/settings?tab=hero",
  "/admin/settings?tab=enquiries",
];

for (const url of screens) {
  test(`${url} has no accessibility violation at 1280 and 375 px`, async ({ page }) => {
    await signIn(page, "admin");
    await expect(page).toHaveURL(/\/admin$/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, { scope: "page" });
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page, { scope: "page" });
  });
}
