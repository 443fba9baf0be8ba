// Every public page, visited as a browser does: it loads and hydrates without a Content-Security-
// Policy violation, and the whole page (header, footer and all) has no axe-core violation on a
// desktop screen and on a phone. Journeys elsewhere check only the region they change.
import { firstLink, visitWithoutCspViolation, watchCsp } from "./csp";
import { expectNoAxeViolations, test } from "./fixtures";

const pages: Array<{ name: string; url: string; status?: number; firstUnder?: string }> = [
  { name: "home", url: "/" },
  { name: "catalogue", url: "/catalog" },
  { name: "filtered and sorted catalogue", url: "/catalog?category=Timber&inStock=true&sort=discount" },
  { name: "product", url: "/catalog", firstUnder: "/catalog/" },
  { name: "case studies", url: "/case-study" },
  { name: "case study", url: "/case-study", firstUnder: "/case-study/" },
  { name: "certifications", url: "/certifications" },
  { name: "contact", url: "/contact" },
  { name: "trading terms", url: "/terms-conditions" },
  { name: "privacy", url: "/privacy" },
  { name: "staff sign-in", url: "/auth" },
  { name: "not found", url: "/no-such-page-here", status: 404 },
];

for (const { name, url, status = 200, firstUnder } of pages) {
  test(`the ${name} page: no CSP violation, no accessibility violation at 1280 and 375 px`, async ({
    page,
  }) => {
    const target = firstUnder ? await firstLink(page, url, firstUnder) : url;
    const seen = await watchCsp(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await visitWithoutCspViolation(page, seen, target, status);
    await expectNoAxeViolations(page, { scope: "page" });
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page, { scope: "page" });
  });
}
