// Structured data (schema.org JSON-LD) for search engines: the business on / and /contact, a
// product on its page, breadcrumbs on the catalogue. Pure builders plus the serializer that makes
// the JSON safe inside a <script> element.
//
// There is no public price, so a Product never has an `offers` block: an offer without a price is
// invalid, and a price of 0 would tell search engines the goods are free.
import type { CodeClause, ProductIdentifier } from "~/lib/building-info";
import type { BuildingProductClass, CertificateScheme } from "~/lib/vocabulary";
import {
  PATHWAY_NAMES,
  PRODUCT_CLASS_NAMES,
  SCHEME_NAMES,
  sheetPathFor,
  sheetTitleFor,
} from "~/modules/compliance/public-text";
import type { ContactInfo } from "~/modules/content/contact-info";
import { absoluteUrl, SITE_NAME, type SiteSeo } from "./meta";

export type JsonLdObject = { "@context"?: string; "@type": string | string[] } & Record<string, unknown>;

const CONTEXT = "https://schema.org";

/**
 * JSON for a <script type="application/ld+json">. A data block is not executed (so the CSP's
 * script-src does not apply), but the HTML parser still ends it at the first "</script": `<`, `>`
 * and `&` are written as JSON escapes, which parse back to the same text.
 */
export function serializeJsonLd(data: JsonLdObject | JsonLdObject[]) {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

// ---------------------------------------------------------------- the business

const DAY_CODES: Record<string, string> = {
  mon: "Mo",
  tue: "Tu",
  wed: "We",
  thu: "Th",
  fri: "Fr",
  sat: "Sa",
  sun: "Su",
};
const RANGE_SEPARATOR = /\s*(?:-|–|—|\bto\b)\s*/i;

function dayCode(word: string) {
  return DAY_CODES[word.trim().slice(0, 3).toLowerCase()];
}

/** "Mon-Fri" → "Mo-Fr", "Sat, Sun" → "Sa,Su", "Saturday" → "Sa"; null when it names no days. */
function toDays(label: string) {
  const parts = label.split(/\s*(?:,|&|\band\b)\s*/i).filter(Boolean);
  const codes = parts.map((part) => {
    const ends = part.split(RANGE_SEPARATOR).map(dayCode);
    if (ends.length === 1) return ends[0];
    if (ends.length === 2 && ends[0] && ends[1]) return `${ends[0]}-${ends[1]}`;
    return undefined;
  });
  return codes.length > 0 && codes.every(Boolean) ? codes.join(",") : null;
}

/** "7AM" → "07:00", "5:30 pm" → "17:30", "17:00" → "17:00"; null otherwise. */
function toTime(text: string) {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])?\.?\s*m?\.?$/i.exec(text.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const half = match[3]?.toLowerCase();
  if (half === "p" && hours < 12) hours += 12;
  if (half === "a" && hours === 12) hours = 0;
  if (hours > 24 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/**
 * The contact content's business hours ({"Mon-Fri": "7AM-5PM"}) as schema.org openingHours
 * ("Mo-Fr 07:00-17:00"). Staff write them freely: entries that do not read as days and a time
 * range ("Closed", "Public holidays") are left out rather than published wrong.
 */
export function toOpeningHours(hours: Record<string, string>) {
  const result: string[] = [];
  for (const [label, value] of Object.entries(hours)) {
    const days = toDays(label);
    const times = value.split(RANGE_SEPARATOR);
    if (!days || times.length !== 2) continue;
    const [opens, closes] = times.map((time) => toTime(time ?? ""));
    if (opens && closes) result.push(`${days} ${opens}-${closes}`);
  }
  return result;
}

/** "42 Station Road, Penrose, Auckland 1061" as a schema.org PostalAddress. */
export function toPostalAddress(address: string) {
  const parts = address
    .split(/\s*,\s*|\n+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const last = parts.at(-1) ?? "";
  const postcode = /\b(\d{4})$/.exec(last)?.[1];
  const locality = postcode ? last.slice(0, -postcode.length).trim() : parts.length > 1 ? last : "";
  return {
    "@type": "PostalAddress",
    streetAddress: (parts.length > 1 ? parts.slice(0, -1) : parts).join(", "),
    ...(locality ? { addressLocality: locality } : {}),
    ...(postcode ? { postalCode: postcode } : {}),
    addressCountry: "NZ",
  };
}

function businessIds(site: SiteSeo) {
  return { organization: absoluteUrl(site, "/#organization"), business: absoluteUrl(site, "/#business") };
}

export function organizationJsonLd(site: SiteSeo, contact: ContactInfo): JsonLdObject {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    "@id": businessIds(site).organization,
    name: SITE_NAME,
    url: absoluteUrl(site, "/"),
    logo: absoluteUrl(site, "/favicon.svg"),
    email: contact.email,
    telephone: contact.phone,
    sameAs: Object.values(contact.socialLinks).filter(Boolean),
  };
}

export function localBusinessJsonLd(site: SiteSeo, contact: ContactInfo): JsonLdObject {
  const ids = businessIds(site);
  return {
    "@context": CONTEXT,
    "@type": "LocalBusiness",
    "@id": ids.business,
    name: SITE_NAME,
    url: absoluteUrl(site, "/"),
    image: absoluteUrl(site, "/social-card.png"),
    telephone: contact.phone,
    email: contact.email,
    address: toPostalAddress(contact.address),
    openingHours: toOpeningHours(contact.businessHours),
    parentOrganization: { "@id": ids.organization },
  };
}

/** Organization and LocalBusiness, for / and /contact. */
export function businessJsonLd(site: SiteSeo, contact: ContactInfo) {
  return [organizationJsonLd(site, contact), localBusinessJsonLd(site, contact)];
}

// ---------------------------------------------------------------- pages

export type Crumb = { name: string; path: string };

export function breadcrumbJsonLd(site: SiteSeo, crumbs: Crumb[]): JsonLdObject {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(site, crumb.path),
    })),
  };
}

export type ProductForJsonLd = {
  name: string;
  slug: string;
  /** The trader's stock code: schema.org's `sku`, before any on the building information sheet. */
  sku?: string | null;
  description: string | null;
  imageUrl: string | null;
  brandName: string | null;
  categoryName: string | null;
};

/**
 * A product without `offers`: see the note at the top of this file. With its building
 * information, it also carries identifiers, classification, clauses and certificates.
 */
export function productJsonLd(
  site: SiteSeo,
  product: ProductForJsonLd,
  buildingInfo?: BuildingInfoForJsonLd,
): JsonLdObject {
  return {
    "@context": CONTEXT,
    "@type": "Product",
    name: product.name,
    url: absoluteUrl(site, `/catalog/${product.slug}`),
    ...(product.description ? { description: product.description } : {}),
    ...(product.imageUrl ? { image: absoluteUrl(site, product.imageUrl) } : {}),
    ...(product.brandName ? { brand: { "@type": "Brand", name: product.brandName } } : {}),
    ...(product.categoryName ? { category: product.categoryName } : {}),
    ...(buildingInfo ? buildingInfoJsonLd(site, product, buildingInfo) : {}),
    ...(product.sku ? { sku: product.sku } : {}),
  };
}

// ---------------------------------------------------------------- building product information

export type BuildingInfoForJsonLd = {
  sheet: {
    classification: BuildingProductClass;
    identifiers: readonly ProductIdentifier[];
    codeClauses: readonly CodeClause[];
    version: number;
    reviewedOn: string | null;
  } | null;
  certificates: readonly {
    title: string;
    scheme: CertificateScheme | null;
    certificateNumber: string | null;
    certificationBody: string | null;
    issuedOn: string | null;
    expiresOn: string | null;
    registerUrl: string | null;
  }[];
};

/** A GTIN's schema.org property by its length (gtin8, gtin12, gtin13, gtin14); null when it is not one. */
function gtinProperty(value: string) {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d+$/.test(digits) || ![8, 12, 13, 14].includes(digits.length)) return null;
  return [`gtin${digits.length}`, digits] as const;
}

/**
 * What schema.org has a place for from a product's sheet and certificates: its GTINs, SKU and
 * model, its class and Building Code clauses as properties, its current certificates, and the
 * printable sheet as a document about it.
 */
export function buildingInfoJsonLd(
  site: SiteSeo,
  product: { name: string; slug: string },
  info: BuildingInfoForJsonLd,
): Record<string, unknown> {
  const { sheet, certificates } = info;
  const fields: Record<string, unknown> = {};
  if (sheet) {
    for (const identifier of sheet.identifiers) {
      const gtin = identifier.kind === "gtin" ? gtinProperty(identifier.value) : null;
      if (gtin) fields[gtin[0]] ??= gtin[1];
      if (identifier.kind === "sku") fields.sku ??= identifier.value;
      if (identifier.kind === "model") fields.model ??= identifier.value;
    }
    fields.additionalProperty = [
      {
        "@type": "PropertyValue",
        name: "Building product classification",
        value: PRODUCT_CLASS_NAMES[sheet.classification],
      },
      ...sheet.codeClauses.map((clause) => ({
        "@type": "PropertyValue",
        name: "Building Code clause",
        propertyID: clause.clause,
        value: clause.clause,
        description: [clause.contribution, PATHWAY_NAMES[clause.pathway]].filter(Boolean).join(" "),
      })),
    ];
    fields.subjectOf = {
      "@type": "DigitalDocument",
      name: sheetTitleFor(product.name),
      url: absoluteUrl(site, sheetPathFor(product.slug)),
      version: String(sheet.version),
      ...(sheet.reviewedOn ? { dateModified: sheet.reviewedOn } : {}),
    };
  }
  if (certificates.length > 0) {
    fields.hasCertification = certificates.map((certificate) => {
      const issuer =
        certificate.certificationBody || (certificate.scheme ? SCHEME_NAMES[certificate.scheme] : null);
      return {
        "@type": "Certification",
        name: certificate.title,
        ...(certificate.certificateNumber
          ? { certificationIdentification: certificate.certificateNumber }
          : {}),
        ...(issuer ? { issuedBy: { "@type": "Organization", name: issuer } } : {}),
        ...(certificate.issuedOn ? { validFrom: certificate.issuedOn } : {}),
        ...(certificate.expiresOn ? { expires: certificate.expiresOn } : {}),
        ...(certificate.registerUrl ? { url: certificate.registerUrl } : {}),
        certificationStatus: "CertificationActive",
      };
    });
  }
  return fields;
}
