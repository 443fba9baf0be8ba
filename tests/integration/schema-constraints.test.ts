import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import {
  brands,
  caseStudies,
  categories,
  contactQueries,
  contactSubjects,
  homeContent,
  products,
  siteSettings,
  users,
} from "~/server/db/schema";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

function db() {
  return database.current.db;
}

async function rejects(promise: Promise<unknown>, constraint: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraint} to reject the row`).toBeTruthy();
  const text = `${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? "")}`;
  expect(text).toContain(constraint);
}

test("migrations create every table with the trigram extension", async () => {
  const result = await db().execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
  for (const table of [
    "products",
    "categories",
    "brands",
    "case_studies",
    "certifications",
    "contact_content",
    "contact_subjects",
    "contact_queries",
    "home_content",
    "site_settings",
    "users",
    "sessions",
    "accounts",
    "verifications",
  ]) {
    expect(names).toContain(table);
  }
  const ext = await db().execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
  expect((ext as unknown as { rows: unknown[] }).rows).toHaveLength(1);
});

test("products accept a valid row with the spec's defaults", async () => {
  const [row] = await db().insert(products).values({ name: "Defaults" }).returning();
  expect(row).toMatchObject({
    price: 0,
    stockQuantity: 0,
    stockStatus: "In Stock",
    isPublished: true,
    isFeatured: false,
  });
  expect(row?.createdAt).toBeInstanceOf(Date);
});

test("products reject a bad stock status, negative numbers, a discount over 100 and a blank name", async () => {
  await rejects(
    db().insert(products).values({ name: "X", stockStatus: "Plenty" }),
    "products_stock_status_check",
  );
  await rejects(db().insert(products).values({ name: "X", price: -1 }), "products_price_check");
  await rejects(
    db().insert(products).values({ name: "X", originalPrice: -5 }),
    "products_original_price_check",
  );
  await rejects(
    db().insert(products).values({ name: "X", discountPercentage: 101 }),
    "products_discount_check",
  );
  await rejects(
    db().insert(products).values({ name: "X", stockQuantity: -1 }),
    "products_stock_quantity_check",
  );
  await rejects(db().insert(products).values({ name: "   " }), "products_name_not_blank");
});

test("a product's stock code is unique ignoring case, in letters, digits and - _ . / with spaces inside", async () => {
  await db().insert(products).values({ name: "Plasterboard", sku: "GIB10-2400", unit: "sheet" });
  await rejects(db().insert(products).values({ name: "Copy", sku: "gib10-2400" }), "products_sku_unique");
  // Any number of products have no code.
  await db()
    .insert(products)
    .values([{ name: "No code A" }, { name: "No code B" }]);
  await db().insert(products).values({ name: "Spaced", sku: "PB 2.4/90_A" });
  for (const sku of [" LEAD", "TRAIL ", "-DASH", "semi;colon", "x".repeat(41)])
    await rejects(db().insert(products).values({ name: "Bad code", sku }), "products_sku_format");
  for (const unit of ["", "  ", " box", "u".repeat(21)])
    await rejects(db().insert(products).values({ name: "Bad unit", unit }), "products_unit_check");
});

test("a product's category or brand must exist, and deleting one leaves the product with none", async () => {
  await rejects(
    db().insert(products).values({ name: "Orphan", categoryId: "00000000-0000-4000-8000-000000000000" }),
    "products_category_id_categories_id_fk",
  );
  await rejects(
    db().insert(products).values({ name: "Orphan", brandId: "00000000-0000-4000-8000-000000000000" }),
    "products_brand_id_brands_id_fk",
  );
  const [category] = await db()
    .insert(categories)
    .values({ name: "Temporary", type: "products" })
    .returning();
  const [brand] = await db().insert(brands).values({ name: "Temporary Brand" }).returning();
  const [product] = await db()
    .insert(products)
    .values({ name: "Linked", categoryId: category!.id, brandId: brand!.id })
    .returning();
  await db().delete(categories).where(eq(categories.id, category!.id));
  await db().delete(brands).where(eq(brands.id, brand!.id));
  const [after] = await db().select().from(products).where(eq(products.id, product!.id));
  expect(after).toMatchObject({ categoryId: null, brandId: null });
});

test("categories: type is checked and a name is unique within its type, ignoring case", async () => {
  await rejects(db().insert(categories).values({ name: "Bad", type: "widgets" }), "categories_type_check");
  await db().insert(categories).values({ name: "Roofing", type: "products" });
  await rejects(
    db().insert(categories).values({ name: "roofing", type: "products" }),
    "categories_type_name_unique",
  );
  await db().insert(categories).values({ name: "Roofing", type: "case_studies" });
});

test("brand names and subject names are unique, ignoring case", async () => {
  await db().insert(brands).values({ name: "Kauri Tools" });
  await rejects(db().insert(brands).values({ name: "KAURI TOOLS" }), "brands_name_unique");
  await db().insert(contactSubjects).values({ subjectName: "Quote Request" });
  await rejects(
    db().insert(contactSubjects).values({ subjectName: "quote request" }),
    "contact_subjects_name_unique",
  );
});

test("home content: section type is checked and a review's rating must be 1 to 5", async () => {
  await rejects(
    db().insert(homeContent).values({ sectionType: "footer" }),
    "home_content_section_type_check",
  );
  const review = (rating: unknown) => JSON.stringify({ name: "A", rating, review: "Good" });
  await rejects(
    db()
      .insert(homeContent)
      .values({ sectionType: "reviews", content: review(6) }),
    "home_content_review_rating_check",
  );
  await rejects(
    db()
      .insert(homeContent)
      .values({ sectionType: "reviews", content: review(0) }),
    "home_content_review_rating_check",
  );
  await rejects(
    db()
      .insert(homeContent)
      .values({ sectionType: "reviews", content: review("five") }),
    "home_content_review_rating_check",
  );
  await db()
    .insert(homeContent)
    .values({ sectionType: "reviews", content: review(4) });
  // Text that is not JSON is kept: the site shows it as an anonymous review.
  await db().insert(homeContent).values({ sectionType: "reviews", content: "not json at all" });
});

test("site settings: one row per key and the hero opacity stays between 0 and 1", async () => {
  const value = { color: "#1a1a1a", opacity: 0.8, titleColor: "#ffffff", subtitleColor: "#e5e5e5" };
  await db().insert(siteSettings).values({ settingKey: "hero_background", settingValue: value });
  await rejects(
    db().insert(siteSettings).values({ settingKey: "hero_background", settingValue: value }),
    "site_settings_setting_key_unique",
  );
  await rejects(
    db()
      .insert(siteSettings)
      .values({ settingKey: "hero_background_2", settingValue: value })
      .then(() =>
        db()
          .update(siteSettings)
          .set({ settingValue: { ...value, opacity: 1.5 } })
          .where(eq(siteSettings.settingKey, "hero_background")),
      ),
    "site_settings_hero_opacity_check",
  );
});

test("users: the role is admin, sales or user, and e-mails are unique ignoring case", async () => {
  await db().insert(users).values({ id: "u1", name: "A", email: "a@example.nz" });
  await rejects(
    db().insert(users).values({ id: "u2", name: "B", email: "A@EXAMPLE.NZ" }),
    "users_email_unique",
  );
  await rejects(
    db().insert(users).values({ id: "u3", name: "C", email: "c@example.nz", role: "owner" }),
    "users_role_check",
  );
  const [row] = await db().select().from(users).where(eq(users.id, "u1"));
  expect(row).toMatchObject({ role: "user", isActive: true });
});

test("enquiries need a name of 2 characters and a message of 10; case studies a title", async () => {
  const base = {
    fullName: "Jo Bloggs",
    email: "jo@example.nz",
    subject: "Quote Request",
    message: "Please quote 20 sheets.",
  };
  await db().insert(contactQueries).values(base);
  await rejects(
    db()
      .insert(contactQueries)
      .values({ ...base, fullName: "J" }),
    "contact_queries_full_name_check",
  );
  await rejects(
    db()
      .insert(contactQueries)
      .values({ ...base, message: "short" }),
    "contact_queries_message_check",
  );
  await rejects(db().insert(caseStudies).values({ title: " " }), "case_studies_title_not_blank");
  await rejects(
    db().insert(caseStudies).values({ title: "T", durationMonths: -2 }),
    "case_studies_duration_check",
  );
});
