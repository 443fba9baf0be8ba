// Catalogue search against a realistic catalogue (tests/fixtures/search/catalogue.json, 322
// products) and the queries builders type (relevance.json): the trade's forms, synonyms, typos
// (words only, never numbers), the spec's contains match kept, exact stock codes first, and the
// index kept by the commands that write products, brands and categories.
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, ne } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { toCatalogSearch } from "~/modules/products/catalog-params";
import { parseCatalogParams } from "~/modules/products/catalog-params.schema";
import { saveProduct } from "~/modules/products/commands.server";
import { getCatalogView, searchPublished } from "~/modules/products/queries.server";
import { PRODUCT_FORM_DEFAULTS, productIntentSchema } from "~/modules/products/schema";
import { backfillProductSearch } from "~/modules/search/commands.server";
import { saveBrand } from "~/modules/taxonomy/commands.server";
import { systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { brands, categories, productSearch, products } from "~/server/db/schema";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;
const SYSTEM = systemActor("search test");

type FixtureProduct = {
  name: string;
  sku: string;
  category: string;
  brand: string;
  shortDescription: string;
  description: string;
};
/** The products a query must bring first: all of them, or with anyOf one of them in the first three. */
type RelevanceCase = { query: string; expect: string[]; anyOf?: boolean; note?: string };

const fixtures = path.join(import.meta.dirname, "../fixtures/search");
const catalogue: FixtureProduct[] = JSON.parse(
  fs.readFileSync(path.join(fixtures, "catalogue.json"), "utf8"),
);
const relevance: { queries: RelevanceCase[] } = JSON.parse(
  fs.readFileSync(path.join(fixtures, "relevance.json"), "utf8"),
);

/** The names of the first page (ten products) of a catalogue search. */
async function firstPage(query: string) {
  const view = await getCatalogView(parseCatalogParams(new URLSearchParams(query)));
  return { names: view.products.map((p) => p.name), total: view.total, view };
}

/** The ids a search of the published catalogue finds, all of them (not a page). */
async function foundIds(q: string) {
  const { ids } = await searchPublished(q, {}, { order: "name", limit: 1_000_000, offset: 0 });
  return new Set(ids);
}

let brandIds: Map<string, string>;

beforeAll(async () => {
  const categoryNames = [...new Set(catalogue.map((p) => p.category))];
  const brandNames = [...new Set(catalogue.map((p) => p.brand))];
  const categoryRows = await db()
    .insert(categories)
    .values(categoryNames.map((name) => ({ name })))
    .returning({ id: categories.id, name: categories.name });
  const brandRows = await db()
    .insert(brands)
    .values(brandNames.map((name) => ({ name })))
    .returning({ id: brands.id, name: brands.name });
  const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));
  brandIds = new Map(brandRows.map((row) => [row.name, row.id]));
  // Written straight to the table, as a catalogue from before the index was: the start-up
  // backfill indexes them.
  await db()
    .insert(products)
    .values(
      catalogue.map((p) => ({
        name: p.name,
        sku: p.sku,
        shortDescription: p.shortDescription,
        description: p.description,
        price: 1000,
        categoryId: categoryIds.get(p.category),
        brandId: brandIds.get(p.brand),
        isPublished: true,
      })),
    );
  expect(await backfillProductSearch()).toBe(catalogue.length);
  expect(await backfillProductSearch()).toBe(0);
}, 60_000);

describe("the relevance set", () => {
  test("has at least 60 queries against at least 300 products", () => {
    expect(relevance.queries.length).toBeGreaterThanOrEqual(60);
    expect(catalogue.length).toBeGreaterThanOrEqual(300);
  });

  test("every query's products come first (within the first three, or as many as expected)", async () => {
    const misses: string[] = [];
    for (const { query, expect: wanted, anyOf } of relevance.queries) {
      const { names } = await firstPage(`q=${encodeURIComponent(query)}`);
      const top = names.slice(0, anyOf ? 3 : Math.max(3, wanted.length));
      const missing = wanted.filter((name) => !top.includes(name));
      const missed = anyOf ? missing.length === wanted.length : missing.length > 0;
      if (missed) misses.push(`"${query}": wanted ${missing.join(", ")}; got ${top.join(" | ")}`);
    }
    const share = (relevance.queries.length - misses.length) / relevance.queries.length;
    console.info(
      `relevance (${database.current.engine}): ${relevance.queries.length - misses.length}/${relevance.queries.length} queries (${(share * 100).toFixed(1)}%) have their products first`,
    );
    if (misses.length > 0) console.info(misses.join("\n"));
    expect(share).toBeGreaterThanOrEqual(RELEVANCE_FLOOR);
  }, 120_000);
});

/** The share of the relevance set's queries whose products must come first. */
const RELEVANCE_FLOOR = 0.95;

describe("matching", () => {
  test("a spaced dimension finds the joined form, and the same amounts in other units", async () => {
    const spaced = await foundIds("90 x 45");
    const named = await db().select({ id: products.id, name: products.name }).from(products);
    const ninetyByFortyFive = named.filter((row) => /(^|\s)90x45(\s|$)/.test(row.name));
    expect(ninetyByFortyFive.length).toBeGreaterThan(10);
    for (const row of ninetyByFortyFive) expect(spaced.has(row.id), row.name).toBe(true);
    const { names } = await firstPage("q=90+x+45mm+h3.2+4800mm");
    expect(names[0]).toMatch(/^Radiata Pine Framing 90x45 MSG\d+ H3\.2 4\.8m$/);
  });

  test("gib finds plasterboard that does not say GIB, through the synonyms", async () => {
    const other = await runCommand(
      saveProduct,
      SYSTEM,
      productIntentSchema.parse({
        ...PRODUCT_FORM_DEFAULTS,
        intent: "create",
        name: "Elephant Plasterboard 10mm 2400x1200",
        price: "20",
        isPublished: "on",
      }),
    );
    expect((await foundIds("gib 10mm")).has(other.id)).toBe(true);
    expect((await foundIds("gib")).has(other.id)).toBe(true);
    // Without the synonym nothing in its name, descriptions or code says "gib".
    const { names } = await firstPage("q=elephant");
    expect(names).toEqual(["Elephant Plasterboard 10mm 2400x1200"]);
  });

  test("one typo from five letters and two from nine find the word; shorter words need it right", async () => {
    expect((await firstPage("q=plasterbord")).names[0]).toMatch(/Plasterboard/);
    expect((await firstPage("q=plastrbord")).names[0]).toMatch(/Plasterboard/);
    expect((await firstPage("q=hamer+claw")).names[0]).toBe("Stanley Claw Hammer 20oz Fibreglass");
    // Under five letters a word is found as typed (or as the start of a word, when last).
    expect((await firstPage("q=nqil")).total).toBe(0);
    expect((await firstPage("q=nail")).total).toBeGreaterThan(0);
  });

  test("numbers, dimensions, measures, grades and codes are never fuzzed", async () => {
    for (const query of ["91x45", "msg9", "h3.3", "PLY-CD-18", "2401x1200", "r3.3"])
      expect((await firstPage(`q=${encodeURIComponent(query)}`)).total, query).toBe(0);
    const { names } = await firstPage("q=plywood+16mm");
    expect(names.filter((name) => name.includes("Plywood"))).toEqual([]);
  });

  test("everything the spec's contains match finds is still found", async () => {
    for (const q of ["ywoo", "45 MSG", "Grabber Screw 6g", "TF-9045", "ood for", "timber, H"]) {
      const lower = q.toLowerCase();
      const containing = await db()
        .select({ id: products.id, name: products.name, sku: products.sku })
        .from(products)
        .where(eq(products.isPublished, true));
      const rows = await db()
        .select({
          id: products.id,
          name: products.name,
          s: products.shortDescription,
          d: products.description,
        })
        .from(products);
      const expected = rows
        .filter((row) =>
          [row.name, row.s, row.d, containing.find((c) => c.id === row.id)?.sku].some((field) =>
            (field ?? "").toLowerCase().includes(lower),
          ),
        )
        .map((row) => row.id);
      expect(expected.length, q).toBeGreaterThan(0);
      const found = await foundIds(q);
      for (const id of expected) expect(found.has(id), q).toBe(true);
    }
  });

  test("any piece of three characters or more of a product's name or description finds it", async () => {
    const rows = await db()
      .select({ id: products.id, name: products.name, description: products.description })
      .from(products)
      .where(eq(products.isPublished, true));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: rows.length - 1 }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 3, max: 24 }),
        async (index, inDescription, at, length) => {
          const row = rows[index] as (typeof rows)[number];
          const text = (inDescription ? row.description : null) || row.name;
          const start = Math.floor(at * Math.max(0, text.length - length));
          const piece = text.slice(start, start + length);
          fc.pre(piece.trim().length >= 3);
          expect((await foundIds(piece)).has(row.id), JSON.stringify(piece)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  test("an exact stock code comes first", async () => {
    const { names } = await firstPage("q=TEK-12-65");
    expect(names[0]).toBe("Tek Screw Roofing 12g x 65mm Class 4 Hex");
  });

  test("filters and paging work with a search", async () => {
    const all = await firstPage("q=framing");
    expect(all.total).toBeGreaterThan(10);
    const second = await firstPage("q=framing&page=2");
    expect(second.names.some((name) => all.names.includes(name))).toBe(false);
    const brand = brandIds.get("Paslode") as string;
    const { names } = await firstPage(`q=framing&brand=${brand}`);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.includes("Paslode"))).toBe(true);
    const byCategory = await firstPage("q=galvanised&category=Hardware");
    expect(byCategory.view.products.every((p) => p.categoryName === "Hardware")).toBe(true);
  });
});

describe("the order", () => {
  test("best match is the order while searching, name without a search, and either can be chosen", async () => {
    expect(parseCatalogParams(new URLSearchParams("q=gib")).sort).toBe("relevance");
    expect(parseCatalogParams(new URLSearchParams("")).sort).toBe("name");
    expect(parseCatalogParams(new URLSearchParams("sort=relevance")).sort).toBe("name");
    expect(parseCatalogParams(new URLSearchParams("q=gib&sort=name")).sort).toBe("name");
    expect(toCatalogSearch({ q: "gib", sort: "relevance" })).toBe("?q=gib");
    expect(toCatalogSearch({ q: "gib", sort: "name" })).toBe("?q=gib&sort=name");
    expect(toCatalogSearch({ q: "", sort: "relevance" })).toBe("");
    const byName = await firstPage("q=gib+10mm&sort=name");
    expect(byName.names).toEqual(
      [...byName.names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });
});

describe("the index follows the catalogue's writes", () => {
  test("a product's new name finds it and its old name does not; deleting it removes its row", async () => {
    const created = await runCommand(
      saveProduct,
      SYSTEM,
      productIntentSchema.parse({
        ...PRODUCT_FORM_DEFAULTS,
        intent: "create",
        name: "Totara Sleeper 200x100",
        price: "50",
        isPublished: "on",
      }),
    );
    expect((await firstPage("q=totra+sleeper")).names[0]).toBe("Totara Sleeper 200x100");
    await runCommand(
      saveProduct,
      SYSTEM,
      productIntentSchema.parse({
        ...PRODUCT_FORM_DEFAULTS,
        intent: "update",
        id: created.id,
        name: "Rimu Sleeper 200x100",
        price: "50",
        isPublished: "on",
      }),
    );
    expect((await firstPage("q=rimu+200x100")).names[0]).toBe("Rimu Sleeper 200x100");
    expect((await foundIds("totara")).has(created.id)).toBe(false);
    await runCommand(saveProduct, SYSTEM, { intent: "delete", id: created.id });
    const left = await db().select().from(productSearch).where(eq(productSearch.productId, created.id));
    expect(left).toEqual([]);
  });

  test("a product unpublished, moved or sold out by any write leaves or joins the matching searches at once", async () => {
    const [target] = await db()
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.sku, "TEK-12-65"));
    const id = target?.id as string;
    expect((await foundIds("tek screw")).has(id)).toBe(true);
    // Written straight to the table, as a script or a bulk update would: no command refreshes the
    // search row, the table's trigger does.
    await db().update(products).set({ isPublished: false }).where(eq(products.id, id));
    expect((await foundIds("tek screw")).has(id)).toBe(false);
    expect((await firstPage("q=TEK-12-65")).names).not.toContain("Tek Screw Roofing 12g x 65mm Class 4 Hex");
    await db()
      .update(products)
      .set({ isPublished: true, stockStatus: "Out of Stock" })
      .where(eq(products.id, id));
    expect((await foundIds("tek screw")).has(id)).toBe(true);
    expect((await firstPage("q=tek+screw&inStock=on")).view.products.map((p) => p.id)).not.toContain(id);
    const [other] = await db()
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(ne(categories.id, target?.categoryId as string))
      .limit(1);
    await db()
      .update(products)
      .set({ stockStatus: "In Stock", categoryId: other?.id, name: "Tek Screw Roofing 12g x 65mm Moved" })
      .where(eq(products.id, id));
    const moved = await firstPage(`q=tek+screw&category=${encodeURIComponent(other?.name as string)}`);
    expect(moved.view.products.map((p) => p.id)).toContain(id);
    const [row] = await db()
      .select({ sortName: productSearch.sortName })
      .from(productSearch)
      .where(eq(productSearch.productId, id));
    expect(row?.sortName).toBe("tek screw roofing 12g x 65mm moved");
  });

  test("a product a script writes is found by the contains match at once, and by its new text after a change", async () => {
    // Written straight to the table: no command writes its search terms, so until the start-up
    // backfill runs only the contains match can find it.
    const [written] = await db()
      .insert(products)
      .values({
        name: "Kwila Decking Oil",
        shortDescription: "Penetrating oil for hardwood decks",
        description: "Water-repellent finish in Natural Kwila tone",
        sku: "KDO-4L",
        price: 1000,
        isPublished: true,
      })
      .returning({ id: products.id });
    const id = written?.id as string;
    expect((await foundIds("repellent FINISH")).has(id)).toBe(true);
    expect((await foundIds("kdo-4")).has(id)).toBe(true);
    expect((await firstPage("q=KDO-4L")).names[0]).toBe("Kwila Decking Oil");
    // The fields are matched one by one: text running on from the name into the description is
    // not in the product.
    expect((await foundIds("Decking Oil\u0001water")).has(id)).toBe(false);
    expect((await foundIds("Oil Water-repellent")).has(id)).toBe(false);
    await db()
      .update(products)
      .set({ description: "Oil-based finish, golden tone" })
      .where(eq(products.id, id));
    expect((await foundIds("repellent finish")).has(id)).toBe(false);
    expect((await foundIds("golden ton")).has(id)).toBe(true);
    expect(await backfillProductSearch()).toBe(1);
    expect((await firstPage("q=kwila+decking")).names[0]).toBe("Kwila Decking Oil");
  });

  test("a brand's new name finds its products", async () => {
    const id = brandIds.get("Earthwool") as string;
    await runCommand(saveBrand, SYSTEM, {
      intent: "update-brand",
      id,
      name: "Knauf Earthwool",
      description: null,
      logoUrl: null,
      isActive: true,
    });
    const found = await foundIds("knauf batts");
    const ofBrand = await db()
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.brandId, [id]));
    expect(ofBrand.length).toBeGreaterThan(0);
    for (const row of ofBrand) expect(found.has(row.id)).toBe(true);
  });
});
