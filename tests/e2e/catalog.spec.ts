import type { Page } from "@playwright/test";
import { CLADDING, INSULATION, ROOFING, TIMBER } from "../../app/server/seed/products-building";
import { FIXINGS, HARDWARE, PAINT, TOOLS } from "../../app/server/seed/products-trade";
import { stockStatusFor } from "../../app/server/seed/taxonomy";
import { expect, expectNoAxeViolations, test, waitForLiveCatalog } from "./fixtures";

// Expectations come from the demo seed itself, so a new demo product does not break them.
const PUBLISHED = [TIMBER, ROOFING, TOOLS, HARDWARE, CLADDING, INSULATION, FIXINGS, PAINT]
  .flat()
  .filter((p) => !p.draft);
const inCategory = (category: string) => PUBLISHED.filter((p) => p.category === category);
const TOTAL = PUBLISHED.length;
const LAST_PAGE = Math.ceil(TOTAL / 10);

async function openCatalog(page: Page, search = "") {
  await page.goto(`/catalog${search}`);
  await waitForLiveCatalog(page);
}

function results(page: Page) {
  return page.getByTestId("catalog-results");
}

function cards(page: Page) {
  return results(page).getByTestId("product-card");
}

function cardNames(page: Page) {
  return cards(page).getByRole("heading", { level: 3 });
}

function filterPanel(page: Page) {
  return page.getByRole("complementary", { name: "Filters" });
}

test("the first HTML already holds the filtered products and never a price", async ({ request }) => {
  const response = await request.get("/catalog?category=timber");
  expect(response.status()).toBe(200);
  const html = await response.text();
  for (const product of inCategory("Timber")) expect(html).toContain(product.name);
  expect(html).toContain("Contact for Price");
  expect(html).not.toMatch(/\$\s?\d/);
  expect(html).toContain("<title>Product Catalogue | Trade Counter</title>");
});

test("the catalogue lists 10 products a page with Contact for Price and the bargains strip", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCatalog(page);
  await expect(page.getByRole("heading", { level: 1, name: "Product Catalogue" })).toBeVisible();
  await expect(results(page)).toContainText(`Showing 1–10 of ${TOTAL} products`);
  await expect(cards(page)).toHaveCount(10);
  for (const card of await cards(page).all()) await expect(card).toContainText("Contact for Price");
  await expect(page.locator("body")).not.toContainText(/\$\s?\d/);

  const bargains = page.getByRole("region", { name: "Today's Best Bargains" });
  const bargainCards = bargains.getByTestId("product-card");
  await expect(bargainCards).toHaveCount(4);
  const discounts = await bargainCards.locator("text=/\\d+% OFF/").allTextContents();
  const values = discounts.map((d) => Number.parseInt(d, 10));
  expect(values).toEqual([...values].sort((a, b) => b - a));
  await expectNoAxeViolations(page);
});

test("searching matches names and descriptions and keeps the filters", async ({ page }) => {
  await openCatalog(page, "?category=Insulation");
  // Once the scripts run the search box is a combobox offering suggestions.
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.fill("glasswool");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/catalog\?q=glasswool&category=Insulation$/);
  // Names, descriptions and short descriptions all count.
  const matches = inCategory("Insulation").filter((p) =>
    [p.name, p.description, p.short].some((text) => text?.toLowerCase().includes("glasswool")),
  );
  expect(matches.length).toBeGreaterThan(2);
  await expect(cards(page)).toHaveCount(matches.length);
  await expect(cardNames(page).filter({ hasText: "R2.6 Glasswool Wall Batts" })).toHaveCount(1);
  await expect(results(page)).toContainText(`Showing 1–${matches.length} of ${matches.length} products`);

  // Clearing the filters keeps nothing but a new search; "pergola" is only in descriptions.
  await filterPanel(page).getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(box).toHaveValue("");
  await box.fill("pergola");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/catalog\?q=pergola$/);
  const pergola = PUBLISHED.filter((p) =>
    `${p.name} ${p.short} ${p.description}`.toLowerCase().includes("pergola"),
  );
  expect(pergola.some((p) => p.name.toLowerCase().includes("pergola"))).toBe(false);
  await expect(cards(page)).toHaveCount(pergola.length);
  await box.fill("no-such-product-anywhere");
  await box.press("Enter");
  await expect(results(page)).toContainText("No products found");
});

test("a category filter applies at once and returns to page 1", async ({ page }) => {
  await openCatalog(page, "?page=2");
  await filterPanel(page).getByLabel("Category").selectOption("Roofing");
  await expect(page).toHaveURL(/\/catalog\?category=Roofing$/);
  await expect(cards(page)).toHaveCount(inCategory("Roofing").length);
  await expect(page.getByRole("heading", { level: 2, name: "Roofing" })).toBeVisible();

  await filterPanel(page).getByLabel("In Stock Only").check();
  await expect(page).toHaveURL(/category=Roofing&inStock=true/);
  const inStock = inCategory("Roofing").filter((p) => stockStatusFor(p.stock) !== "Out of Stock");
  await expect(cards(page)).toHaveCount(inStock.length);
  await expect(results(page)).not.toContainText("Out of Stock");
});

test("choosing a brand narrows the categories and selects the only one left", async ({ page }) => {
  await openCatalog(page);
  const panel = filterPanel(page);
  await panel.getByLabel("Brand").selectOption({ label: "Hauraki Pro Tools" });
  await expect(page).toHaveURL(/\/catalog\?brand=[0-9a-f-]{36}$/);
  // The server selects the only category left, and the form shows it.
  await expect(panel.getByLabel("Category")).toHaveValue("Tools");
  await expect(page.getByRole("heading", { level: 2, name: "Tools" })).toBeVisible();
  await expect(panel.getByLabel("Category").locator("option")).toHaveText(["All categories", "Tools"]);
  await expect(cards(page)).toHaveCount(inCategory("Tools").length);
  for (const card of await cards(page).all()) await expect(card).toContainText("Hauraki Pro Tools");

  await panel.getByLabel("Brand").selectOption({ label: "All brands" });
  await expect(panel.getByLabel("Category").locator("option")).toHaveCount(1 + 8);
});

test("a brand change never leaves the old category in the address", async ({ page }) => {
  await openCatalog(page, "?category=Roofing");
  const panel = filterPanel(page);
  // Tasman Fix makes only fixings: Roofing gives way to its one category.
  await panel.getByLabel("Brand").selectOption({ label: "Tasman Fix" });
  await expect(panel.getByLabel("Category")).toHaveValue("Fixings");
  await expect(page).toHaveURL(/\/catalog\?brand=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 2, name: "Fixings" })).toBeVisible();
  await expect(cards(page)).toHaveCount(inCategory("Fixings").length);

  // The address reloads to the same view.
  await page.reload();
  await expect(panel.getByLabel("Category")).toHaveValue("Fixings");
  await expect(cards(page)).toHaveCount(inCategory("Fixings").length);
});

test("the cards of a full page are all one size at 1280px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCatalog(page);
  await expect(cards(page)).toHaveCount(10);
  const boxes = await results(page)
    .getByTestId("catalog-grid")
    .locator(":scope > li")
    .evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        const image = item.querySelector("img")?.getBoundingClientRect();
        return { width: Math.round(box.width), image: Math.round(image?.height ?? 0) };
      }),
    );
  expect(boxes).toHaveLength(10);
  expect(new Set(boxes.map((box) => box.width)).size, JSON.stringify(boxes)).toBe(1);
  expect(new Set(boxes.map((box) => box.image)).size, JSON.stringify(boxes)).toBe(1);
});

test("a search in trade shorthand or with a typo finds the product, best match first", async ({ page }) => {
  const plywood = "H3.2 CD Structural Plywood 2400x1200x17mm";
  await openCatalog(page, "?q=ply%2017mm");
  await expect(cardNames(page).first()).toHaveText(plywood);
  const sort = filterPanel(page).getByLabel("Sort by");
  await expect(sort.locator("option:checked")).toHaveText("Best match");
  await expectNoAxeViolations(page);
  await openCatalog(page, "?q=structral%20plywod");
  await expect(cardNames(page).first()).toHaveText(plywood);
  // Without a search the order is by name and best match is not offered.
  await openCatalog(page);
  await expect(sort.locator("option:checked")).toHaveText("Name");
  await expect(sort.locator("option", { hasText: "Best match" })).toHaveCount(0);
});

test("suggestions as you type: chosen by keyboard, announced, axe clean; Enter alone still searches", async ({
  page,
}) => {
  await openCatalog(page);
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.pressSequentially("90 x 45 fram");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(list.getByRole("option").filter({ hasText: "Treated Pine 90x45 Framing 4.8m" })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: /options?: use the up and down arrows/ }),
  ).toHaveCount(1);
  await expectNoAxeViolations(page, { scope: "page" });
  // Down to the first product (categories come first), announced by aria-activedescendant.
  const options = list.getByRole("option");
  const firstProduct = options.filter({ hasNotText: /^.*Category$/ }).first();
  const name = (await firstProduct.locator("span > span").first().textContent()) ?? "";
  const index = await options.evaluateAll(
    (all, id) => all.findIndex((o) => o.id === id),
    await firstProduct.getAttribute("id"),
  );
  for (let i = 0; i <= index; i++) await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", (await firstProduct.getAttribute("id")) ?? "");
  await expect(firstProduct).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Escape closes the list; Enter with nothing chosen searches as before.
  await openCatalog(page);
  await box.pressSequentially("plasterbord");
  await expect(list).toBeVisible();
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/catalog\?q=plasterbord/);
});

test("sorting by discount and by stock status", async ({ page }) => {
  await openCatalog(page);
  await filterPanel(page).getByLabel("Sort by").selectOption({ label: "Discount (largest first)" });
  await expect(page).toHaveURL(/sort=discount/);
  const best = [...PUBLISHED].sort((a, b) => discountOf(b) - discountOf(a))[0]!;
  await expect(cardNames(page).first()).toHaveText(best.name);
  await expect(cards(page).first()).toContainText(`${discountOf(best)}% OFF`);

  await filterPanel(page).getByLabel("Sort by").selectOption({ label: "Stock status" });
  await expect(page).toHaveURL(/sort=stock/);
  await expect(cards(page).first()).toContainText("In Stock");
  await page
    .getByRole("navigation", { name: "Catalogue pages" })
    .getByRole("link", { name: `Page ${LAST_PAGE}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`sort=stock&page=${LAST_PAGE}`));
  await expect(cards(page).last()).toHaveAttribute("data-out-of-stock", "true");
});

function discountOf(product: { price: number; was?: number }) {
  return product.was ? Math.round((1 - product.price / product.was) * 100) : 0;
}

test("the pager shows first, last and nearby pages, and a page past the end shows the last", async ({
  page,
}) => {
  await openCatalog(page);
  const pager = page.getByRole("navigation", { name: "Catalogue pages" });
  await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(pager.getByRole("link", { name: `Page ${LAST_PAGE}` })).toBeVisible();
  await expect(pager.getByRole("link", { name: "Page 3" })).toHaveCount(LAST_PAGE > 3 ? 0 : 1);

  await pager.getByRole("link", { name: "Go to next page" }).click();
  await expect(page).toHaveURL(/\/catalog\?page=2$/);
  await expect(results(page)).toContainText(`Showing 11–20 of ${TOTAL} products`);
  await expect(pager.getByRole("link", { name: "Page 3" })).toBeVisible();

  await page.goto("/catalog?page=999");
  const lastCount = TOTAL - (LAST_PAGE - 1) * 10;
  await expect(cards(page)).toHaveCount(lastCount);
  await expect(pager.getByRole("link", { name: `Page ${LAST_PAGE}` })).toHaveAttribute(
    "aria-current",
    "page",
  );

  for (const hostile of ["?page=-5", "?page=abc&sort=evil&brand=not-a-uuid"]) {
    const response = await page.goto(`/catalog${hostile}`);
    expect(response?.status()).toBe(200);
    await expect(results(page)).toContainText(`Showing 1–10 of ${TOTAL} products`);
  }
});

test("quick view opens from the keyboard with the product's details and returns focus", async ({ page }) => {
  const tape = TOOLS.find((p) => p.name === "Tape Measure 8m x 25mm")!;
  // The catalogue's HTML carries what its cards show: the quick view fetches the description.
  const html = await (await page.request.get("/catalog?q=Tape%20Measure")).text();
  expect(html).toContain(tape.short);
  expect(html).not.toContain(tape.description.slice(0, 60));
  await openCatalog(page, "?q=Tape%20Measure");
  const card = cards(page).first();
  const trigger = card.getByRole("button", { name: /Quick View/ });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Tape Measure 8m x 25mm" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Brand: Hauraki Pro Tools");
  await expect(dialog).toContainText("Category: Tools");
  await expect(dialog).toContainText("In Stock");
  await expect(dialog).toContainText("Contact for Price");
  await expect(dialog).toContainText(tape.description.slice(0, 60));
  await expect(dialog.getByRole("link", { name: /Enquire Now/ })).toHaveAttribute(
    "href",
    "/contact?subject=Product%20Information&product=Tape%20Measure%208m%20x%2025mm",
  );
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("Enquire Now goes to the contact form for that product", async ({ page }) => {
  await openCatalog(page, "?q=LVL");
  const link = cards(page)
    .first()
    .getByRole("link", { name: /Enquire Now/ });
  await expect(link).toHaveAttribute(
    "href",
    "/contact?subject=Product%20Information&product=LVL%20Beam%20240x45%206.0m",
  );
  await link.click();
  await expect(page).toHaveURL(
    /\/contact\?subject=Product%20Information&product=LVL%20Beam%20240x45%206\.0m$/,
  );
});

test("an Out of Stock product shows the overlay and a disabled Enquire Now", async ({ page }) => {
  await openCatalog(page, "?q=Mitre%20Saw");
  const card = cards(page).first();
  await expect(card.getByText("Out of Stock", { exact: true }).first()).toBeVisible();
  await expect(card).toHaveAttribute("data-out-of-stock", "true");
  await expect(card.getByRole("button", { name: "Enquire Now" })).toBeDisabled();
  await expect(card.getByRole("link", { name: /Enquire Now/ })).toHaveCount(0);
});

test("on a phone the filters slide in from a sheet, and the page passes axe", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openCatalog(page);
  await expect(filterPanel(page)).toBeHidden();
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole("button", { name: "Filters" }).click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  await expectNoAxeViolations(page);
  await sheet.getByLabel("Category").selectOption("Paint");
  await expect(page).toHaveURL(/category=Paint/);
  const count = inCategory("Paint").length;
  await sheet.getByRole("button", { name: `Show ${count} products` }).click();
  await expect(sheet).toBeHidden();
  await expect(cards(page)).toHaveCount(count);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form, search and pager work as plain links and forms", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/catalog?page=2");
    const panel = filterPanel(page);
    await expect(panel).toBeVisible();
    await panel.getByLabel("Category").selectOption("Insulation");
    await panel.getByLabel("In Stock Only").check();
    await panel.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/category=Insulation/);
    await expect(page).toHaveURL(/inStock=true/);
    await expect(page).not.toHaveURL(/page=/);
    const expected = inCategory("Insulation").filter((p) => stockStatusFor(p.stock) !== "Out of Stock");
    await expect(cards(page)).toHaveCount(expected.length);

    await panel.getByLabel("Brand").selectOption({ label: "Hauraki Pro Tools" });
    await panel.getByRole("button", { name: "Apply filters" }).click();
    await expect(panel.getByLabel("Category")).toHaveValue("Tools");

    const box = page.getByRole("searchbox", { name: "Search products" });
    await box.fill("saw");
    await box.press("Enter");
    await expect(page).toHaveURL(/q=saw/);
    await expect(page).toHaveURL(/category=Tools/);
    await expect(cardNames(page).filter({ hasText: "Circular Saw" })).toHaveCount(1);
    await expect(cardNames(page).filter({ hasText: "Mitre Saw" })).toHaveCount(0);

    await page.goto("/catalog");
    await page
      .getByRole("navigation", { name: "Catalogue pages" })
      .getByRole("link", { name: "Page 2" })
      .click();
    await expect(results(page)).toContainText(`Showing 11–20 of ${TOTAL} products`);
  });

  test("a search with a typo, typed in the box, brings the product first by best match", async ({ page }) => {
    await page.goto("/catalog");
    const box = page.getByRole("searchbox", { name: "Search products" });
    await box.fill("structral plywod");
    await box.press("Enter");
    await expect(page).toHaveURL(/q=structral/);
    await expect(cardNames(page).first()).toHaveText("H3.2 CD Structural Plywood 2400x1200x17mm");
    await expect(filterPanel(page).getByLabel("Sort by").locator("option:checked")).toHaveText("Best match");
  });
});
