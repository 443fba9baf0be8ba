import type { Browser, Page } from "@playwright/test";
import { TIMBER } from "../../app/server/seed/products-building";
import { stockStatusFor } from "../../app/server/seed/taxonomy";
import { expect, expectNoAxeViolations, test, waitForLiveCatalog } from "./fixtures";

// Expectations come from the demo seed: a published timber product and a case study.
const PRODUCT = TIMBER.filter((p) => !p.draft && p.category === "Timber")[0] as (typeof TIMBER)[number];
const CASE_STUDY = "Four-Bedroom Family Home, Whangaparaoa";

type JsonLdNode = Record<string, unknown> & { "@type": string | string[] };

/** Every JSON-LD object on the page, parsed the way a search engine reads them. */
async function jsonLd(page: Page): Promise<JsonLdNode[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((text) => {
    const parsed = JSON.parse(text) as JsonLdNode | JsonLdNode[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

function ofType(nodes: JsonLdNode[], type: string) {
  return nodes.filter((node) => [node["@type"]].flat().includes(type));
}

function metaContent(page: Page, attribute: "name" | "property", value: string) {
  return page.locator(`head meta[${attribute}="${value}"]`).getAttribute("content");
}

function productCard(page: Page, name: string) {
  return page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function openProductFromCatalog(page: Page) {
  await page.goto(`/catalog?q=${encodeURIComponent(PRODUCT.name)}`);
  await productCard(page, PRODUCT.name).getByRole("link", { name: PRODUCT.name, exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT.name })).toBeVisible();
}

test("a catalogue card's name leads to the product page: details, Contact for Price, the two actions, related products", async ({
  page,
}) => {
  await page.goto(`/catalog?q=${encodeURIComponent(PRODUCT.name)}`);
  const enquireHref = await productCard(page, PRODUCT.name)
    .getByRole("link", { name: /Enquire Now/ })
    .getAttribute("href");
  await openProductFromCatalog(page);

  const product = page.locator("#product");
  await expect(product.getByText(PRODUCT.brand, { exact: true })).toBeVisible();
  await expect(product.getByText("Timber", { exact: true })).toBeVisible();
  await expect(product.getByText(stockStatusFor(PRODUCT.stock), { exact: true })).toBeVisible();
  await expect(product.getByText("Contact for Price")).toBeVisible();
  await expect(product.getByText(PRODUCT.description)).toBeVisible();
  await expect(product.getByRole("link", { name: `Enquire Now about ${PRODUCT.name}` })).toHaveAttribute(
    "href",
    enquireHref ?? "",
  );
  await expect(product.getByRole("button", { name: `Add to quote list for ${PRODUCT.name}` })).toBeVisible();
  // The photo is the page's largest paint: fetched at once, ahead of the other pictures.
  await expect(product.getByRole("img", { name: PRODUCT.name })).toHaveAttribute("loading", "eager");
  await expect(product.getByRole("img", { name: PRODUCT.name })).toHaveAttribute("fetchpriority", "high");
  expect(await page.content()).not.toMatch(/\$\s?\d/);

  const related = page.getByRole("region", { name: "Related products" });
  await expect(related.getByTestId("product-card").first()).toBeVisible();
  expect(await related.getByTestId("product-card").count()).toBeLessThanOrEqual(4);
  await expect(related.getByRole("heading", { name: PRODUCT.name, exact: true })).toHaveCount(0);

  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Catalogue" })).toHaveAttribute("href", "/catalog");
});

test("the quick view links to the product page", async ({ page }) => {
  await page.goto(`/catalog?q=${encodeURIComponent(PRODUCT.name)}`);
  await waitForLiveCatalog(page);
  await productCard(page, PRODUCT.name)
    .getByRole("button", { name: `Quick View of ${PRODUCT.name}` })
    .click();
  await page
    .getByRole("dialog")
    .getByRole("link", { name: `View full details of ${PRODUCT.name}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT.name })).toBeVisible();
});

test("the product page has a unique title, description, canonical URL, OpenGraph and Twitter card", async ({
  page,
  baseURL,
}) => {
  await openProductFromCatalog(page);
  const url = page.url();
  await expect(page).toHaveTitle(`${PRODUCT.name} | Trade Counter`);
  expect(await metaContent(page, "name", "description")).toBe(PRODUCT.short);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", url);
  expect(await metaContent(page, "property", "og:url")).toBe(url);
  expect(await metaContent(page, "property", "og:type")).toBe("product");
  expect(await metaContent(page, "property", "og:title")).toBe(`${PRODUCT.name} | Trade Counter`);
  expect(await metaContent(page, "property", "og:image:width")).toBe("1200");
  expect(await metaContent(page, "property", "og:image:height")).toBe("630");
  expect(await metaContent(page, "name", "twitter:card")).toBe("summary_large_image");
  const image = await metaContent(page, "property", "og:image");
  expect(image).toMatch(new RegExp(`^${baseURL}/`));
  expect(await metaContent(page, "name", "twitter:image")).toBe(image);
  expect(await page.locator('head meta[name="robots"]').count()).toBe(0);

  const card = await page.request.get(image ?? "");
  expect(card.status()).toBe(200);
  expect(card.headers()["content-type"]).toMatch(/^image\//);
});

test("every public page has its own title and a canonical URL; sign-in is noindex", async ({
  page,
  baseURL,
}) => {
  const titles = new Set<string>();
  for (const path of [
    "/",
    "/catalog",
    "/case-study",
    "/certifications",
    "/terms-conditions",
    "/contact",
    "/privacy",
  ]) {
    await page.goto(path);
    titles.add(await page.title());
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
    expect(await metaContent(page, "name", "twitter:card")).toBe("summary_large_image");
    expect(await metaContent(page, "property", "og:image")).toBe(`${baseURL}/social-card.png`);
  }
  expect(titles.size).toBe(7);
  await page.goto("/auth");
  expect(await metaContent(page, "name", "robots")).toBe("noindex, nofollow");
});

test("JSON-LD: the business on / and /contact, breadcrumbs on /catalog, a Product without offers on its page", async ({
  page,
}) => {
  for (const path of ["/", "/contact"]) {
    await page.goto(path);
    const nodes = await jsonLd(page);
    expect(ofType(nodes, "Organization")).toHaveLength(1);
    const [business] = ofType(nodes, "LocalBusiness");
    expect(business?.telephone).toBeTruthy();
    expect(business?.address).toMatchObject({ "@type": "PostalAddress", addressCountry: "NZ" });
    const openingHours = (business?.openingHours ?? []) as string[];
    expect(openingHours.length).toBeGreaterThan(0);
    for (const hours of openingHours) {
      expect(hours).toMatch(/^(Mo|Tu|We|Th|Fr|Sa|Su)[-,A-Za-z]* \d\d:\d\d-\d\d:\d\d$/);
    }
  }

  await page.goto("/catalog");
  const [catalogCrumbs] = ofType(await jsonLd(page), "BreadcrumbList");
  expect(catalogCrumbs?.itemListElement).toHaveLength(2);

  await openProductFromCatalog(page);
  const nodes = await jsonLd(page);
  const [product] = ofType(nodes, "Product");
  expect(product).toMatchObject({ name: PRODUCT.name, url: page.url(), brand: { name: PRODUCT.brand } });
  expect(product).not.toHaveProperty("offers");
  expect(JSON.stringify(nodes)).not.toMatch(/price/i);
  const [crumbs] = ofType(nodes, "BreadcrumbList");
  expect(((crumbs?.itemListElement ?? []) as Array<{ name: string }>).map((c) => c.name)).toEqual([
    "Home",
    "Catalogue",
    "Timber",
    PRODUCT.name,
  ]);
});

test("JSON-LD and the page hold under the production CSP", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  await openProductFromCatalog(page);
  expect(violations).toEqual([]);
});

test("an unknown product is the site's 404 page, not indexed", async ({ page }) => {
  const response = await page.goto("/catalog/no-such-product-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  expect(await metaContent(page, "name", "robots")).toBe("noindex, nofollow");
});

test("a case-study card's title leads to its page; View Details still opens the dialog", async ({ page }) => {
  await page.goto("/case-study");
  const card = page.getByRole("main").getByRole("article").filter({ hasText: CASE_STUDY });
  await card.getByRole("link", { name: CASE_STUDY, exact: true }).click();
  await expect(page).toHaveURL(/\/case-study\/four-bedroom-family-home-whangaparaoa$/);
  await expect(page.getByRole("heading", { level: 1, name: CASE_STUDY })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "The Challenge" })).toBeVisible();
  await expect(page).toHaveTitle(`${CASE_STUDY} | Case Studies | Trade Counter`);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", page.url());
  expect(await metaContent(page, "property", "og:type")).toBe("article");
  expect(ofType(await jsonLd(page), "BreadcrumbList")).toHaveLength(1);

  await page.goBack();
  await page.getByRole("link", { name: `View Details: ${CASE_STUDY}` }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("the sitemap and robots.txt", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${baseURL}/case-study/four-bedroom-family-home-whangaparaoa</loc>`);
  expect(xml).toMatch(new RegExp(`<loc>${baseURL}/catalog/h3-2-treated-pine[^<]*</loc><lastmod>`));

  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(await robots.text()).toContain("Disallow: /admin");
});

for (const width of [1280, 375]) {
  test(`the product page and the case-study page pass axe at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/catalog?q=${encodeURIComponent(PRODUCT.name)}`);
    const href = await productCard(page, PRODUCT.name)
      .getByRole("link", { name: PRODUCT.name, exact: true })
      .getAttribute("href");
    await page.goto(href ?? "");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/case-study/four-bedroom-family-home-whangaparaoa");
    await expect(page.getByRole("heading", { level: 1, name: CASE_STUDY })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

async function withoutJavaScript(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test("without JavaScript the product page works: reached from the catalogue, added to the quote list", async ({
  browser,
}) => {
  await withoutJavaScript(browser, async (page) => {
    await openProductFromCatalog(page);
    const url = page.url();
    await expect(page.getByText("Contact for Price").first()).toBeVisible();
    expect(ofType(await jsonLd(page), "Product")).toHaveLength(1);
    await page.getByLabel("Quantity").fill("3");
    await page.getByRole("button", { name: `Add to quote list for ${PRODUCT.name}` }).click();
    await expect(page).toHaveURL(`${url}#product`);
    await expect(page.getByRole("status").filter({ hasText: "Added to your quote list" })).toContainText(
      `${PRODUCT.name} × 3`,
    );
  });
});
