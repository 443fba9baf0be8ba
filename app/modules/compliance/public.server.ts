// What the public site shows of a published product's building compliance: its building product
// information sheet (one may serve a product line) and the certificates covering it whose status
// is public (current or expiring, as of today's New Zealand date). Two queries a product, run
// together; the product page is hot, so nothing here loops over rows with a query.
//
//   await getPublicBuildingInfo(product.id)                  // { sheet, certificates }
//   await getBuildingInfoSheetPage("kwila-decking", "2026-03-03")  // the printable sheet, or null
import { and, asc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { nzToday } from "~/lib/nz-date";
import type { CertificateScheme } from "~/lib/vocabulary";
import { getDb } from "~/server/db/db.server";
import {
  brands,
  buildingInfoSheets,
  certificationProducts,
  certifications,
  products,
} from "~/server/db/schema";
import { certificateStatus, isPublicStatus, publicStatusWords } from "./certificate-status";

const sheetColumns = {
  id: buildingInfoSheets.id,
  title: buildingInfoSheets.title,
  classification: buildingInfoSheets.classification,
  exemptReason: buildingInfoSheets.exemptReason,
  responsibility: buildingInfoSheets.responsibility,
  sourceUrl: buildingInfoSheets.sourceUrl,
  description: buildingInfoSheets.description,
  intendedUse: buildingInfoSheets.intendedUse,
  identifiers: buildingInfoSheets.identifiers,
  responsibleParty: buildingInfoSheets.responsibleParty,
  manufacturer: buildingInfoSheets.manufacturer,
  codeClauses: buildingInfoSheets.codeClauses,
  scopeOfUse: buildingInfoSheets.scopeOfUse,
  designRequirements: buildingInfoSheets.designRequirements,
  installationRequirements: buildingInfoSheets.installationRequirements,
  maintenanceRequirements: buildingInfoSheets.maintenanceRequirements,
  requirementsDocumentUrl: buildingInfoSheets.requirementsDocumentUrl,
  warnings: buildingInfoSheets.warnings,
  evidence: buildingInfoSheets.evidence,
  version: buildingInfoSheets.version,
  reviewedOn: buildingInfoSheets.reviewedOn,
};

const isPublished = eq(products.isPublished, true);

export type PublicSheet = Awaited<ReturnType<typeof loadSheet>>[number];

export type PublicCertificate = {
  id: string;
  title: string;
  scheme: CertificateScheme | null;
  certificateNumber: string | null;
  holder: string | null;
  certificationBody: string | null;
  status: "current" | "expiring";
  /** The status as the page says it: "current", "expiring", "expires today". */
  statusWords: string;
  issuedOn: string | null;
  expiresOn: string | null;
  registerUrl: string | null;
  registerCheckedOn: string | null;
  /** The certificate's file, only where staff allow downloading it. */
  fileUrl: string | null;
};

export type PublicBuildingInfo = { sheet: PublicSheet | null; certificates: PublicCertificate[] };

function loadSheet(productCondition: ReturnType<typeof eq>) {
  return getDb()
    .select(sheetColumns)
    .from(products)
    .innerJoin(buildingInfoSheets, eq(buildingInfoSheets.id, products.buildingInfoId))
    .where(and(productCondition, isPublished))
    .limit(1);
}

/**
 * The certificates covering a product that the public may see today: active, and not past their
 * expiry date (the date is the last day a certificate is valid). Building certificates (with a
 * scheme) first, then by number and title.
 */
async function loadCertificates(productId: string, today: string): Promise<PublicCertificate[]> {
  const rows = await getDb()
    .select({
      id: certifications.id,
      title: certifications.title,
      scheme: certifications.scheme,
      certificateNumber: certifications.certificateNumber,
      holder: certifications.holder,
      certificationBody: certifications.certificationBody,
      standing: certifications.standing,
      issuedOn: certifications.issuedOn,
      expiresOn: certifications.expiresOn,
      registerUrl: certifications.registerUrl,
      registerCheckedOn: certifications.registerCheckedOn,
      fileUrl: certifications.fileUrl,
      allowDownload: certifications.allowDownload,
    })
    .from(certificationProducts)
    .innerJoin(certifications, eq(certifications.id, certificationProducts.certificationId))
    .where(
      and(
        eq(certificationProducts.productId, productId),
        eq(certifications.standing, "active"),
        or(isNull(certifications.expiresOn), gte(certifications.expiresOn, today)),
      ),
    )
    .orderBy(
      asc(sql`${certifications.scheme} is null`),
      asc(certifications.certificateNumber),
      asc(certifications.title),
      asc(certifications.id),
    );
  const certificates: PublicCertificate[] = [];
  for (const { standing, allowDownload, fileUrl, ...row } of rows) {
    const status = certificateStatus({ standing, expiresOn: row.expiresOn }, today);
    if (!isPublicStatus(status)) continue;
    const shown = status as PublicCertificate["status"];
    certificates.push({
      ...row,
      status: shown,
      statusWords: publicStatusWords(shown, row.expiresOn, today),
      fileUrl: allowDownload ? fileUrl : null,
    });
  }
  return certificates;
}

/** A published product's sheet and public certificates; today is New Zealand's, unless given. */
export async function getPublicBuildingInfo(
  productId: string,
  today = nzToday(),
): Promise<PublicBuildingInfo> {
  const [sheets, certificates] = await Promise.all([
    loadSheet(eq(products.id, productId)),
    loadCertificates(productId, today),
  ]);
  return { sheet: sheets[0] ?? null, certificates };
}

export type BuildingInfoSheetPage = {
  product: { id: string; name: string; slug: string; brandName: string | null };
  sheet: PublicSheet;
  certificates: PublicCertificate[];
};

/**
 * The printable sheet of a published product, by slug: null for an unknown or unpublished
 * product, and for one without a sheet.
 */
export async function getBuildingInfoSheetPage(
  slug: string,
  today = nzToday(),
): Promise<BuildingInfoSheetPage | null> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return null;
  const [row] = await getDb()
    .select({
      product: { id: products.id, name: products.name, slug: products.slug, brandName: brands.name },
      sheet: sheetColumns,
    })
    .from(products)
    .innerJoin(buildingInfoSheets, eq(buildingInfoSheets.id, products.buildingInfoId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.slug, slug), isPublished))
    .limit(1);
  if (!row) return null;
  return { ...row, certificates: await loadCertificates(row.product.id, today) };
}
