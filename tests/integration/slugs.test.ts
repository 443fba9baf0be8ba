// Slugs are made by the database (migration 0003): unique, from the name, a new one on rename
// with a redirect from the old one. See docs/decisions/008-slugs-in-the-database.md.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { caseStudies, products, slugRedirects } from "~/server/db/schema";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;

async function addProduct(name: string, slug?: string) {
  const [row] = await db().insert(products).values({ name, slug }).returning();
  if (!row) throw new Error("no row");
  return row;
}

test("a product's slug is made from its name: lower case, ASCII, dashes, unique", async () => {
  expect((await addProduct("Pine Framing 90x45 H3.2")).slug).toBe("pine-framing-90x45-h3-2");
  expect((await addProduct("Pine framing 90×45 — H3.2!")).slug).toBe("pine-framing-90-45-h3-2");
  expect((await addProduct("Pine Framing 90x45 H3.2")).slug).toBe("pine-framing-90x45-h3-2-2");
  expect((await addProduct("Māori Pā Tukutuku Panel")).slug).toBe("maori-pa-tukutuku-panel");
  expect((await addProduct("!!!")).slug).toBe("product");
  expect((await addProduct("x".repeat(200))).slug).toBe("x".repeat(80));
});

test("many products of one name still get unique slugs", async () => {
  const rows = await db()
    .insert(products)
    .values(Array.from({ length: 12 }, () => ({ name: "Decking Screw" })))
    .returning({ slug: products.slug });
  expect(new Set(rows.map((r) => r.slug)).size).toBe(12);
  expect(rows.map((r) => r.slug)).toContain("decking-screw-5");
});

test("a rename makes a new slug and the old one redirects; renaming back takes the old one again", async () => {
  const product = await addProduct("Roofing Iron");
  const [renamed] = await db()
    .update(products)
    .set({ name: "Corrugated Roofing Iron" })
    .where(eq(products.id, product.id))
    .returning();
  expect(renamed?.slug).toBe("corrugated-roofing-iron");
  expect(await db().select().from(slugRedirects)).toMatchObject([
    { kind: "product", oldSlug: "roofing-iron", targetId: product.id },
  ]);
  // The old address stays reserved for its product.
  expect((await addProduct("Roofing Iron")).slug).toBe("roofing-iron-2");

  await db().update(products).set({ name: "Roofing Iron" }).where(eq(products.id, product.id));
  const [back] = await db().select().from(products).where(eq(products.id, product.id));
  expect(back?.slug).toBe("roofing-iron");
  expect(await db().select().from(slugRedirects)).toMatchObject([
    { kind: "product", oldSlug: "corrugated-roofing-iron", targetId: product.id },
  ]);
});

test("a slug chosen by hand is kept, and an invalid one is refused by the database", async () => {
  expect((await addProduct("Anything", "my-own-slug")).slug).toBe("my-own-slug");
  await expect(addProduct("Other", "Not A Slug")).rejects.toThrow();
});

test("other edits keep the slug; case studies get slugs from their titles", async () => {
  const product = await addProduct("Gib Board");
  await db().update(products).set({ stockQuantity: 5 }).where(eq(products.id, product.id));
  const [same] = await db().select().from(products).where(eq(products.id, product.id));
  expect(same?.slug).toBe("gib-board");
  const [study] = await db().insert(caseStudies).values({ title: "Family Home, Tauranga" }).returning();
  expect(study?.slug).toBe("family-home-tauranga");
});
