import type { Locator, Page } from "@playwright/test";
import { DEMO_PRODUCTS } from "../../app/server/seed/products";
import { BRANDS } from "../../app/server/seed/taxonomy";
import { expect, expectNoAxeViolations, test, waitForLiveCatalog } from "./fixtures";

const SECTIONS_IN_ORDER = [
  "hero",
  "trusted-suppliers",
  "categories",
  "catalog-banner",
  "featured-products",
  "reviews",
  "partners",
  "get-in-touch",
];

// The demo's home content (app/server/seed/content.ts).
const HERO_TITLES = [
  "Building Supplies for New Zealand's Trades",
  "Roofing and Cladding, Cut to Length",
  "Open a Trade Account",
];
const SEEDED_TILES = ["Timber", "Roofing", "Tools", "Hardware", "Cladding", "Insulation"];
const FEATURED = DEMO_PRODUCTS.filter((product) => product.featured && !product.draft);
const PARTNERS = [
  "Tasman Homes",
  "Harbour Line Architects",
  "Southern Cross Construction",
  "Waitematā Site Services",
  "Kōwhai Painters",
  "Northern Freight Co.",
];

function slide(page: Page, position: number) {
  return page.getByRole("group", { name: `${position} of ${HERO_TITLES.length}` });
}

async function waitForCarousel(page: Page) {
  await expect(page.getByTestId("hero")).toHaveAttribute("data-carousel", "ready");
}

/**
 * Scroll to each section still waiting to fade in until it has, back to the top, and let the
 * transitions finish. Each waits on its own reveal, not on a timed scroll: on a busy machine a
 * section scrolled past between two frames is never seen by its observer.
 */
async function revealAllSections(page: Page) {
  const hidden = page.locator('[data-reveal="hidden"]');
  for (
    let next = await hidden
      .first()
      .elementHandle({ timeout: 1000 })
      .catch(() => null);
    next;
  ) {
    await next.scrollIntoViewIfNeeded();
    await page.waitForFunction((element) => element.getAttribute("data-reveal") !== "hidden", next);
    next = (await hidden.count()) > 0 ? await hidden.first().elementHandle() : null;
  }
  await expect(hidden).toHaveCount(0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

test("the home page shows its sections in order with the seeded content", async ({ page }) => {
  await page.goto("/");
  const order = await page
    .getByRole("main")
    .locator("section[data-testid]")
    .evaluateAll((sections) => sections.map((s) => s.getAttribute("data-testid")));
  expect(order).toEqual(SECTIONS_IN_ORDER);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_TITLES[0]!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Trusted Suppliers & Accreditations" })).toBeVisible();
  await expect(page.getByText("NZ Building Code Compliant")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Browse Categories" })).toBeVisible();
  await expect(page.getByTestId("category-tile")).toHaveCount(SEEDED_TILES.length);
  await expect(
    page.getByTestId("catalog-banner").getByRole("heading", { name: /Trade Catalogue$/ }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
  const featured = page.getByTestId("featured-product");
  expect(await featured.count()).toBeGreaterThanOrEqual(4);
  await expect(featured.first().getByText("Contact for Price")).toBeVisible();
  await expect(page.getByTestId("featured-products").getByText(/\$\s?\d/)).toHaveCount(0);

  const reviews = page.getByTestId("reviews");
  await expect(reviews.getByRole("heading", { name: "What Our Customers Say" })).toBeVisible();
  await expect(reviews.getByTestId("review")).toHaveCount(5);
  await expect(
    reviews.getByTestId("review").first().getByRole("img", { name: "Rated 5 out of 5" }),
  ).toBeVisible();
  await expect(reviews.getByText("Mere Tawhiri")).toBeVisible();
  await expect(page.getByRole("heading", { name: "We also work with" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Get In Touch" })).toBeVisible();
  await expect(page.locator("#contact").getByLabel("Full Name")).toBeVisible();
});

test("the hero uses the overlay setting and loads only the first picture eagerly", async ({ page }) => {
  await page.goto("/");
  const overlay = page.getByTestId("hero-overlay").first();
  await expect(overlay).toHaveCSS("background-color", "rgb(26, 26, 26)");
  await expect(overlay).toHaveCSS("opacity", "0.8");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("color", "rgb(255, 255, 255)");

  const images = page.getByTestId("hero").locator("img");
  await expect(images).toHaveCount(HERO_TITLES.length);
  await expect(images.nth(0)).toHaveAttribute("loading", "eager");
  await expect(images.nth(0)).toHaveAttribute("fetchpriority", "high");
  await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
  await expect(slide(page, 1).getByRole("link", { name: "Browse the Catalogue" })).toHaveAttribute(
    "href",
    "/catalog",
  );
});

test("the hero advances by itself every five seconds while untouched", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await waitForCarousel(page);
  await expect(slide(page, 1)).toHaveAttribute("aria-current", "true");

  await page.clock.runFor(5_100);
  await expect(slide(page, 2)).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(5_000);
  await expect(slide(page, 3)).toHaveAttribute("aria-current", "true");
});

test("the arrows change slide and stop the autoplay for good", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await waitForCarousel(page);

  await page.getByRole("button", { name: "Next slide" }).click();
  await expect(slide(page, 2)).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(1_000);
  await expect(slide(page, 2).getByRole("heading", { name: HERO_TITLES[1] })).toBeInViewport();

  await page.getByRole("button", { name: "Previous slide" }).click();
  await expect(slide(page, 1)).toHaveAttribute("aria-current", "true");

  await page.clock.runFor(20_000);
  await expect(slide(page, 1)).toHaveAttribute("aria-current", "true");
  await expect(slide(page, 1).getByRole("heading", { level: 1 })).toBeInViewport();
});

test("keyboard focus in the hero stops the autoplay", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await waitForCarousel(page);
  await slide(page, 1).getByRole("link", { name: "Browse the Catalogue" }).focus();
  await page.clock.runFor(15_000);
  await expect(slide(page, 1)).toHaveAttribute("aria-current", "true");
});

/** The picture has arrived and is drawn: a broken or missing file has no natural width. */
async function expectPictureLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test("the brands we supply and the partners we work with are shown by their logos", async ({ page }) => {
  await page.goto("/");
  const suppliers = page.getByTestId("trusted-suppliers");
  await expect(suppliers.getByRole("heading", { name: "Brands we supply" })).toBeVisible();
  const names = [...BRANDS.map((brand) => brand.name)].sort((a, b) => a.localeCompare(b));
  await expect(suppliers.getByRole("listitem").getByRole("img")).toHaveCount(names.length);
  for (const name of names) {
    const logo = suppliers.getByRole("img", { name, exact: true });
    // The seed's logo, stored with the brand.
    await expect(logo).toHaveAttribute("src", /^\/files\/media\//);
    await expectPictureLoaded(logo);
  }
  await expect(suppliers.getByTestId("brand-badge")).toHaveCount(0);

  const partners = page.getByTestId("partners");
  await expect(partners.getByRole("img")).toHaveCount(PARTNERS.length);
  for (const name of PARTNERS) await expectPictureLoaded(partners.getByRole("img", { name, exact: true }));
});

test("every featured product is shown, newest first, one card size for all", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const cards = page.getByTestId("featured-product");
  await expect(cards).toHaveCount(FEATURED.length);
  // The seed dates its products oldest first.
  const newestFirst = [...FEATURED].reverse().map((product) => product.name);
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText(newestFirst);
  const widths = await cards.evaluateAll((list) =>
    list.map((card) => Math.round(card.getBoundingClientRect().width)),
  );
  expect(new Set(widths).size, `card widths ${widths.join(", ")}`).toBe(1);
});

test("a navigation back to Home shows four placeholder cards until the featured products arrive", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/catalog");
  await waitForLiveCatalog(page);
  // Records the most placeholders seen at once, however briefly they were on the page.
  await page.evaluate(() => {
    const seen = window as unknown as { placeholders: number };
    seen.placeholders = 0;
    new MutationObserver(() => {
      const count = document.querySelectorAll('[data-testid="featured-skeleton"]').length;
      seen.placeholders = Math.max(seen.placeholders, count);
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByTestId("featured-product")).toHaveCount(FEATURED.length);
  await expect(page.getByTestId("featured-skeleton")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { placeholders: number }).placeholders)).toBe(4);
});

test("the first HTML holds the featured products and no placeholders", async ({ request }) => {
  const html = await (await request.get("/")).text();
  for (const product of FEATURED) expect(html).toContain(product.name.replaceAll("&", "&amp;"));
  expect(html).not.toContain("featured-skeleton");
});

test("a featured product card leads to the contact form for that product", async ({ page }) => {
  await page.goto("/");
  const card = page.getByTestId("featured-product").first();
  const name = (await card.getByRole("heading").textContent())?.trim() ?? "";
  expect(name).not.toBe("");
  const link = card.getByRole("link", { name });
  const href = `/contact?subject=Product%20Information&product=${encodeURIComponent(name)}`;
  await expect(link).toHaveAttribute("href", href);
  await link.click();
  await expect(page).toHaveURL(href);
});

test("each category tile links to its catalogue filter", async ({ page }) => {
  await page.goto("/");
  const tiles = page.getByTestId("category-tile");
  for (const [index, name] of SEEDED_TILES.entries()) {
    await expect(tiles.nth(index)).toContainText(name);
    await expect(tiles.nth(index)).toHaveAttribute("href", `/catalog?category=${name}`);
  }
  await tiles.first().click();
  await expect(page).toHaveURL("/catalog?category=Timber");
});

test("Get Started Today jumps to the Get In Touch form", async ({ page }) => {
  await page.goto("/");
  const cta = page.getByRole("link", { name: "Get Started Today" });
  await expect(cta).toHaveAttribute("href", "#contact");
  await cta.click();
  await expect(page).toHaveURL(/#contact$/);
  await expect(page.getByRole("heading", { name: "Get In Touch" })).toBeInViewport();
});

test("Get Started Today tapped while the lower sections' code is still on its way still lands on the form", async ({
  page,
}) => {
  // Held back until the tap has been made: the page is still being hydrated when the hash changes.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/page-lazy-lower-sections-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  // The router is made (it hears the hash change), the page not wholly hydrated yet.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByRole("link", { name: "Get Started Today" }).click();
  await expect(page).toHaveURL(/#contact$/);
  release();
  await expect(page.getByRole("heading", { name: "Get In Touch" })).toBeInViewport();
});

test("sections below the fold fade in once scrolled to", async ({ page }) => {
  await page.goto("/");
  await waitForCarousel(page);
  const partners = page.getByTestId("partners").locator("xpath=..");
  await expect(partners).toHaveAttribute("data-reveal", "hidden");
  await partners.scrollIntoViewIfNeeded();
  await expect(partners).toHaveAttribute("data-reveal", "shown");
  await expect(partners).toHaveCSS("opacity", "1");
});

test("the home page has no axe violations on a wide screen", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await waitForCarousel(page);
  await revealAllSections(page);
  await expectNoAxeViolations(page);
});

test("the home page has no axe violations on a phone and nothing overflows", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await waitForCarousel(page);
  await revealAllSections(page);
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the home page works with JavaScript disabled", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_TITLES[0]!);
  await expect(page.getByRole("link", { name: "Browse the Catalogue" }).first()).toBeVisible();
  for (const heading of [
    "Browse Categories",
    "Featured Products",
    "What Our Customers Say",
    "Get In Touch",
  ]) {
    const locator = page.getByRole("heading", { name: heading });
    await locator.scrollIntoViewIfNeeded();
    await expect(locator).toBeVisible();
    await expect(locator).toHaveCSS("opacity", "1");
  }
  await expect(page.getByTestId("featured-product").first()).toBeVisible();
  await expect(page.locator('[data-reveal="hidden"]')).toHaveCount(0);
  await expect(page.locator("#contact").getByLabel("Message")).toBeVisible();
  await context.close();
});
