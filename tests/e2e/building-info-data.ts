// Before the public-site server starts (PGlite is one process per data folder): seed the demo
// content as the server would, then give one published product a building product information
// sheet and one of the demo certificates the CodeMark details that cover it. Writes the product's
// slug and name to DATA_DIR/building-info-e2e.json for building-info.spec.ts.
//
//   DATA_DIR=… tsx tests/e2e/building-info-data.ts
import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { buildingInfoSheets, certificationProducts, certifications, products } from "~/server/db/schema";
import { getEnv } from "~/server/env.server";
import { seedDemoContent } from "~/server/seed/seed.server";
import { getStorage } from "~/server/storage/storage.server";
import { runScript, withDatabase } from "../../scripts/open-database";

await runScript(async () => {
  await withDatabase(async ({ db }) => {
    await seedDemoContent(db, getStorage());
    const [product] = await db
      .select({ id: products.id, slug: products.slug, name: products.name })
      .from(products)
      .where(eq(products.isPublished, true))
      .orderBy(asc(products.slug))
      .limit(1);
    const [certificate] = await db
      .select({ id: certifications.id })
      .from(certifications)
      .where(eq(certifications.allowDownload, true))
      .orderBy(asc(certifications.title))
      .limit(1);
    if (!product || !certificate) throw new Error("the demo content has no published product or certificate");
    const [sheet] = await db
      .insert(buildingInfoSheets)
      .values({
        title: "E2E weatherboard line",
        classification: "class_1",
        responsibility: "manufacturer",
        description: "Bevel-back timber weatherboards.",
        intendedUse: "External wall cladding on timber-framed buildings.",
        identifiers: [
          { kind: "gtin", value: "9421234567890" },
          { kind: "sku", value: "WB-180" },
        ],
        responsibleParty: {
          legalName: "Kauri Cladding Limited",
          tradingNames: [],
          nzbn: "9429041234567",
          address: "12 Mill Road, Rotorua 3010",
          phone: "07 555 0101",
          email: "",
          website: "",
        },
        codeClauses: [
          {
            clause: "E2",
            contribution: "Sheds water from the wall.",
            limitations: "Over a drained cavity only.",
            pathway: "acceptable_solution",
          },
        ],
        scopeOfUse: "Buildings within the scope of E2/AS1.",
        requirementsDocumentUrl: "https://example.org/weatherboard-guide.pdf",
        version: 2,
        reviewedOn: "2026-03-03",
      })
      .returning();
    if (!sheet) throw new Error("no sheet");
    await db.update(products).set({ buildingInfoId: sheet.id }).where(eq(products.id, product.id));
    await db
      .update(certifications)
      .set({
        scheme: "codemark",
        certificateNumber: "CM12345",
        holder: "Kauri Cladding Limited",
        certificationBody: "Bureau Veritas",
        expiresOn: "2099-12-31",
        registerUrl: "https://example.org/codemark/CM12345",
        registerCheckedOn: "2026-03-03",
        standing: "active",
      })
      .where(eq(certifications.id, certificate.id));
    await db.insert(certificationProducts).values({ certificationId: certificate.id, productId: product.id });
    fs.writeFileSync(
      path.join(getEnv().dataDir, "building-info-e2e.json"),
      JSON.stringify({ slug: product.slug, name: product.name }),
    );
  });
});
