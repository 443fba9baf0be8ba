import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { CLADDING, INSULATION, ROOFING, TIMBER } from "../../app/server/seed/products-building";
import { e2eState, expect, expectNoAxeViolations, test, waitForLiveCatalog } from "./fixtures";

// Two products from the demo seed that are published and in stock (so they can be listed).
const LISTABLE = [TIMBER, ROOFING, CLADDING, INSULATION].flat().filter((p) => !p.draft && p.stock > 10);
const FIRST = LISTABLE[0]?.name ?? "";
const SECOND = LISTABLE[1]?.name ?? "";

// The server treats a form sent sooner than this after the page was served as a bot's.
const MIN_FILL_MS = 3_100;

async function openCatalog(page: Page, name: string) {
  await page.goto(`/catalog?q=${encodeURIComponent(name)}`);
}

function card(page: Page, name: string) {
  return page
    .getByTestId("catalog-results")
    .getByTestId("product-card")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
}

function headerLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Quote list, / });
}

function quoteList(page: Page) {
  return page.getByRole("region", { name: "Your quote list" });
}

function line(page: Page, name: string) {
  return quoteList(page).getByRole("listitem").filter({ hasText: name });
}

function quantityOf(page: Page, name: string): Locator {
  return line(page, name).getByRole("spinbutton");
}

function contactForm(page: Page) {
  return page.getByRole("form", { name: "Contact form" });
}

async function fillEnquiry(page: Page, marker = "") {
  const form = contactForm(page);
  await form.getByLabel("Full Name").fill("Aroha Ngata");
  await form.getByLabel("Email").fill("aroha@example.co.nz");
  await form.getByLabel("Message").fill(`Please quote the listed products for the Henderson job. ${marker}`);
}

/** The text of the e-mails written to the server's outbox folder (quoted-printable decoded). */
function outboxMailsWith(marker: string) {
  const dir = path.join(e2eState().dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), "latin1"))
    .map((raw) => {
      const joined = raw.replace(/=\r?\n/g, "");
      const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
      return Buffer.from(bytes, "latin1").toString("utf8");
    })
    .filter((text) => text.includes(marker));
}

test("with JavaScript: add from the catalogue and quick view, edit on /contact, send with the enquiry", async ({
  page,
}) => {
  await openCatalog(page, FIRST);
  await expect(headerLink(page)).toHaveAccessibleName("Quote list, 0 products");
  await waitForLiveCatalog(page);
  await card(page, FIRST)
    .getByRole("button", { name: `Add to quote list for ${FIRST}` })
    .click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Added to your quote list" });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole("link", { name: "View your quote list" })).toHaveAttribute(
    "href",
    "/contact#quote-list",
  );
  await expect(headerLink(page)).toHaveAccessibleName("Quote list, 1 product");
  await expect(card(page, FIRST).getByRole("link", { name: "1 in your quote list" })).toBeVisible();

  // The quick view asks how many.
  await openCatalog(page, SECOND);
  await waitForLiveCatalog(page);
  await card(page, SECOND)
    .getByRole("button", { name: `Quick View of ${SECOND}` })
    .click();
  const dialog = page.getByRole("dialog", { name: SECOND });
  await dialog.getByLabel("Quantity").fill("3");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: `Add to quote list for ${SECOND}` }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `${SECOND} × 3` })).toBeVisible();
  // The open dialog hides the rest of the page from assistive technology until it closes.
  await page.keyboard.press("Escape");
  await expect(headerLink(page)).toHaveAccessibleName("Quote list, 2 products");

  await headerLink(page).click();
  await expect(page).toHaveURL(/\/contact#quote-list$/);
  const servedAt = Date.now();
  await expect(quoteList(page).getByRole("listitem")).toHaveCount(2);
  await expect(quantityOf(page, FIRST)).toHaveValue("1");
  await expect(quantityOf(page, SECOND)).toHaveValue("3");
  await expect(quoteList(page)).toContainText("sent with your message");
  // A list is most often a request for a quote.
  await expect(contactForm(page).getByLabel("Subject")).toHaveValue("Quote Request");

  await quantityOf(page, FIRST).fill("40");
  await line(page, FIRST)
    .getByRole("button", { name: `Update quantity of ${FIRST}` })
    .click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Quantity updated" })).toBeVisible();
  await line(page, SECOND)
    .getByRole("button", { name: `Remove ${SECOND}` })
    .click();
  await expect(quoteList(page).getByRole("listitem")).toHaveCount(1);
  await expect(headerLink(page)).toHaveAccessibleName("Quote list, 1 product");
  await page.reload();
  await expect(quantityOf(page, FIRST)).toHaveValue("40");

  const marker = `quote-${crypto.randomBytes(6).toString("hex")}`;
  await fillEnquiry(page, marker);
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - servedAt)));
  await contactForm(page).getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thanks for contacting us!")).toBeVisible();
  await expect(quoteList(page)).toContainText("Your quote list is empty");
  await expect(headerLink(page)).toHaveAccessibleName("Quote list, 0 products");
  expect((await page.context().cookies()).some((c) => c.name === "tc_quote")).toBe(false);
  // The staff e-mail (the one that carries the message, and so the marker) has the list as it was
  // sent; the customer's acknowledgement carries no free text (the contact form is no relay).
  await expect.poll(() => outboxMailsWith(marker).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  for (const mail of outboxMailsWith(marker)) {
    expect(mail).toContain(FIRST);
    expect(mail).not.toContain(SECOND);
    // The changed quantity, on the product's line.
    expect(mail.split(/\r?\n/).some((line) => line.includes(FIRST) && /\b40\b/.test(line))).toBe(true);
  }
});

async function withoutJavaScript(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test("without JavaScript: the same journey with plain forms", async ({ browser }) => {
  await withoutJavaScript(browser, async (page) => {
    const notice = page.getByRole("status").filter({ hasText: "Added to your quote list" });
    for (const [index, name] of [FIRST, SECOND].entries()) {
      await openCatalog(page, name);
      await card(page, name)
        .getByRole("button", { name: `Add to quote list for ${name}` })
        .click();
      // Back on the same catalogue page, at the card.
      await expect(page).toHaveURL(/\/catalog\?q=.*#product-/);
      await expect(notice).toContainText(`${name} × 1`);
      await expect(headerLink(page)).toHaveAccessibleName(
        `Quote list, ${index + 1} product${index ? "s" : ""}`,
      );
    }

    await headerLink(page).click();
    await expect(quoteList(page).getByRole("listitem")).toHaveCount(2);
    await quantityOf(page, SECOND).fill("12");
    await line(page, SECOND)
      .getByRole("button", { name: `Update quantity of ${SECOND}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Quantity updated" })).toBeVisible();
    await expect(quantityOf(page, SECOND)).toHaveValue("12");

    await quantityOf(page, FIRST).fill("0");
    await line(page, FIRST)
      .getByRole("button", { name: `Update quantity of ${FIRST}` })
      .click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Quantity must be a whole number" }),
    ).toBeVisible();
    await expect(quantityOf(page, FIRST)).toHaveValue("1");

    await line(page, FIRST)
      .getByRole("button", { name: `Remove ${FIRST}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Removed from your quote list" })).toBeVisible();
    await expect(quoteList(page).getByRole("listitem")).toHaveCount(1);
    await expect(headerLink(page)).toHaveAccessibleName("Quote list, 1 product");

    const servedAt = Date.now();
    await fillEnquiry(page);
    await contactForm(page).getByLabel("Subject").selectOption("Quote Request");
    await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - servedAt)));
    await contactForm(page).getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").getByText("Thanks for contacting us!")).toBeVisible();
    await expect(quoteList(page)).toContainText("Your quote list is empty");
    await expect(headerLink(page)).toHaveAccessibleName("Quote list, 0 products");

    await quoteList(page).getByRole("link", { name: "browse the catalogue" }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(headerLink(page)).toHaveAccessibleName("Quote list, 0 products");
  });
});

test("the header's quote list is there at 360px, and axe passes on the catalogue's add buttons", async ({
  page,
}) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await openCatalog(page, FIRST);
    await waitForLiveCatalog(page);
    await expect(
      card(page, FIRST).getByRole("button", { name: `Add to quote list for ${FIRST}` }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await card(page, FIRST)
    .getByRole("button", { name: `Add to quote list for ${FIRST}` })
    .click();
  await expect(headerLink(page)).toHaveAccessibleName("Quote list, 1 product");

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(headerLink(page)).toBeVisible();
  await headerLink(page).click();
  await expect(quoteList(page).getByRole("listitem")).toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(360);
});

test("like Enquire Now, an out-of-stock product cannot be added to the quote list", async ({ page }) => {
  await openCatalog(page, "Mitre Saw");
  await expect(
    page
      .getByTestId("catalog-results")
      .getByRole("button", { name: /^Add to quote list/ })
      .first(),
  ).toBeDisabled();
});

test("axe passes on /contact with a quote list and with the list emptied", async ({ page }) => {
  await openCatalog(page, FIRST);
  await card(page, FIRST)
    .getByRole("button", { name: `Add to quote list for ${FIRST}` })
    .click();
  await expect(headerLink(page)).toHaveAccessibleName("Quote list, 1 product");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/contact");
    await expect(quoteList(page).getByRole("listitem")).toHaveCount(1);
    await expectNoAxeViolations(page);
  }
  await quoteList(page).getByRole("button", { name: "Clear list" }).click();
  await expect(quoteList(page)).toContainText("Your quote list is empty");
  await expect(quoteList(page).getByRole("heading", { name: "Your quote list" })).toBeFocused();
  await expectNoAxeViolations(page);
});
