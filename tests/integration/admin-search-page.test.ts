// Searching an admin list keeps its page, except on the brands and categories lists, which return
// to page 1: "Searching returns to page 1 only for brands and categories." The search box is a GET
// form, so what it keeps is the hidden fields it carries, read here from the page's HTML.
import { beforeAll, expect, test } from "vitest";
import { brands, categories, products } from "~/server/db/schema";
import { pageRequest } from "../support/access";
import { cookieFor } from "../support/admin-action";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const app = createAppHandler();

beforeAll(async () => {
  const db = database.current.db;
  const twelve = Array.from({ length: 12 }, (_, n) => n + 1);
  await db.insert(products).values(twelve.map((n) => ({ name: `Paged product ${n}`, price: n })));
  await db.insert(brands).values(twelve.map((n) => ({ name: `Paged brand ${n}` })));
  await db
    .insert(categories)
    .values(twelve.map((n) => ({ name: `Paged category ${n}`, type: "products" as const })));
});

/** The hidden fields of the page's search form, as name=value. */
async function searchFormFields(url: string) {
  const response = await app(pageRequest(url, await cookieFor("admin", "search")));
  expect(response.status, url).toBe(200);
  const html = await response.text();
  const form = /<form[^>]*role="search"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1];
  if (!form) throw new Error(`no search form on ${url}`);
  return [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
    (m) => `${m[1]}=${m[2]}`,
  );
}

test("searching the catalogue and the users keeps the page", async () => {
  expect(await searchFormFields("/admin/catalog?page=2")).toContain("page=2");
  expect(await searchFormFields("/admin/users?page=1")).not.toContain("page=1");
  expect(await searchFormFields("/admin/catalog")).toEqual([]);
});

test("searching brands and categories returns to page 1", async () => {
  const brandFields = await searchFormFields("/admin/settings?tab=brands&page=2");
  expect(brandFields).toContain("tab=brands");
  expect(brandFields.some((field) => field.startsWith("page="))).toBe(false);
  const categoryFields = await searchFormFields("/admin/settings?tab=categories&page=2");
  expect(categoryFields.some((field) => field.startsWith("page="))).toBe(false);
});
