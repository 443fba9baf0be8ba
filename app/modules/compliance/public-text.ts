// The words the public pages use for a building product information sheet and its certificates:
// a class, a pathway, a scheme, and the one line that says whether a certificate is current.
// Pure, so the product page, the printable sheet and the JSON-LD read the same text.
//
//   certificateLine({ certificateNumber: "CM12345", title: "…", statusWords: "current", registerCheckedOn: "2026-03-03" })
//   // "Certificate CM12345, current, checked against the register on 3 March 2026"
//   certificateHeading({ scheme: "branz_appraisal", title: "BRANZ Appraisal 1021: Roofing" })
//   // "BRANZ Appraisal 1021: Roofing" (the title names the scheme already)
import { formatNzDate } from "~/lib/nz-date";
import type {
  BuildingInfoResponsibility,
  BuildingProductClass,
  CertificateScheme,
  CompliancePathway,
  ProductIdentifierKind,
} from "~/lib/vocabulary";

export const PRODUCT_CLASS_NAMES: Record<BuildingProductClass, string> = {
  class_1: "Class 1 designated building product",
  class_2: "Class 2 designated building product",
  exempt_codemark: "Exempt: CodeMark certified",
  exempt_other: "Exempt from the building product information requirements",
  not_designated: "Not a designated building product",
};

/** What the class means for a buyer, in one plain line. */
export const PRODUCT_CLASS_MEANINGS: Record<BuildingProductClass, string> = {
  class_1:
    "Its information must be publicly available, free, before it is offered for sale (Building Product Information Requirements Regulations 2022).",
  class_2:
    "Its information, including the evidence that supports it, must be publicly available, free, before it is offered for sale (Building Product Information Requirements Regulations 2022).",
  exempt_codemark:
    "This product holds a CodeMark certificate, which stands in place of the building product information the regulations otherwise require.",
  exempt_other: "The building product information requirements do not apply to this product.",
  not_designated:
    "The building product information requirements do not apply to this product: it is not a designated building product.",
};

export const RESPONSIBILITY_NAMES: Record<BuildingInfoResponsibility, string> = {
  manufacturer: "The New Zealand manufacturer",
  importer: "The importer",
  reseller: "The manufacturer or importer (Trade Counter resells this product)",
};

export const PATHWAY_NAMES: Record<CompliancePathway, string> = {
  acceptable_solution: "Acceptable Solution",
  verification_method: "Verification Method",
  alternative_solution: "Alternative solution",
  codemark: "CodeMark certificate",
  appraisal: "Appraisal (such as a BRANZ Appraisal)",
};

export const SCHEME_NAMES: Record<CertificateScheme, string> = {
  codemark: "CodeMark",
  branz_appraisal: "BRANZ Appraisal",
  other: "Other certification",
};

export const IDENTIFIER_NAMES: Record<ProductIdentifierKind, string> = {
  sku: "SKU",
  model: "Model",
  gtin: "GTIN (barcode)",
  other: "Other code",
};

export type CertificateForLine = {
  title: string;
  certificateNumber: string | null;
  /** Its status in words (publicStatusWords): "current", "expiring", "expires today". */
  statusWords: string;
  registerCheckedOn: string | null;
};

/** "Certificate CM12345, current, checked against the register on 3 March 2026". */
export function certificateLine(certificate: CertificateForLine) {
  const name = certificate.certificateNumber?.trim() || certificate.title;
  const checked = certificate.registerCheckedOn
    ? `, checked against the register on ${formatNzDate(certificate.registerCheckedOn)}`
    : "";
  return `Certificate ${name}, ${certificate.statusWords}${checked}`;
}

/** "CodeMark: Bevelback weatherboards"; the title alone when it names the scheme itself. */
export function certificateHeading(certificate: { scheme: CertificateScheme | null; title: string }) {
  if (!certificate.scheme) return certificate.title;
  const scheme = SCHEME_NAMES[certificate.scheme];
  return certificate.title.toLowerCase().includes(scheme.toLowerCase())
    ? certificate.title
    : `${scheme}: ${certificate.title}`;
}

/** "Building product information: Kwila Decking", the printable sheet's title. */
export function sheetTitleFor(productName: string) {
  return `Building product information: ${productName}`;
}

/** The printable sheet of a product. */
export function sheetPathFor(slug: string) {
  return `/catalog/${slug}/building-information`;
}
