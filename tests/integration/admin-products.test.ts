// Catalog Management through its route action and loader, as the browser posts them: what is
// stored, what the list shows, and what is refused (400, nothing written).
import { desc, eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { PAGE_SIZE } from "~/lib/list-params";
import type { Role } from "~/lib/vocabulary";
import { listAdminProducts } from "~/modules/products/admin.server";
import { PRODUCT_FORM_DEFAULTS } from "~/modules/products/schema";
import { action, loader } from "~/routes/admin/catalog";
import { brands, categories, products } from "~/server/db/schema";
import { readToast } from "~/server/toast.server";
import { type Outcome as ActionResult, cookieFor, settle } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

async function post(
  fields: Record<string, string>,
  options: { role?: Role; path?: string; body?: BodyInit } = {},
) {
  const cookie = await cookieFor(options.role ?? "admin");
  const body = options.body ?? new URLSearchParams(fields);
  const request = new Request(`http://localhost${options.path ?? "/admin/catalog"}`, {
    method: "POST",
    headers: { cookie },
    body,
  });
  return settle(() => action({ request, params: {}, context: {} } as never));
}

/** The title of the one-time toast the response sets, as the root loader will read it. */
async function toastOf(result: ActionResult) {
  const pair = result.setCookie.split(";")[0] ?? "";
  const { toast } = await readToast(new Request("http://localhost/", { headers: { cookie: pair } }));
  return toast?.title ?? "";
}

function form(overrides: Record<string, string>) {
  return { ...PRODUCT_FORM_DEFAULTS, intent: "create", ...overrides };
}

async function stored(name: string) {
  const [row] = await database.current.db.select().from(products).where(eq(products.name, name));
  return row;
}

test("Add Product with the form's defaults stores price 0, stock 0, In Stock, published, not featured", async () => {
  const result = await post(form({ name: "Pine framing 90x45" }));
  expect(result.status).toBe(302);
  expect(result.location).toBe("/admin/catalog");
  expect(await toastOf(result)).toContain("Product created successfully");
  expect(await stored("Pine framing 90x45")).toMatchObject({
    price: 0,
    originalPrice: null,
    discountPercentage: 0,
    stockQuantity: 0,
    stockStatus: "In Stock",
    isPublished: true,
    isFeatured: false,
    categoryId: null,
    brandId: null,
    imageUrl: null,
  });
});

test("non-numeric numbers become 0, decimals round to the cent, whole numbers drop their fraction", async () => {
  await post(
    form({
      name: "Odd numbers",
      price: "abc",
      originalPrice: "12.345",
      discountPercentage: "x",
      stockQuantity: "7.9",
    }),
  );
  expect(await stored("Odd numbers")).toMatchObject({
    price: 0,
    originalPrice: 12.35,
    discountPercentage: 0,
    stockQuantity: 7,
  });
  await post(form({ name: "Leading digits", price: "19.99 incl GST", stockQuantity: "" }));
  expect(await stored("Leading digits")).toMatchObject({ price: 19.99, stockQuantity: 0 });
  // A post with the two required fields alone (no other field at all) is as valid as an empty form.
  expect((await post({ intent: "create", name: "Name only", price: "0" })).status).toBe(302);
  expect(await stored("Name only")).toMatchObject({
    price: 0,
    originalPrice: null,
    discountPercentage: 0,
    stockQuantity: 0,
  });
});

test("out-of-range numbers, a missing name and a blank price are refused with messages, and nothing is written", async () => {
  const before = await database.current.db.$count(products);
  const cases: [Record<string, string>, string, string][] = [
    [
      { name: "Too much off", discountPercentage: "150" },
      "discountPercentage",
      "Discount percentage must be between 0 and 100",
    ],
    [{ name: "Negative stock", stockQuantity: "-1" }, "stockQuantity", "Stock quantity cannot be negative"],
    [{ name: "Negative price", price: "-3" }, "price", "Price cannot be negative"],
    [{ name: "   " }, "name", "Product name is required"],
    // Price is required: a blank price is refused, not saved as 0.00.
    [{ name: "Blank price", price: "" }, "price", "Price is required"],
    [{ name: "Spaces for a price", price: "   " }, "price", "Price is required"],
    [{ name: "Bad status", stockStatus: "Plenty" }, "stockStatus", "Please choose a stock status"],
  ];
  for (const [fields, field, message] of cases) {
    const result = await post(form(fields));
    expect(result.status).toBe(400);
    const body = result.body as { result: { error: Record<string, string[]> } };
    expect(body.result.error[field]).toContain(message);
  }
  expect(await database.current.db.$count(products)).toBe(before);
});

test("empty category and brand are saved as null; a category of another type is refused", async () => {
  const [timber] = await database.current.db
    .insert(categories)
    .values({ name: "Timber", type: "products" })
    .returning();
  const [other] = await database.current.db
    .insert(categories)
    .values({ name: "Decks", type: "case_studies" })
    .returning();
  const [brand] = await database.current.db.insert(brands).values({ name: "Carter Holt" }).returning();
  await post(form({ name: "Uncategorised", categoryId: "", brandId: "" }));
  expect(await stored("Uncategorised")).toMatchObject({ categoryId: null, brandId: null });
  await post(form({ name: "Categorised", categoryId: timber?.id ?? "", brandId: brand?.id ?? "" }));
  expect(await stored("Categorised")).toMatchObject({ categoryId: timber?.id, brandId: brand?.id });
  const refused = await post(form({ name: "Wrong type", categoryId: other?.id ?? "" }));
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ error: { title: "Failed to save product" } });
  expect(await stored("Wrong type")).toBeUndefined();
});

test("update changes the stored product and delete removes it, each with its toast", async () => {
  await post(form({ name: "Roofing screws" }));
  const row = await stored("Roofing screws");
  const updated = await post(
    form({
      intent: "update",
      id: row?.id ?? "",
      name: "Roofing screws 12g",
      price: "45.5",
      isPublished: "",
      isFeatured: "on",
    }),
    { path: "/admin/catalog?q=roof&page=1" },
  );
  expect(updated.location).toBe("/admin/catalog?q=roof&page=1");
  expect(await toastOf(updated)).toContain("Product updated successfully");
  expect(await stored("Roofing screws 12g")).toMatchObject({
    price: 45.5,
    isPublished: false,
    isFeatured: true,
  });

  const deleted = await post({ intent: "delete", id: row?.id ?? "" });
  expect(await toastOf(deleted)).toContain("Product deleted successfully");
  expect(await stored("Roofing screws 12g")).toBeUndefined();

  const again = await post({ intent: "delete", id: row?.id ?? "" });
  expect(again.status).toBe(400);
  expect(again.body).toMatchObject({
    error: { title: "Failed to delete product", description: "This product no longer exists." },
  });
});

test("search is a case-insensitive contains over name, description and short description", async () => {
  await database.current.db.insert(products).values([
    { name: "Macrocarpa sleeper", description: "Naturally durable" },
    { name: "Plain board", description: "Kiln dried MACROCARPA offcut" },
    { name: "Other board", shortDescription: "Cut from macrocarpa" },
    { name: "Discount 50% pack", description: "half price" },
    { name: "Discount 50 pack", description: "not a percent" },
  ]);
  const names = async (q: string) => (await listAdminProducts({ page: 1, q })).rows.map((r) => r.name).sort();
  expect(await names("macroCARPA")).toEqual(["Macrocarpa sleeper", "Other board", "Plain board"]);
  expect(await names("50%")).toEqual(["Discount 50% pack"]);
  expect(await names("_")).toEqual([]);
});

test("search finds a product by its stock code, whole or in part, in any case", async () => {
  await database.current.db.insert(products).values([
    { name: "Plasterboard 10mm", sku: "GIB10-2400", unit: "sheet" },
    { name: "Plasterboard 13mm", sku: "GIB13-2400", unit: "sheet" },
    { name: "Unrelated", description: "No code here" },
  ]);
  const names = async (q: string) => (await listAdminProducts({ page: 1, q })).rows.map((r) => r.name).sort();
  expect(await names("gib10-2400")).toEqual(["Plasterboard 10mm"]);
  expect(await names("-2400")).toEqual(["Plasterboard 10mm", "Plasterboard 13mm"]);
  const [row] = (await listAdminProducts({ page: 1, q: "GIB13" })).rows;
  expect(row).toMatchObject({ sku: "GIB13-2400", unit: "sheet" });
});

test("pages hold 10 products newest first with the exact total; a page past the end shows the last", async () => {
  await database.current.db.delete(products);
  const start = Date.now() - 100_000;
  await database.current.db.insert(products).values(
    Array.from({ length: 23 }, (_, i) => ({
      name: `Paged ${String(i).padStart(2, "0")}`,
      createdAt: new Date(start + i * 1000),
    })),
  );
  const first = await listAdminProducts({ page: 1, q: "" });
  expect(first).toMatchObject({ total: 23, page: 1, pageCount: 3 });
  expect(first.rows).toHaveLength(PAGE_SIZE);
  expect(first.rows[0]?.name).toBe("Paged 22");
  const last = await listAdminProducts({ page: 3, q: "" });
  expect(last.rows.map((r) => r.name)).toEqual(["Paged 02", "Paged 01", "Paged 00"]);
  expect(await listAdminProducts({ page: 9, q: "" })).toMatchObject({ page: 3, pageCount: 3 });
  expect((await listAdminProducts({ page: 1, q: "nothing like this" })).pageCount).toBe(1);

  const cookie = await cookieFor("sales");
  const request = new Request("http://localhost/admin/catalog?page=2&q=paged", { headers: { cookie } });
  const data = (await loader({ request, params: {}, context: {} } as never)) as {
    rows: { price: number }[];
    total: number;
  };
  expect(data.total).toBe(23);
  expect(data.rows).toHaveLength(10);
  expect(data.rows[0]).toHaveProperty("price");
});

test("a large catalogue: a search counts to 1,000 and a list past 10,000 is estimated, each said above the table", async () => {
  await database.current.db.delete(products);
  await database.current.db.execute(
    sql`insert into products (name, short_description, created_at)
        select 'Bulk ' || g, case when g % 8 = 0 then 'Coastal grade' end, now() - make_interval(secs => g)
        from generate_series(1, 10050) g`,
  );
  await database.current.db.execute(sql`analyze products`);
  const cookie = await cookieFor("admin");
  const open = async (query: string) =>
    (await loader({
      request: new Request(`http://localhost/admin/catalog${query}`, { headers: { cookie } }),
      params: {},
      context: {},
    } as never)) as { rows: { name: string }[]; total: number; pageCount: number; totalNote: string | null };

  // 1,256 products match "coastal": the newest 1,000 are paged.
  const searched = await open("?q=coastal");
  expect(searched).toMatchObject({ total: 1000, pageCount: 100 });
  expect(searched.rows[0]?.name).toBe("Bulk 8");
  expect(searched.totalNote).toBe(
    "More than 1,000 products match; the newest 1,000 are listed. Add words to narrow the search.",
  );
  expect((await open("?q=coastal&page=100")).rows.at(-1)?.name).toBe("Bulk 8000");
  // A search under the cap is counted exactly and says nothing more.
  expect(await open("?q=Bulk 1005")).toMatchObject({ total: 2, totalNote: null });

  const listed = await open("");
  expect(listed.total).toBeGreaterThan(10_000);
  expect(Math.abs(listed.total - 10_050)).toBeLessThan(500);
  expect(listed.totalNote).toBe(
    `About ${listed.total.toLocaleString("en-NZ")} products: past 10,000 the total is estimated.`,
  );
  expect(listed.rows[0]?.name).toBe("Bulk 1");
  expect((await open("?page=1005")).rows.map((r) => r.name)).toEqual(
    Array.from({ length: 10 }, (_, i) => `Bulk ${10041 + i}`),
  );
});

test("a user without a staff role is refused (403) and nothing is written; sales may create", async () => {
  const refused = await post(form({ name: "Sneaky" }), { role: "user" });
  expect(refused.status).toBe(403);
  expect(await stored("Sneaky")).toBeUndefined();
  const allowed = await post(form({ name: "From sales" }), { role: "sales" });
  expect(allowed.status).toBe(302);
  expect(await stored("From sales")).toBeDefined();
});

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Uint8Array }) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append("imageFile", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return body;
}

test("an uploaded image is stored under its real type and becomes the product's image", async () => {
  const result = await post(
    {},
    {
      body: multipart(form({ name: "With photo" }), {
        name: "photo.jpeg",
        type: "image/jpeg",
        bytes: PNG_1X1,
      }),
    },
  );
  expect(result.status).toBe(302);
  const row = await stored("With photo");
  expect(row?.imageUrl).toMatch(/^\/files\/media\/\d{13}-[0-9a-f]{16}\.png$/);
});

test("a file that is not an image is refused with the upload message, and nothing is written", async () => {
  const result = await post(
    {},
    {
      body: multipart(form({ name: "Fake photo" }), {
        name: "photo.png",
        type: "image/png",
        bytes: new TextEncoder().encode("<html>not an image</html>"),
      }),
    },
  );
  expect(result.status).toBe(400);
  expect(result.body).toMatchObject({
    error: { title: "Failed to upload image", description: "Please upload an image file" },
    result: { error: { imageUrl: ["Please upload an image file"] } },
  });
  expect(await stored("Fake photo")).toBeUndefined();
  const latest = await database.current.db.select().from(products).orderBy(desc(products.createdAt)).limit(1);
  expect(latest[0]?.name).not.toBe("Fake photo");
});
