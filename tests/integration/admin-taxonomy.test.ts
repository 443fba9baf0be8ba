import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import type { Role } from "~/lib/vocabulary";
import { listBrands, listCategories } from "~/modules/taxonomy/admin.server";
import { describeDeleteImpact } from "~/modules/taxonomy/schema";
import { action, loader } from "~/routes/admin/settings";
import { brands, caseStudies, categories, products, siteSettings } from "~/server/db/schema";
import { readToast } from "~/server/toast.server";
import { cookieFor } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

function db() {
  return database.current.db;
}

/** A new signed-in user of the role (a fresh account each call). */
function signedIn(role: Role) {
  return cookieFor(role, Math.random().toString(36).slice(2));
}

let adminCookie: string | undefined;
async function admin() {
  adminCookie ??= await signedIn("admin");
  return adminCookie;
}

async function post(fields: Record<string, string>, search = "", cookie?: string) {
  const request = new Request(`http://localhost/admin/settings${search}`, {
    method: "POST",
    headers: { cookie: cookie ?? (await admin()), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return settle(action({ request, params: {}, context: {} } as never));
}

/** A Response (redirect) or React Router's data() answer, as status + body + toast. */
async function settle(promise: Promise<unknown>) {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const cookie = outcome.headers.get("set-cookie")?.split(";")[0] ?? "";
    const { toast } = await readToast(new Request("http://localhost/", { headers: { cookie } }));
    return { status: outcome.status, location: outcome.headers.get("location"), toast, body: null as never };
  }
  const result = outcome as { data: Record<string, unknown>; init?: { status?: number } };
  return { status: result.init?.status ?? 200, location: null, toast: null, body: result.data as never };
}

type FailureBody = {
  result: { error?: Record<string, string[]> };
  error?: { title: string; description?: string };
};

async function load(search: string, cookie?: string) {
  const request = new Request(`http://localhost/admin/settings${search}`, {
    headers: { cookie: cookie ?? (await admin()) },
  });
  return loader({ request, params: {}, context: {} } as never);
}

async function brandNamed(name: string) {
  const [row] = await db().select().from(brands).where(eq(brands.name, name));
  return row;
}

test("an admin creates a brand: stored active, with the spec's toast", async () => {
  const answer = await post({ intent: "create-brand", name: "  Carter Holt  ", description: "Timber mills" });
  expect(answer.status).toBe(302);
  expect(answer.toast?.title).toBe("Brand created successfully");
  expect(await brandNamed("Carter Holt")).toMatchObject({
    description: "Timber mills",
    isActive: true,
    logoUrl: null,
  });
});

test("a brand needs a name; nothing is written without one", async () => {
  const before = await db().select().from(brands);
  const answer = await post({ intent: "create-brand", name: "   " });
  expect(answer.status).toBe(400);
  expect((answer.body as FailureBody).result.error?.name).toEqual(["Brand name is required"]);
  expect(await db().select().from(brands)).toHaveLength(before.length);
});

test("a duplicate brand name, in any case, is a 400 with a clear message", async () => {
  await post({ intent: "create-brand", name: "Resene" });
  const answer = await post({ intent: "create-brand", name: "RESENE" });
  expect(answer.status).toBe(400);
  const body = answer.body as FailureBody;
  expect(body.error).toEqual({
    title: "Failed to save brand",
    description: 'A brand named "RESENE" already exists.',
  });
  expect(body.result.error?.[""]).toEqual(['A brand named "RESENE" already exists.']);
});

test("an admin edits a brand, switches it off and deletes it", async () => {
  await post({ intent: "create-brand", name: "Pryda" });
  const brand = await brandNamed("Pryda");
  if (!brand) throw new Error("not created");
  const updated = await post({
    intent: "update-brand",
    id: brand.id,
    name: "Pryda NZ",
    logoUrl: "https://example.com/pryda.png",
    isActive: "on",
  });
  expect(updated.toast?.title).toBe("Brand updated successfully");
  expect(await brandNamed("Pryda NZ")).toMatchObject({
    logoUrl: "https://example.com/pryda.png",
    isActive: true,
  });

  await post({ intent: "toggle-brand", id: brand.id });
  expect((await brandNamed("Pryda NZ"))?.isActive).toBe(false);
  await post({ intent: "toggle-brand", id: brand.id, isActive: "on" });
  expect((await brandNamed("Pryda NZ"))?.isActive).toBe(true);

  const deleted = await post({ intent: "delete-brand", id: brand.id });
  expect(deleted.toast?.title).toBe("Brand deleted successfully");
  expect(await brandNamed("Pryda NZ")).toBeUndefined();
  const again = await post({ intent: "delete-brand", id: brand.id });
  expect(again.status).toBe(400);
  expect((again.body as FailureBody).error?.title).toBe("Failed to delete brand");
});

test("a logo URL must be a web address", async () => {
  const answer = await post({ intent: "create-brand", name: "Sneaky", logoUrl: "javascript:alert(1)" });
  expect(answer.status).toBe(400);
  expect((answer.body as FailureBody).result.error?.logoUrl).toEqual(["Please enter a valid logo URL"]);
});

test("a logo can be uploaded as an image file, and a non-image is refused", async () => {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  async function upload(name: string, file: Blob, fileName: string) {
    const form = new FormData();
    form.set("intent", "create-brand");
    form.set("name", name);
    form.set("logoFile", file, fileName);
    const request = new Request("http://localhost/admin/settings", {
      method: "POST",
      headers: { cookie: await admin() },
      body: form,
    });
    return settle(action({ request, params: {}, context: {} } as never));
  }
  const ok = await upload("Logo Co", new Blob([png], { type: "image/png" }), "logo.png");
  expect(ok.status).toBe(302);
  expect((await brandNamed("Logo Co"))?.logoUrl).toMatch(/^\/files\/media\/\d{13}-[0-9a-f]{16}\.png$/);

  const bad = await upload("Not A Logo", new Blob(["just text"], { type: "image/png" }), "logo.png");
  expect(bad.status).toBe(400);
  expect((bad.body as FailureBody).error).toEqual({
    title: "Failed to upload image",
    description: "Please upload an image file",
  });
  expect(await brandNamed("Not A Logo")).toBeUndefined();
});

test("deleting a brand that products use leaves them without a brand, after saying how many", async () => {
  const [brand] = await db().insert(brands).values({ name: "GIB" }).returning();
  if (!brand) throw new Error("not created");
  await db()
    .insert(products)
    .values([1, 2, 3].map((n) => ({ name: `GIB board ${n}`, brandId: brand.id })));
  const list = await listBrands({ page: 1, q: "GIB" });
  const row = list.rows.find((r) => r.id === brand.id);
  expect(row?.productCount).toBe(3);
  expect(describeDeleteImpact("brand", { products: 3, caseStudies: 0, certifications: 0 })).toBe(
    "3 products use this brand; they will be left without a brand.",
  );
  expect(describeDeleteImpact("brand", { products: 1, caseStudies: 0, certifications: 0 })).toBe(
    "1 product uses this brand; it will be left without a brand.",
  );

  const answer = await post({ intent: "delete-brand", id: brand.id });
  expect(answer.toast?.title).toBe("Brand deleted successfully");
  const left = await db().select().from(products).where(sql`${products.name} like 'GIB board %'`);
  expect(left).toHaveLength(3);
  expect(left.every((p) => p.brandId === null)).toBe(true);
});

test("brands are paged by 10, newest first, with the exact total; search finds name or description", async () => {
  await db().delete(brands);
  const base = Date.now();
  await db()
    .insert(brands)
    .values(
      Array.from({ length: 23 }, (_, i) => ({
        name: `Brand ${String(i + 1).padStart(2, "0")}`,
        description: i % 5 === 0 ? "Makes fasteners" : null,
        createdAt: new Date(base - (23 - i) * 1000),
      })),
    );
  const first = await listBrands({ page: 1, q: "" });
  expect(first).toMatchObject({ total: 23, page: 1, pageCount: 3 });
  expect(first.rows.map((r) => r.name).slice(0, 2)).toEqual(["Brand 23", "Brand 22"]);
  const last = await listBrands({ page: 3, q: "" });
  expect(last.rows.map((r) => r.name)).toEqual(["Brand 03", "Brand 02", "Brand 01"]);
  expect((await listBrands({ page: 9, q: "" })).page).toBe(3);

  const searched = await listBrands({ page: 1, q: "FASTENER" });
  expect(searched.total).toBe(5);
  expect((await listBrands({ page: 1, q: "brand 1" })).total).toBe(10);
  expect((await listBrands({ page: 1, q: "100%" })).total).toBe(0);

  // The page the admin sees: a search link starts on page 1.
  const data = (await load("?tab=brands&q=fasteners&page=1")) as {
    brands: { total: number; rows: unknown[] };
  };
  expect(data.brands.total).toBe(5);
});

test("categories: create with a type, same name allowed in another type, duplicate within a type refused", async () => {
  const created = await post({
    intent: "create-category",
    name: "Decking",
    type: "products",
    isActive: "on",
  });
  expect(created.toast?.title).toBe("Category created successfully");
  expect((await post({ intent: "create-category", name: "decking", type: "case_studies" })).status).toBe(302);
  const duplicate = await post({ intent: "create-category", name: "DECKING", type: "products" });
  expect(duplicate.status).toBe(400);
  expect((duplicate.body as FailureBody).error).toEqual({
    title: "Failed to save category",
    description: 'A products category named "DECKING" already exists.',
  });
  const missing = await post({ intent: "create-category", name: "", type: "products" });
  expect((missing.body as FailureBody).result.error?.name).toEqual(["Category name is required"]);
  const badType = await post({ intent: "create-category", name: "Odd", type: "recipes" });
  expect(badType.status).toBe(400);
  const rows = await db().select().from(categories).where(sql`lower(${categories.name}) = 'decking'`);
  expect(rows.map((r) => [r.type, r.isActive]).sort()).toEqual([
    ["case_studies", true],
    ["products", true],
  ]);
});

test("categories are filtered by type and deleting one leaves its products and case studies without one", async () => {
  const [roofing] = await db().insert(categories).values({ name: "Roofing", type: "products" }).returning();
  const [reroof] = await db()
    .insert(categories)
    .values({ name: "Re-roofs", type: "case_studies" })
    .returning();
  if (!roofing || !reroof) throw new Error("not created");
  await db()
    .insert(products)
    .values([
      { name: "Long-run iron", categoryId: roofing.id },
      { name: "Ridge cap", categoryId: roofing.id },
    ]);
  await db().insert(caseStudies).values({ title: "Villa re-roof", categoryId: roofing.id });

  const onlyCaseStudies = await listCategories({ page: 1, q: "", type: "case_studies" });
  expect(onlyCaseStudies.rows.every((r) => r.type === "case_studies")).toBe(true);
  expect(onlyCaseStudies.rows.map((r) => r.name)).toContain("Re-roofs");
  const listed = (await listCategories({ page: 1, q: "roofing", type: "products" })).rows.find(
    (r) => r.id === roofing.id,
  );
  expect(listed?.usage).toEqual({ products: 2, caseStudies: 1, certifications: 0 });
  expect(describeDeleteImpact("category", { products: 2, caseStudies: 1, certifications: 0 })).toBe(
    "2 products and 1 case study use this category; they will be left without a category.",
  );

  const data = (await load("?tab=categories&type=case_studies")) as {
    categories: { type: string; rows: { type: string }[] };
  };
  expect(data.categories.type).toBe("case_studies");
  expect(data.categories.rows.every((r) => r.type === "case_studies")).toBe(true);

  const answer = await post({ intent: "delete-category", id: roofing.id });
  expect(answer.toast?.title).toBe("Category deleted successfully");
  const iron = await db().select().from(products).where(eq(products.name, "Long-run iron"));
  expect(iron[0]?.categoryId).toBeNull();
  const villa = await db().select().from(caseStudies).where(eq(caseStudies.title, "Villa re-roof"));
  expect(villa[0]?.categoryId).toBeNull();

  const updated = await post({
    intent: "update-category",
    id: reroof.id,
    name: "Re-roofing",
    type: "case_studies",
  });
  expect(updated.toast?.title).toBe("Category updated successfully");
  const [after] = await db().select().from(categories).where(eq(categories.id, reroof.id));
  expect(after).toMatchObject({ name: "Re-roofing", isActive: false });
});

test("hero settings are saved by upsert on setting_key and validated on the server", async () => {
  const saved = await post({
    intent: "save-hero",
    color: "#336699",
    opacity: "0.5",
    titleColor: "#FFFFFF",
    subtitleColor: "#cccccc",
  });
  expect(saved).toMatchObject({ status: 302, location: "/admin/settings?tab=hero" });
  expect(saved.toast?.title).toBe("Hero settings updated successfully");
  await post({
    intent: "save-hero",
    color: "#1a1a1a",
    opacity: "0.8",
    titleColor: "#ffffff",
    subtitleColor: "#e5e5e5",
  });
  await post({
    intent: "save-hero",
    color: "#112233",
    opacity: "0.3",
    titleColor: "#ffffff",
    subtitleColor: "#e5e5e5",
  });
  const rows = await db().select().from(siteSettings).where(eq(siteSettings.settingKey, "hero_background"));
  expect(rows).toHaveLength(1);
  expect(rows[0]?.settingValue).toEqual({
    color: "#112233",
    opacity: 0.3,
    titleColor: "#ffffff",
    subtitleColor: "#e5e5e5",
  });

  for (const bad of [
    { color: "red", opacity: "0.5" },
    { color: "#abc", opacity: "0.5" },
    { color: "#123456", opacity: "1.5" },
    { color: "#123456", opacity: "-0.1" },
    { color: "#123456", opacity: "" },
  ]) {
    const answer = await post({
      intent: "save-hero",
      titleColor: "#ffffff",
      subtitleColor: "#e5e5e5",
      ...bad,
    });
    expect(answer.status, JSON.stringify(bad)).toBe(400);
  }
  const [unchanged] = await db()
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.settingKey, "hero_background"));
  expect(unchanged?.settingValue).toMatchObject({ color: "#112233", opacity: 0.3 });
  const data = (await load("?tab=hero")) as { hero: unknown; reset: boolean };
  expect(data).toMatchObject({ hero: { color: "#112233", opacity: 0.3 }, reset: false });
});

test("settings are admin-only: sales is sent to /admin and refused on a write", async () => {
  const sales = await signedIn("sales");
  const page = await settle(load("", sales));
  expect(page).toMatchObject({ status: 302, location: "/admin" });
  const write = await post({ intent: "create-brand", name: "Sales Brand" }, "", sales);
  expect(write.status).toBe(403);
  expect(await brandNamed("Sales Brand")).toBeUndefined();
});
