// Demo content for a fresh install: a believable Auckland building-supplies trader, so every
// screen has something to show. It only ever fills an empty database; it never overwrites.
import { inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { nzDatePlusDays } from "~/lib/nz-date";
import { SEED_LOCK, transactionLockStatement } from "~/server/db/advisory-locks.server";
import type { Database, DbOrTx, Transaction } from "~/server/db/client.server";
import {
  brands,
  buildingInfoSheets,
  caseStudies,
  categories,
  certificationProducts,
  certifications,
  contactContent,
  contactQueries,
  contactSubjects,
  enquiryLines,
  homeContent,
  products,
  siteSettings,
} from "~/server/db/schema";
import { parseStoredPath, type Storage } from "~/server/storage/storage.server";
import { DEMO_SHEETS } from "./compliance";
import { buildHomeContent, CONTACT_CONTENT, CONTACT_SUBJECTS, DEMO_ENQUIRY, SITE_SETTINGS } from "./content";
import { removeFiles, type SeedAssets, type StoredFile, writeSeedAssets } from "./images.server";
import { DEMO_PRODUCTS } from "./products";
import { CASE_STUDIES, CERTIFICATIONS, type CertificateCompliance } from "./showcase";
import {
  BRANDS,
  CASE_STUDY_CATEGORIES,
  CERTIFICATION_CATEGORIES,
  discountFor,
  PRODUCT_CATEGORIES,
  stockStatusFor,
} from "./taxonomy";

/** The tables that make a database "not empty": staff content, never accounts or enquiries. */
const CONTENT_TABLES = {
  products,
  categories,
  brands,
  home_content: homeContent,
  case_studies: caseStudies,
  certifications,
  building_info_sheets: buildingInfoSheets,
  contact_content: contactContent,
  contact_subjects: contactSubjects,
  site_settings: siteSettings,
} satisfies Record<string, PgTable>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Deterministic timestamps: `days` before now, nudged by a few hours so nothing ties. */
function ago(now: Date, days: number, hours = 0) {
  return new Date(now.getTime() - days * DAY - hours * HOUR);
}

export async function isDatabaseEmpty(db: DbOrTx): Promise<boolean> {
  for (const table of Object.values(CONTENT_TABLES) as PgTable[]) {
    const [row] = await db.select({ one: sql<number>`1` }).from(table).limit(1);
    if (row) return false;
  }
  return true;
}

export async function countDemoContent(db: DbOrTx): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(CONTENT_TABLES) as [string, PgTable][]) {
    counts[name] = await db.$count(table);
  }
  return counts;
}

async function insertDemoContent(tx: Transaction, assets: SeedAssets, now: Date) {
  const taxonomy = [
    ...PRODUCT_CATEGORIES.map((c) => ({
      name: c.name,
      description: c.description,
      type: "products" as const,
    })),
    ...CASE_STUDY_CATEGORIES.map((c) => ({ ...c, type: "case_studies" as const })),
    ...CERTIFICATION_CATEGORIES.map((c) => ({ ...c, type: "certifications" as const })),
  ];
  const categoryRows = await tx
    .insert(categories)
    .values(taxonomy.map((c, i) => ({ ...c, createdAt: ago(now, 240 - i) })))
    .returning({ id: categories.id, name: categories.name, type: categories.type });
  const categoryId = (type: string, name: string) =>
    categoryRows.find((c) => c.type === type && c.name === name)!.id;

  const brandRows = await tx
    .insert(brands)
    .values(
      BRANDS.map((b, i) => ({
        name: b.name,
        description: b.description,
        logoUrl: assets.logos[b.name],
        createdAt: ago(now, 230 - i * 3),
      })),
    )
    .returning({ id: brands.id, name: brands.name });
  const brandId = (name: string) => brandRows.find((b) => b.name === name)!.id;

  const productRows = await tx
    .insert(products)
    .values(
      DEMO_PRODUCTS.map((p, i) => ({
        name: p.name,
        sku: p.sku,
        unit: p.unit,
        description: p.description,
        shortDescription: p.short,
        price: p.price,
        originalPrice: p.was ?? null,
        discountPercentage: discountFor(p),
        categoryId: categoryId("products", p.category),
        brandId: brandId(p.brand),
        imageUrl: assets.productImages[i],
        stockQuantity: p.stock,
        stockStatus: stockStatusFor(p.stock),
        isFeatured: p.featured ?? false,
        isPublished: !p.draft,
        createdAt: ago(now, (DEMO_PRODUCTS.length - i) * 3, (i * 7) % 10),
      })),
    )
    .returning({ id: products.id, name: products.name, published: products.isPublished });

  await tx.insert(caseStudies).values(
    CASE_STUDIES.map((c, i) => ({
      title: c.title,
      categoryId: categoryId("case_studies", c.category),
      durationMonths: c.durationMonths,
      materials: c.materials,
      challenge: c.challenge,
      solution: c.solution,
      result: c.result,
      imageUrl: assets.caseStudyImages[i],
      createdAt: ago(now, 160 - i * 25, i),
    })),
  );

  const certificationRows = await tx
    .insert(certifications)
    .values(
      CERTIFICATIONS.map((c, i) => ({
        title: c.title,
        description: c.description,
        categoryId: categoryId("certifications", c.category),
        fileType: c.fileType,
        fileUrl: assets.certifications[i]!.fileUrl,
        imageUrl: assets.certifications[i]!.imageUrl,
        allowDownload: c.allowDownload,
        ...certificateFields(c.number, c.compliance, now),
        createdAt: ago(now, 200 - i * 18, i),
      })),
    )
    .returning({ id: certifications.id, title: certifications.title });
  const productId = (name: string) => {
    const found = productRows.find((p) => p.name === name);
    if (!found) throw new Error(`The demo has no product named ${name}`);
    return found.id;
  };
  const covered = CERTIFICATIONS.flatMap((c, i) =>
    (c.compliance?.covers ?? []).map((name) => ({
      certificationId: certificationRows[i]!.id,
      productId: productId(name),
    })),
  );
  if (covered.length > 0) await tx.insert(certificationProducts).values(covered);
  await insertDemoSheets(tx, productId, now);

  const home = buildHomeContent(assets.home, now);
  await tx
    .insert(homeContent)
    .values(home.map((row, i) => ({ ...row, createdAt: ago(now, 220, home.length - i) })));
  await tx
    .insert(contactContent)
    .values(CONTACT_CONTENT.map((row) => ({ ...row, createdAt: ago(now, 220) })));
  await tx.insert(contactSubjects).values(
    CONTACT_SUBJECTS.map((subjectName, i) => ({
      subjectName,
      createdAt: ago(now, 220, CONTACT_SUBJECTS.length - i),
    })),
  );
  await tx.insert(siteSettings).values(SITE_SETTINGS);

  // One enquiry with three products on its quote list, so a new install can take it all the way
  // to a priced quote the customer accepts.
  const listed = productRows.filter((p) => p.published).slice(0, 3);
  const [enquiry] = await tx
    .insert(contactQueries)
    .values({ ...DEMO_ENQUIRY, createdAt: ago(now, 1) })
    .returning({ id: contactQueries.id });
  if (enquiry) {
    await tx.insert(enquiryLines).values(
      listed.map((product, position) => ({
        enquiryId: enquiry.id,
        productId: product.id,
        productName: product.name,
        quantity: [12, 4, 2][position] ?? 1,
        position,
      })),
    );
  }
}

/** A building-product certificate's columns, with its dates counted from the seed's day. */
function certificateFields(number: string, compliance: CertificateCompliance | undefined, now: Date) {
  if (!compliance) return {};
  return {
    scheme: compliance.scheme,
    certificateNumber: number,
    holder: compliance.holder,
    certificationBody: compliance.certificationBody,
    scope: compliance.scope,
    issuedOn: nzDatePlusDays(-compliance.issuedDaysAgo, now),
    expiresOn: nzDatePlusDays(compliance.expiresInDays, now),
    registerUrl: compliance.registerUrl,
    registerCheckedOn:
      compliance.checkedDaysAgo === undefined ? null : nzDatePlusDays(-compliance.checkedDaysAgo, now),
    registerCheckedBy: compliance.checkedDaysAgo === undefined ? null : "Mere Tane",
    standing: compliance.standing,
  };
}

/** The information sheets, each linked to the demo products it serves. */
async function insertDemoSheets(tx: Transaction, productId: (name: string) => string, now: Date) {
  for (const { products: names, reviewedDaysAgo, ...sheet } of DEMO_SHEETS) {
    const [row] = await tx
      .insert(buildingInfoSheets)
      .values({
        ...sheet,
        reviewedOn: reviewedDaysAgo === undefined ? null : nzDatePlusDays(-reviewedDaysAgo, now),
      })
      .returning({ id: buildingInfoSheets.id });
    if (!row) throw new Error("The demo sheet was not stored");
    await tx
      .update(products)
      .set({ buildingInfoId: row.id })
      .where(inArray(products.id, names.map(productId)));
  }
}

/**
 * Fills an empty database with the demo. Pictures and documents are written first (outside the
 * transaction, which stays short) and removed again if the rows cannot be inserted.
 */
export async function seedDemoContent(
  db: Database,
  storage: Storage,
): Promise<{ seeded: boolean; counts: Record<string, number> }> {
  if (!(await isDatabaseEmpty(db))) return { seeded: false, counts: await countDemoContent(db) };

  const now = new Date();
  const assets = await writeSeedAssets(storage);
  let seeded: boolean;
  try {
    seeded = await db.transaction(async (tx) => {
      // Two processes seeding one PostgreSQL database at once queue here.
      await tx.execute(transactionLockStatement(SEED_LOCK));
      // Another process may have seeded while the pictures were rendering.
      if (!(await isDatabaseEmpty(tx))) return false;
      await insertDemoContent(tx, assets, now);
      return true;
    });
  } catch (error) {
    await removeFiles(storage, assets.files);
    throw error;
  }
  if (!seeded) await removeFiles(storage, assets.files);
  return { seeded, counts: await countDemoContent(db) };
}

/** Stored files the content rows point at, so a reset can remove them with the rows. */
async function referencedFiles(db: DbOrTx): Promise<StoredFile[]> {
  const urls = [
    ...(await db.select({ url: products.imageUrl }).from(products)),
    ...(await db.select({ url: brands.logoUrl }).from(brands)),
    ...(await db.select({ url: caseStudies.imageUrl }).from(caseStudies)),
    ...(await db.select({ url: certifications.imageUrl }).from(certifications)),
    ...(await db.select({ url: certifications.fileUrl }).from(certifications)),
    ...(await db.select({ url: homeContent.imageUrl }).from(homeContent)),
    ...(await db.select({ url: contactQueries.fileUrl }).from(contactQueries)),
  ].map((row) => row.url);
  const unique = new Map<string, StoredFile>();
  for (const url of urls) {
    const file = parseStoredPath(url);
    if (file) unique.set(`${file.bucket}/${file.name}`, file);
  }
  return [...unique.values()];
}

/**
 * Deletes every content row and enquiry (users, sessions and accounts stay), for `db:seed --reset`.
 * With `storage`, the files those rows referenced are deleted too.
 */
export async function clearDemoContent(db: Database, storage?: Storage): Promise<void> {
  const files = storage ? await referencedFiles(db) : [];
  await db.transaction(async (tx) => {
    // Rows that reference categories and brands go first.
    const order: PgTable[] = [
      products,
      buildingInfoSheets,
      caseStudies,
      certifications,
      categories,
      brands,
      homeContent,
      contactContent,
      contactSubjects,
      siteSettings,
      contactQueries,
    ];
    for (const table of order) await tx.delete(table);
  });
  if (storage) await removeFiles(storage, files);
}
