import { expect, expectNoAxeViolations, test } from "./fixtures";

test("the privacy statement is in the server's HTML, with the live retention period and our contact details", async ({
  request,
}) => {
  const response = await request.get("/privacy");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("<title>Privacy Statement | Trade Counter</title>");
  expect(html).toMatch(/<meta name="description" content="What Trade Counter collects[^"]*Privacy Act 2020/);
  for (const text of [
    "Privacy Statement",
    "What we collect",
    "IP address",
    "Who sees it",
    "We do not sell, rent or trade your personal information",
    "without contact details we cannot reply to you",
    "24 months",
    "information privacy principles 6 and 7",
    "sales@tradecounter.co.nz",
    "0800 872 332",
    "https://www.privacy.org.nz/",
  ]) {
    expect(html, text).toContain(text);
  }
});

test("the page reads as a statement: headings in order and the ways to reach us", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page).toHaveTitle("Privacy Statement | Trade Counter");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Statement" })).toBeVisible();
  const headings = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
  expect(headings).toEqual([
    "What we collect",
    "If you open an account",
    "Why we collect it",
    "Who sees it",
    "You choose what to give us",
    "How long we keep it",
    "Seeing and correcting your information",
    "Concerns and complaints",
  ]);
  await expect(page.getByTestId("retention-period")).toHaveText("24 months");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "sales@tradecounter.co.nz" })).toHaveAttribute(
    "href",
    "mailto:sales@tradecounter.co.nz",
  );
  await expect(main.getByRole("link", { name: "0800 872 332" })).toHaveAttribute("href", "tel:0800872332");
  await expect(main.getByRole("link", { name: "privacy.org.nz" })).toHaveAttribute(
    "href",
    "https://www.privacy.org.nz/",
  );
});

test("both enquiry forms and the footer link to the statement", async ({ page }) => {
  await page.goto("/contact");
  const contactForm = page.getByRole("form", { name: "Contact form" });
  await contactForm.getByRole("link", { name: "How we handle your information" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Statement" })).toBeVisible();

  await page.goto("/");
  const quickForm = page.getByRole("form", { name: "Quick enquiry" });
  await quickForm.getByRole("link", { name: "How we handle your information" }).click();
  await expect(page).toHaveURL(/\/privacy$/);

  await page.goto("/terms-conditions");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Statement" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Statement" })).toBeVisible();
});

test("the privacy statement has no axe violations at 1280 wide", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/privacy");
  await expectNoAxeViolations(page);
});

test("the privacy statement has no axe violations at 375 wide and does not scroll sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/privacy");
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the link beside Send leads to the statement", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("link", { name: "How we handle your information" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Statement" })).toBeVisible();
  });
});
