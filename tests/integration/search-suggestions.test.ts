// The catalogue search box's suggestions (GET /search/suggestions?q=): the published products the
// catalogue's search brings first, best first, with their category and picture; the categories
// the words name or those products are in; nothing for fewer than two characters; drafts never;
// a query past the search box's length is a 400, never a 500.
import { beforeAll, expect, test } from "vitest";
import { backfillProductSearch } from "~/modules/search/commands.server";
import { categories, products } from "~/server/db/schema";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const app = createAppHandler();

beforeAll(async () => {
  const db = database.current.db;
  const [timber, sheets, hidden] = await db
    .insert(categories)
    .values([{ name: "Timber" }, { name: "Sheet Materials" }, { name: "Timber Offcuts", isActive: false }])
    .returning({ id: categories.id });
  await db.insert(products).values([
    {
      name: "H3.2 Treated Pine 90x45 Framing 4.8m",
      price: 1,
      isPublished: true,
      categoryId: timber?.id,
      imageUrl: "/files/products/pine.jpg",
    },
    { name: "H1.2 Kiln-Dried Pine 90x45 Framing 2.4m", price: 1, isPublished: true, categoryId: timber?.id },
    { name: "Pine Offcut Bundle", price: 1, isPublished: true, categoryId: hidden?.id },
    { name: "Standard Plasterboard 10mm 2400x1200", price: 1, isPublished: true, categoryId: sheets?.id },
    { name: "Draft Pine Lining Board", price: 1, isPublished: false, categoryId: timber?.id },
  ]);
  await backfillProductSearch();
});

async function suggest(q: string) {
  const response = await app(new Request(`http://localhost/search/suggestions?q=${encodeURIComponent(q)}`));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test("the products the search brings first, with category and picture, and the categories they are in", async () => {
  const { status, body } = await suggest("90 x 45 pine");
  expect(status).toBe(200);
  expect(body).toEqual({
    products: [
      {
        name: "H1.2 Kiln-Dried Pine 90x45 Framing 2.4m",
        slug: "h1-2-kiln-dried-pine-90x45-framing-2-4m",
        category: "Timber",
        picture: null,
      },
      {
        name: "H3.2 Treated Pine 90x45 Framing 4.8m",
        slug: "h3-2-treated-pine-90x45-framing-4-8m",
        category: "Timber",
        picture: "/files/products/pine.jpg",
      },
    ],
    categories: ["Timber"],
  });
});

test("a category the words name comes first; an inactive one and a draft never show", async () => {
  const { body } = await suggest("timber");
  expect(body.categories).toEqual(["Timber"]);
  const pine = await suggest("pine");
  const names = (pine.body.products as { name: string }[]).map((p) => p.name);
  expect(names).not.toContain("Draft Pine Lining Board");
  expect(names).toContain("Pine Offcut Bundle");
  expect(pine.body.categories).toEqual(["Timber"]);
});

test("trade words and typos work as in the catalogue; under two characters asks for nothing", async () => {
  expect(((await suggest("gib")).body.products as { name: string }[]).map((p) => p.name)).toEqual([
    "Standard Plasterboard 10mm 2400x1200",
  ]);
  expect(((await suggest("plasterbord")).body.products as { name: string }[]).map((p) => p.name)).toEqual([
    "Standard Plasterboard 10mm 2400x1200",
  ]);
  expect((await suggest("p")).body).toEqual({ products: [], categories: [] });
  expect((await suggest("   ")).body).toEqual({ products: [], categories: [] });
});

test("a query longer than the search box takes is a 400; hostile text is a normal answer", async () => {
  expect((await suggest("x".repeat(101))).status).toBe(400);
  for (const q of ["%_\\", "'; drop table products; --", "\u0000pine", "<script>"]) {
    expect((await suggest(q)).status, q).toBe(200);
  }
});
