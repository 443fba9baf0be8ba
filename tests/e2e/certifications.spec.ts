import { expect, expectNoAxeViolations, test } from "./fixtures";

// The demo seed: eight certifications shown in three categories (six documents and two current
// building-product certificates; four more are expired, suspended, withdrawn or a draft, and
// stay in the back office); "Supplier Quality Assurance Programme" has allow_download false.
const NO_DOWNLOAD = "Supplier Quality Assurance Programme";

test("certifications show View and Download, Download hidden when not allowed; axe at 1280px", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/certifications");
  await expect(page).toHaveTitle(/Certifications/);
  await expect(page.getByRole("heading", { level: 1, name: "Certifications" })).toBeVisible();
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(8);

  const locked = cards.filter({ hasText: NO_DOWNLOAD });
  await expect(locked.getByRole("link", { name: /^View/ })).toBeVisible();
  await expect(locked.getByRole("link", { name: /^Download/ })).toHaveCount(0);
  await expect(locked).toContainText("PNG");

  const iso = cards.filter({ hasText: "ISO 9001:2015 Quality Management System" });
  const view = iso.getByRole("link", { name: /^View ISO 9001/ });
  await expect(view).toHaveAttribute("target", "_blank");
  await expect(view).toHaveAttribute("rel", /noopener/);
  const download = iso.getByRole("link", { name: /^Download ISO 9001/ });
  await expect(download).toHaveAttribute("download", "");
  const href = await view.getAttribute("href");
  // The same file, saved under a name made from the certificate's title.
  expect(await download.getAttribute("href")).toBe(`${href}?download`);
  const file = await request.get(`${href}?download`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("application/pdf");
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="ISO-9001[\w.-]*\.pdf"$/);

  // View opens the file itself in a new window. (A Chromium with a PDF viewer then shows it; the
  // headless shell packed in @sparticuz/chromium has none and saves it, so its window stays blank.)
  const [popup, opened] = await Promise.all([
    page.waitForEvent("popup"),
    page.context().waitForEvent("response", (response) => new URL(response.url()).pathname === href),
    view.click(),
  ]);
  expect(opened.status()).toBe(200);
  expect(opened.frame().page()).toBe(popup);
  await popup.close();

  await expectNoAxeViolations(page);
});

test("the category tabs filter certifications on the server", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/certifications");
  const tabs = page.getByRole("navigation", { name: "Certification categories" });
  await expect(tabs.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Quality Management" }).click();
  await expect(page).toHaveURL(/\/certifications\?category=Quality%20Management$/);
  await expect(tabs.getByRole("link", { name: "Quality Management" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) await expect(card).toContainText("Quality Management");
});

test("certifications at 375px keep their tabs, scrolling sideways, and pass axe", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/certifications");
  // Only the case studies turn their tabs into a dropdown on phones.
  await expect(page.getByRole("combobox", { name: "Certification categories" })).toHaveCount(0);
  const tabs = page.getByRole("navigation", { name: "Certification categories" });
  await expect(tabs).toBeVisible();
  await expect(tabs.getByRole("link")).toHaveText([
    "All",
    "Health & Safety",
    "Product Certifications",
    "Quality Management",
  ]);
  // The row is wider than the phone: it scrolls on its own, and the page does not.
  const last = tabs.getByRole("link", { name: "Quality Management" });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await last.click();
  await expect(page).toHaveURL(/category=Quality%20Management/);
  await expect(last).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(2);
  await expectNoAxeViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
