// The quote builder's "Add a catalogue product" (GET /admin/quote-products?q=): the catalogue's
// search with drafts, best match first, each product as the line it adds (name, brand, stock
// code, unit of sale, price, no discount); staff who may quote only.
import { beforeAll, expect, test } from "vitest";
import { backfillProductSearch } from "~/modules/search/commands.server";
import { brands, products } from "~/server/db/schema";
import { pageRequest } from "../support/access";
import { cookieFor } from "../support/admin-action";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const app = createAppHandler();

beforeAll(async () => {
  const db = database.current.db;
  const [brand] = await db.insert(brands).values({ name: "Kauri Ridge Timber" }).returning({ id: brands.id });
  await db.insert(products).values([
    {
      name: "H3.2 Treated Pine 90x45 Framing 4.8m",
      sku: "KR-9045-48",
      unit: "length",
      price: 23.5,
      isPublished: true,
      brandId: brand?.id,
    },
    { name: "Standard Plasterboard 10mm 2400x1200", sku: "GB-10", price: 31, isPublished: true },
    { name: "Macrocarpa Dressed Board 150x25 3.0m", price: 41, isPublished: false },
  ]);
  await backfillProductSearch();
});

async function pick(q: string, role: "admin" | "sales" | null = "admin") {
  const cookie = role ? await cookieFor(role, "picker") : "";
  return app(pageRequest(`/admin/quote-products?q=${encodeURIComponent(q)}`, cookie));
}

test("a search in trade words offers the product as the line it adds", async () => {
  const response = await pick("90 x 45 h3.2");
  expect(response.status).toBe(200);
  const [first] = (await response.json()) as {
    label: string;
    detail: string;
    line: Record<string, string>;
  }[];
  expect(first?.label).toBe("H3.2 Treated Pine 90x45 Framing 4.8m");
  expect(first?.detail).toBe("KR-9045-48 · $23.50 / length");
  expect(first?.line).toMatchObject({
    description: "H3.2 Treated Pine 90x45 Framing 4.8m",
    brandName: "Kauri Ridge Timber",
    productSlug: "h3-2-treated-pine-90x45-framing-4-8m",
    sku: "KR-9045-48",
    quantityMilli: "1",
    unit: "length",
    unitPriceCents: "23.50",
    discountBasisPoints: "",
  });
});

test("drafts are offered and marked; a stock code and a typo find their product", async () => {
  const drafts = (await (await pick("macrocarpa")).json()) as { label: string; detail: string }[];
  expect(drafts.map((o) => o.label)).toEqual(["Macrocarpa Dressed Board 150x25 3.0m"]);
  expect(drafts[0]?.detail).toContain("Draft");
  expect(((await (await pick("gb-10")).json()) as { label: string }[])[0]?.label).toBe(
    "Standard Plasterboard 10mm 2400x1200",
  );
  expect(((await (await pick("plasterbord")).json()) as { label: string }[])[0]?.label).toBe(
    "Standard Plasterboard 10mm 2400x1200",
  );
  expect(await (await pick("p")).json()).toEqual([]);
});

test("anonymous visitors are sent to sign in; a query past the box's length is a 400", async () => {
  const anonymous = await pick("pine", null);
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
  expect((await pick("x".repeat(101))).status).toBe(400);
});
