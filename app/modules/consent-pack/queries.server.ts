// What goes into a consent pack, read in three queries whatever the number of products: the
// products (in the order asked, each once) with their building product information sheets, and
// every certificate covering any of them, whatever its status (the index names those left out).
//
//   await loadPackRecords(["…", "…"], { publishedOnly: true })   // { products, certificates }
import { and, eq, inArray } from "drizzle-orm";
import { type SheetRow, sheetForRules } from "~/modules/compliance/sheets.server";
import { getDb } from "~/server/db/db.server";
import {
  brands,
  buildingInfoSheets,
  certificationProducts,
  certifications,
  consentPackHistory,
  products,
} from "~/server/db/schema";
import type { PackCertificate, PackHistory, PackProduct, PackSheet } from "./index";

/** The most products one pack holds. */
export const PACK_MAX_PRODUCTS = 250;

function packSheet(row: SheetRow): PackSheet {
  return {
    id: row.id,
    title: row.title,
    ...sheetForRules(row),
    // The whole manufacturer (address and website too): the pack prints it.
    manufacturer: row.manufacturer ?? null,
    warnings: row.warnings,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The products among `ids` (published ones only for the public), in the order given, with their
 * sheets; and the certificates that cover them.
 */
export async function loadPackRecords(
  ids: readonly string[],
  { publishedOnly }: { publishedOnly: boolean },
): Promise<{ products: PackProduct[]; certificates: PackCertificate[] }> {
  const wanted = [...new Set(ids)].slice(0, PACK_MAX_PRODUCTS);
  if (wanted.length === 0) return { products: [], certificates: [] };
  const db = getDb();
  const [productRows, coverRows] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        brandName: brands.name,
        sheet: buildingInfoSheets,
      })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(buildingInfoSheets, eq(buildingInfoSheets.id, products.buildingInfoId))
      .where(and(inArray(products.id, wanted), publishedOnly ? eq(products.isPublished, true) : undefined)),
    db
      .select({ certificate: certifications, productId: certificationProducts.productId })
      .from(certificationProducts)
      .innerJoin(certifications, eq(certifications.id, certificationProducts.certificationId))
      .where(inArray(certificationProducts.productId, wanted)),
  ]);
  const byId = new Map(productRows.map((row) => [row.id, row]));
  const packProducts = wanted.flatMap((id): PackProduct[] => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        name: row.name,
        sku: row.sku,
        brandName: row.brandName,
        sheet: row.sheet ? packSheet(row.sheet) : null,
      },
    ];
  });
  const present = new Set(packProducts.map((product) => product.id));
  const certificates = new Map<string, PackCertificate & { productIds: string[] }>();
  for (const { certificate: c, productId } of coverRows) {
    if (!present.has(productId)) continue;
    const known = certificates.get(c.id);
    if (known) {
      known.productIds.push(productId);
      continue;
    }
    certificates.set(c.id, {
      id: c.id,
      title: c.title,
      scheme: c.scheme,
      certificateNumber: c.certificateNumber,
      holder: c.holder,
      certificationBody: c.certificationBody,
      scope: c.scope,
      issuedOn: c.issuedOn,
      expiresOn: c.expiresOn,
      standing: c.standing,
      registerUrl: c.registerUrl,
      registerCheckedOn: c.registerCheckedOn,
      fileUrl: c.fileUrl,
      allowDownload: c.allowDownload,
      productIds: [productId],
    });
  }
  // Sorted, so the same records always hash the same whatever order the database returns them.
  const sorted = [...certificates.values()]
    .map((c) => ({ ...c, productIds: [...c.productIds].sort() }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return { products: packProducts, certificates: sorted };
}

/** The published product a catalogue address names, for its own pack; null when none. */
export async function publishedProductBySlug(slug: string) {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return null;
  const [row] = await getDb()
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.isPublished, true)))
    .limit(1);
  return row ?? null;
}

/** Each of these products' last pack (what went in, what it reported lost), by product id. */
export async function loadPackHistory(productIds: readonly string[]): Promise<Map<string, PackHistory>> {
  if (productIds.length === 0) return new Map();
  const rows = await getDb()
    .select()
    .from(consentPackHistory)
    .where(inArray(consentPackHistory.productId, [...productIds]));
  return new Map(
    rows.map((row) => [
      row.productId,
      { packedOn: row.packedOn, certificates: row.certificates, lost: row.lost ?? null },
    ]),
  );
}

/**
 * The products among `ids` that exist, published or not (staff pack drafts too), in the order
 * given: their names, for the audit log of a pack made from a selection.
 */
export async function productsInSelection(ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
