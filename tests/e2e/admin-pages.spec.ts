// Every back-office screen, visited as a browser does: it loads and hydrates without a Content-
// Security-Policy violation, and the whole screen (sidebar, header and all) has no axe-core
// violation on a desktop screen and on a phone. Journeys elsewhere check only what they change.
import { visitWithoutCspViolation, watchCsp } from "./csp";
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";

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
  "/admin/audit",
  "/admin/quotes",
  "/admin/settings?tab=quotes",
];

for (const url of screens) {
  test(`${url}: no CSP violation, no accessibility violation at 1280 and 375 px`, async ({ page }) => {
    const seen = await watchCsp(page);
    await startSession(page, "admin");
    await page.setViewportSize({ width: 1280, height: 800 });
    await visitWithoutCspViolation(page, seen, url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, { scope: "page" });
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page, { scope: "page" });
  });
}
