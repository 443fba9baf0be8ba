// Help when a catalogue search's words miss, against the search fixture catalogue (322 products):
// "Did you mean …" from the catalogue's own words, the zero-result page's categories, the same
// search without its filters, and "Ask us for it" reaching a prefilled contact form.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { parseCatalogParams } from "~/modules/products/catalog-params.schema";
import { getCatalogView } from "~/modules/products/queries.server";
import { backfillProductSearch } from "~/modules/search/commands.server";
import { brands, categories, products } from "~/server/db/schema";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;
const app = createAppHandler();

type FixtureProduct = {
  name: string;
  sku: string;
  category: string;
  brand: string;
  shortDescription: string;
  description: string;
};
const catalogue: FixtureProduct[] = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "../fixtures/search/catalogue.json"), "utf8"),
);

function view(query: string) {
  return getCatalogView(parseCatalogParams(new URLSearchParams(query)));
}

async function page(url: string) {
  const response = await app(new Request(`http://localhost${url}`));
  expect(response.status).toBe(200);
  return response.text();
}

/** The HTML with entities decoded and React's text separators dropped. */
function decode(html: string) {
  return html
    .replaceAll("<!-- -->", "")
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'");
}

beforeAll(async () => {
  const categoryRows = await db()
    .insert(categories)
    .values([...new Set(catalogue.map((p) => p.category))].map((name) => ({ name })))
    .returning({ id: categories.id, name: categories.name });
  const brandRows = await db()
    .insert(brands)
    .values([...new Set(catalogue.map((p) => p.brand))].map((name) => ({ name })))
    .returning({ id: brands.id, name: brands.name });
  const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));
  const brandIds = new Map(brandRows.map((row) => [row.name, row.id]));
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
  await backfillProductSearch();
}, 60_000);

test("a misspelling beyond the search's own typo reach finds nothing, and the catalogue's word is suggested", async () => {
  const missed = await view("q=insulashun");
  expect(missed.total).toBe(0);
  const insulation = await view("q=insulation");
  expect(insulation.total).toBeGreaterThan(0);
  expect(missed.suggestion).toEqual({ q: "insulation", total: insulation.total });
  // The rest of the query is kept as typed; the suggestion counts with the same filters.
  const filtered = await view("q=pink+insulashun&category=Insulation");
  expect(filtered.suggestion?.q).toBe("pink insulation");
  expect(filtered.suggestion?.total).toBe((await view("q=pink+insulation&category=Insulation")).total);
});

test("no suggestion when the search finds enough, when its words are the catalogue's, or when the fix finds no more", async () => {
  expect((await view("q=decking")).suggestion).toBeNull();
  // "xyzzyq" is near no catalogue word.
  expect((await view("q=xyzzyq")).suggestion).toBeNull();
  // "insulation" finds nothing among the fencing, so "insulashun" gets no suggestion there.
  expect((await view("q=insulashun&category=Fencing+%26+Landscaping")).suggestion).toBeNull();
});

test("the page says 'Did you mean' with a link to the same view, corrected, without JavaScript", async () => {
  const html = decode(await page("/catalog?q=insulashun&inStock=true"));
  expect(html).toContain('data-testid="did-you-mean"');
  expect(html).toMatch(
    /Did you mean <a [^>]*href="\/catalog\?q=insulation&inStock=true"[^>]*>insulation<\/a>/,
  );
});

test("a search that found nothing suggests the categories its words lead to, most products first", async () => {
  const none = await view("q=decking+xyzzyq");
  expect(none.total).toBe(0);
  const names = none.help?.categories.map((c) => c.name) ?? [];
  expect(names[0]).toBe("Decking");
  expect(names.length).toBeLessThanOrEqual(4);
  // Without filters there is nothing to search without them.
  expect(none.help?.unfiltered).toBeNull();
  // A search that found something needs no help.
  expect((await view("q=decking")).help).toBeNull();
});

test("with filters, a search that found nothing offers the same search across all products", async () => {
  const decking = await view("q=decking");
  const filtered = await view("q=decking&category=Insulation&inStock=true");
  expect(filtered.total).toBe(0);
  expect(filtered.help?.unfiltered).toBe(decking.total);
  const html = decode(await page("/catalog?q=decking&category=Insulation"));
  expect(html).toContain("No products found");
  expect(html).toMatch(/<a [^>]*href="\/catalog\?q=decking"[^>]*>Search all products for “decking”<\/a>/);
  expect(html).toContain('href="/catalog?category=Decking"');
});

test("'Ask us for it' opens the contact form with the search in its message, prefilled on the server", async () => {
  const html = decode(await page("/catalog?q=decking+xyzzyq"));
  const href = /<a [^>]*href="(\/contact\?[^"]+)"[^>]*>Ask us for it<\/a>/.exec(html)?.[1];
  expect(href).toBeDefined();
  const contact = decode(await page(href as string));
  expect(contact).toMatch(
    /<textarea[^>]*name="message"[^>]*>I'm looking for "decking xyzzyq" and couldn't find it in the catalogue\. Can you help\?<\/textarea>/,
  );
  expect(contact).toMatch(/<option value="Product Information" selected="">/);
});

test("a prefilled message is capped and loses its control characters", async () => {
  const long = `${"a".repeat(600)}\u0007`;
  const contact = decode(await page(`/contact?message=${encodeURIComponent(`hi\u0000 there ${long}`)}`));
  const message = /<textarea[^>]*name="message"[^>]*>([^<]*)<\/textarea>/.exec(contact)?.[1] ?? "";
  expect(message.startsWith("hi there a")).toBe(true);
  expect(message).toHaveLength(500);
});
