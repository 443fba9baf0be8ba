import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { brands, caseStudies, certifications, homeContent, products } from "~/server/db/schema";
import { createLocalStorage, parseStoredPath } from "~/server/storage/storage.server";
import { useTestDatabase } from "../../../tests/support/database";
import { clearDemoContent, countDemoContent, isDatabaseEmpty, seedDemoContent } from "./seed.server";

const database = useTestDatabase();

function setup() {
  const { db, storageRoot } = database.current;
  return { db, storageRoot, storage: createLocalStorage(storageRoot) };
}

function storedFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => fs.statSync(path.join(root, f)).isFile());
}

async function referencedUrls() {
  const { db } = setup();
  // Every column of demo content that names a stored file.
  const columns = [
    [products, products.imageUrl],
    [brands, brands.logoUrl],
    [caseStudies, caseStudies.imageUrl],
    [certifications, certifications.imageUrl],
    [certifications, certifications.fileUrl],
    [homeContent, homeContent.imageUrl],
  ] as const;
  const urls: (string | null)[] = [];
  for (const [table, column] of columns) {
    for (const row of await db.select({ url: column }).from(table)) urls.push(row.url);
  }
  return urls;
}

test("an empty database is seeded with the whole demo", async () => {
  const { db, storage } = setup();
  expect(await isDatabaseEmpty(db)).toBe(true);

  const result = await seedDemoContent(db, storage);

  expect(result.seeded).toBe(true);
  expect(result.counts.products).toBeGreaterThanOrEqual(45);
  expect(result.counts.brands).toBeGreaterThanOrEqual(6);
  expect(result.counts.case_studies).toBe(6);
  expect(result.counts.certifications).toBe(12);
  expect(result.counts.building_info_sheets).toBe(7);
  expect(result.counts.contact_content).toBe(1);
  expect(result.counts.contact_subjects).toBe(6);
  expect(result.counts.site_settings).toBe(1);
  expect(await isDatabaseEmpty(db)).toBe(false);

  // One enquiry to quote, with three published products on its quote list.
  const listed = await db.execute(
    sql`select q.full_name, count(l.*)::int as n, bool_and(p.is_published) as published
        from contact_queries q join enquiry_lines l on l.enquiry_id = q.id join products p on p.id = l.product_id
        group by q.full_name`,
  );
  expect((listed as unknown as { rows: unknown[] }).rows).toEqual([
    { full_name: "Hēmi Walker", n: 3, published: true },
  ]);

  // Building compliance: a certificate in each status and a sheet in each state, on products.
  const statuses = await db.execute(
    sql`select standing, (expires_on < current_date) as past, count(*)::int as n
        from certifications where scheme is not null group by 1, 2 order by 1, 2`,
  );
  expect((statuses as unknown as { rows: unknown[] }).rows).toEqual([
    { standing: "active", past: false, n: 2 },
    { standing: "active", past: true, n: 1 },
    { standing: "draft", past: false, n: 1 },
    { standing: "suspended", past: false, n: 1 },
    { standing: "withdrawn", past: false, n: 1 },
  ]);
  const sheets = await db.execute(
    sql`select s.classification, s.responsibility, count(p.id)::int as products
        from building_info_sheets s join products p on p.building_info_id = s.id
        group by 1, 2 order by 1, 2`,
  );
  expect((sheets as unknown as { rows: unknown[] }).rows).toEqual([
    { classification: "class_1", responsibility: "manufacturer", products: 5 },
    { classification: "class_1", responsibility: "reseller", products: 2 },
    { classification: "class_2", responsibility: "importer", products: 1 },
    { classification: "exempt_codemark", responsibility: "manufacturer", products: 1 },
    { classification: "exempt_other", responsibility: "importer", products: 1 },
    { classification: "not_designated", responsibility: "manufacturer", products: 1 },
  ]);
  const covered = await db.execute(sql`select count(*)::int as n from certification_products`);
  expect((covered as unknown as { rows: unknown[] }).rows).toEqual([{ n: 7 }]);

  const byType = await db.execute(
    sql`select type, count(*)::int as n from categories group by type order by type`,
  );
  const typeCounts = Object.fromEntries(
    (byType as unknown as { rows: { type: string; n: number }[] }).rows.map((r) => [r.type, r.n]),
  );
  expect(typeCounts.products).toBeGreaterThanOrEqual(6);
  expect(typeCounts.case_studies).toBe(3);
  expect(typeCounts.certifications).toBe(3);

  const sections = await db.select({ type: homeContent.sectionType }).from(homeContent);
  const sectionCount = (type: string) => sections.filter((s) => s.type === type).length;
  expect(sectionCount("hero")).toBe(3);
  expect(sectionCount("categories")).toBeGreaterThanOrEqual(4);
  expect(sectionCount("catalog")).toBe(1);
  expect(sectionCount("reviews")).toBeGreaterThanOrEqual(4);

  const pictures = await db.select({ category: products.categoryId, url: products.imageUrl }).from(products);
  for (const category of new Set(pictures.map((p) => p.category))) {
    const urls = pictures.filter((p) => p.category === category).map((p) => p.url);
    expect(new Set(urls).size, "no two products of a category share a picture").toBe(urls.length);
  }
});

test("every picture and document the demo points at exists in storage", async () => {
  const { storage } = setup();
  const urls = await referencedUrls();
  const missing: string[] = [];
  for (const url of urls) {
    if (!url) continue;
    const file = parseStoredPath(url);
    expect(file, `${url} is a stored file`).not.toBeNull();
    if (file && !(await storage.exists(file.bucket, file.name))) missing.push(url);
  }
  expect(missing).toEqual([]);

  const certs = await setup().db.select().from(certifications);
  for (const cert of certs) {
    const file = parseStoredPath(cert.fileUrl)!;
    expect(file.bucket).toBe("certificates");
    expect(file.name.endsWith(cert.fileType === "PDF" ? ".pdf" : ".png")).toBe(true);
  }
  expect(certs.filter((c) => !c.allowDownload)).toHaveLength(1);
});

test("seeding a database that has content changes nothing", async () => {
  const { db, storage, storageRoot } = setup();
  const before = await countDemoContent(db);
  const filesBefore = storedFiles(storageRoot).length;

  const result = await seedDemoContent(db, storage);

  expect(result.seeded).toBe(false);
  expect(result.counts).toEqual(before);
  expect(await countDemoContent(db)).toEqual(before);
  expect(storedFiles(storageRoot)).toHaveLength(filesBefore);
});

test("clearing removes the content rows and their files, and the demo can be seeded again", async () => {
  const { db, storage, storageRoot } = setup();
  await clearDemoContent(db, storage);

  expect(await isDatabaseEmpty(db)).toBe(true);
  expect(storedFiles(storageRoot)).toEqual([]);

  const again = await seedDemoContent(db, storage);
  expect(again.seeded).toBe(true);
  await clearDemoContent(db, storage);
});

test("a seed whose rows cannot be inserted leaves no rows and no files behind", async () => {
  const { db, storage, storageRoot } = setup();
  // The last insert of the seed fails, after everything else went in within the transaction.
  await db.execute(
    sql`alter table site_settings add constraint seed_test_block check (setting_key <> 'hero_background')`,
  );
  try {
    const error = await seedDemoContent(db, storage).then(
      () => null,
      (e: unknown) => e as Error & { cause?: unknown },
    );
    expect(`${error?.message} ${String(error?.cause)}`).toContain("seed_test_block");
  } finally {
    await db.execute(sql`alter table site_settings drop constraint seed_test_block`);
  }

  expect(await isDatabaseEmpty(db)).toBe(true);
  expect(storedFiles(storageRoot)).toEqual([]);
});
