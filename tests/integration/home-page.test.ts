// The home page's loader on a real database: every featured product, the category tiles' links and
// the brands we supply with their logos.
import { expect, test } from "vitest";
import { loader } from "~/routes/public/home";
import { brands, homeContent, products } from "~/server/db/schema";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

function minutesAgo(minutes: number) {
  return new Date(Date.now() - minutes * 60_000);
}

function loadHome() {
  return loader();
}

test("every published featured product is on the home page, newest first, with no limit", async () => {
  const featured = Array.from({ length: 9 }, (_, i) => ({
    name: `Featured ${i + 1}`,
    isFeatured: true,
    createdAt: minutesAgo(100 - i),
  }));
  await database.current.db
    .insert(products)
    .values([
      ...featured,
      { name: "Featured Draft", isFeatured: true, isPublished: false, createdAt: minutesAgo(1) },
      { name: "Plain Product", createdAt: minutesAgo(2) },
    ]);

  const home = await loadHome();
  const shown = await home.featuredProducts;
  expect(shown.map((product) => product.name)).toEqual(featured.map((product) => product.name).reverse());
});

test("a category tile without a link goes to /catalog; one with a link keeps it", async () => {
  await database.current.db.insert(homeContent).values([
    { sectionType: "categories", title: "Decking", displayOrder: 1 },
    { sectionType: "categories", title: "Roofing", linkUrl: "/catalog?category=Roofing", displayOrder: 2 },
    { sectionType: "categories", title: "Paint", linkUrl: "  ", displayOrder: 3 },
  ]);

  const { categories } = await loadHome();
  expect(categories.map((tile) => [tile.name, tile.linkUrl])).toEqual([
    ["Decking", "/catalog"],
    ["Roofing", "/catalog?category=Roofing"],
    ["Paint", "/catalog"],
  ]);
});

test("the brands we supply are the active brands by name, each with its logo", async () => {
  await database.current.db
    .insert(brands)
    .values([
      { name: "Tōtara Timber", logoUrl: "/files/media/totara-logo.png" },
      { name: "Alpine Roofing", logoUrl: "/files/media/alpine-logo.png" },
      { name: "No Logo Fixings" },
      { name: "Retired Paints", logoUrl: "/files/media/retired-logo.png", isActive: false },
    ]);

  const home = await loadHome();
  expect(home.brands.map(({ name, logoUrl }) => ({ name, logoUrl }))).toEqual([
    { name: "Alpine Roofing", logoUrl: "/files/media/alpine-logo.png" },
    { name: "No Logo Fixings", logoUrl: null },
    { name: "Tōtara Timber", logoUrl: "/files/media/totara-logo.png" },
  ]);
});
