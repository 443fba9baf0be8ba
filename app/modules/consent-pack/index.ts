// The consent pack's index, worked out from what is on file: each product with its class, the
// documents that follow it (its building product information sheet, then each certificate that
// covers it and is valid on the day), and warnings in words where something a council will look
// for is missing. Which certificates go in is decided here and nowhere else: only those whose
// status that day is current or expiring (never expired, suspended, withdrawn or draft), each
// once, after the first product it covers. Pure, so the rules are tested at their date edges.
//
//   planPack({ products, certificates, today: "2026-11-27", neededUntil: "2027-06-30" })
//   // { entries: [{ product, classLabel: "Class 1", documents, warnings }], certificates }
import type { OverseasManufacturer } from "~/lib/building-info";
import { formatNzDate } from "~/lib/nz-date";
import type { BuildingProductClass, CertificateScheme, CertificateStanding } from "~/lib/vocabulary";
import {
  CERTIFICATE_STATUS_LABELS,
  certificateStatus,
  isPublicStatus,
} from "../compliance/certificate-status";
import { completenessOf, type SheetForRules } from "../compliance/completeness";
import { SCHEME_NAMES } from "../compliance/public-text";

/** A sheet as the pack prints it: the fields the rules read, and what names and dates it. */
export type PackSheet = Omit<SheetForRules, "manufacturer"> & {
  manufacturer: OverseasManufacturer | null;
  id: string;
  title: string;
  warnings: string | null;
  version: number;
  /** When it was last saved (ISO 8601): part of what the cached pack is keyed on. */
  updatedAt: string;
};

export type PackProduct = {
  id: string;
  name: string;
  sku: string | null;
  brandName: string | null;
  sheet: PackSheet | null;
};

export type PackCertificate = {
  id: string;
  title: string;
  scheme: CertificateScheme | null;
  certificateNumber: string | null;
  holder: string | null;
  certificationBody: string | null;
  scope: string | null;
  issuedOn: string | null;
  /** The last day it is valid. */
  expiresOn: string | null;
  standing: CertificateStanding;
  registerUrl: string | null;
  registerCheckedOn: string | null;
  /** Its file: "certificates/<stored name>" when stored here, else a link elsewhere. */
  fileUrl: string;
  /** False when staff keep its file from the public: the pack then carries its details, not its file. */
  allowDownload: boolean;
  /** The products of the pack it covers. */
  productIds: readonly string[];
};

/** The class as the index names it. */
export const CLASS_LABELS: Record<BuildingProductClass, string> = {
  class_1: "Class 1",
  class_2: "Class 2",
  exempt_codemark: "Exempt: CodeMark",
  exempt_other: "Exempt: other",
  not_designated: "Not designated",
};

export const NO_SHEET_LABEL = "Not classified";

export type IndexDocument =
  | { kind: "sheet"; title: string }
  | {
      kind: "certificate";
      certificateId: string;
      title: string;
      /** False when an earlier product of the pack carries it: the index points there. */
      appendedHere: boolean;
    };

/**
 * What the last pack holding a product carried for it: the certificates that went in, and the
 * losses that pack reported (kept while nothing changes, so a pack made again says the same).
 */
export type PackHistory = {
  /** The New Zealand day that pack was made (YYYY-MM-DD). */
  packedOn: string;
  certificates: { id: string; name: string }[];
  lost: PackLoss | null;
};

/** A product's history as a pack leaves it. */
export type ProductPackHistory = { productId: string; history: PackHistory };

/** The certificates a product lost since the pack made on `since`. */
export type PackLoss = { since: string; names: string[] };

export type IndexEntry = {
  product: PackProduct;
  classLabel: string;
  documents: IndexDocument[];
  warnings: string[];
  /** What the product lost since the last pack that held it; null when nothing. */
  lost: PackLoss | null;
  /** The product's history to keep after this pack; null when it is the one on file. */
  history: PackHistory | null;
};

export type PackPlan = {
  entries: IndexEntry[];
  /** The certificates that go in, each once, in the order they are appended. */
  certificates: PackCertificate[];
};

export type PackInput = {
  products: readonly PackProduct[];
  /** Every certificate covering any of the products, whatever its status. */
  certificates: readonly PackCertificate[];
  /** The New Zealand date the pack is valid on (YYYY-MM-DD). */
  today: string;
  /** The last day the builder needs the certificates valid for (YYYY-MM-DD), if given. */
  neededUntil?: string | null;
  /** Each product's last pack, by product id (none for a product never packed). */
  history?: ReadonlyMap<string, PackHistory>;
};

/** "CodeMark CM40123", "BRANZ Appraisal 1021", or the title when it has no number. */
export function certificateName(
  certificate: Pick<PackCertificate, "scheme" | "certificateNumber" | "title">,
) {
  const number = certificate.certificateNumber?.trim();
  if (!number) return certificate.title;
  return certificate.scheme ? `${SCHEME_NAMES[certificate.scheme]} ${number}` : `Certificate ${number}`;
}

/** Whether a certificate goes into a pack made on `today`: current or expiring that day. */
export function isIncluded(certificate: Pick<PackCertificate, "standing" | "expiresOn">, today: string) {
  return isPublicStatus(certificateStatus(certificate, today));
}

function byCertificateOrder(a: PackCertificate, b: PackCertificate) {
  // Building certificates (with a scheme) first, then by number and title, as the product page lists them.
  const scheme = Number(a.scheme === null) - Number(b.scheme === null);
  if (scheme !== 0) return scheme;
  const number = (a.certificateNumber ?? "").localeCompare(b.certificateNumber ?? "");
  if (number !== 0) return number;
  return a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
}

function sheetWarnings(product: PackProduct): string[] {
  const completeness = completenessOf(product.sheet);
  switch (completeness.state) {
    case "none":
      return ["No building product information sheet on file."];
    case "incomplete":
      return [
        `Building product information incomplete: missing ${completeness.missing
          .map((item) => item.label.toLowerCase())
          .join(", ")}.`,
      ];
    default:
      return [];
  }
}

/** What the index says about a certificate that goes in, when its dates call for it. */
function expiryWarning(certificate: PackCertificate, today: string, neededUntil: string | null | undefined) {
  const name = certificateName(certificate);
  const expiresOn = certificate.expiresOn;
  if (!expiresOn) return null;
  if (neededUntil && expiresOn < neededUntil)
    return `${name} expires on ${formatNzDate(expiresOn)}, before ${formatNzDate(neededUntil)}, the date the job needs it until.`;
  if (expiresOn === today) return `${name} expires today (${formatNzDate(expiresOn)}).`;
  if (certificateStatus(certificate, today) === "expiring")
    return `${name} expires on ${formatNzDate(expiresOn)}, within 90 days.`;
  return null;
}

/** Why a certificate on file for the product is left out (a draft is never mentioned). */
function leftOutWarning(certificate: PackCertificate, today: string) {
  const status = certificateStatus(certificate, today);
  if (status === "draft" || isPublicStatus(status)) return null;
  const when =
    status === "expired" && certificate.expiresOn ? ` on ${formatNzDate(certificate.expiresOn)}` : "";
  return `${certificateName(certificate)} ${CERTIFICATE_STATUS_LABELS[status]}${when}: not included.`;
}

function missingCertificateWarning(product: PackProduct, included: readonly PackCertificate[]) {
  const classification = product.sheet?.classification;
  if (classification === "exempt_codemark") {
    return included.some((c) => c.scheme === "codemark")
      ? null
      : "Exempt as CodeMark certified, but no current CodeMark certificate is on file.";
  }
  if (included.length > 0) return null;
  if (classification === "class_1" || classification === "class_2")
    return "No current certificate (CodeMark or appraisal) on file.";
  return null;
}

/**
 * What a product lost since its last pack, and its history after this one. A certificate that went
 * into the last pack and does not go into this one is lost (expired, suspended, withdrawn since,
 * or no longer covering the product). While the certificates going in stay those of the last
 * pack, the last pack's report stands, so the same pack made again says the same.
 */
export function lossSinceLastPack(
  previous: PackHistory | undefined,
  included: readonly Pick<PackCertificate, "id" | "scheme" | "certificateNumber" | "title">[],
  today: string,
): { lost: PackLoss | null; history: PackHistory | null } {
  const now = included.map((c) => ({ id: c.id, name: certificateName(c) }));
  if (!previous) return { lost: null, history: { packedOn: today, certificates: now, lost: null } };
  const ids = new Set(now.map((c) => c.id));
  const same =
    previous.certificates.length === now.length && previous.certificates.every((c) => ids.has(c.id));
  if (same) return { lost: previous.lost, history: null };
  const names = previous.certificates.filter((c) => !ids.has(c.id)).map((c) => c.name);
  const lost = names.length > 0 ? { since: previous.packedOn, names } : null;
  return { lost, history: { packedOn: today, certificates: now, lost } };
}

/** The index's words for what a product lost since its last pack. */
export function lossWarning(lost: PackLoss) {
  return `Lost since the last consent pack (${formatNzDate(lost.since)}): ${lost.names.join(", ")}.`;
}

/** The index of a pack, and the certificates that go in. */
export function planPack({ products, certificates, today, neededUntil, history }: PackInput): PackPlan {
  const byProduct = new Map<string, PackCertificate[]>();
  for (const certificate of [...certificates].sort(byCertificateOrder)) {
    for (const productId of certificate.productIds) {
      const list = byProduct.get(productId) ?? [];
      list.push(certificate);
      byProduct.set(productId, list);
    }
  }
  const appended = new Set<string>();
  const order: PackCertificate[] = [];
  const entries = products.map((product): IndexEntry => {
    const covering = byProduct.get(product.id) ?? [];
    const included = covering.filter((c) => isIncluded(c, today));
    const documents: IndexDocument[] = [
      { kind: "sheet", title: product.sheet ? "Building product information" : "Product summary" },
    ];
    for (const certificate of included) {
      const appendedHere = !appended.has(certificate.id);
      if (appendedHere) {
        appended.add(certificate.id);
        order.push(certificate);
      }
      documents.push({
        kind: "certificate",
        certificateId: certificate.id,
        title: certificateName(certificate),
        appendedHere,
      });
    }
    const since = lossSinceLastPack(history?.get(product.id), included, today);
    const warnings = [
      ...sheetWarnings(product),
      since.lost ? lossWarning(since.lost) : null,
      missingCertificateWarning(product, included),
      ...included.map((c) => expiryWarning(c, today, neededUntil)),
      ...covering.map((c) => leftOutWarning(c, today)),
    ].filter((warning): warning is string => warning !== null);
    return {
      product,
      classLabel: product.sheet ? CLASS_LABELS[product.sheet.classification] : NO_SHEET_LABEL,
      documents,
      warnings,
      ...since,
    };
  });
  return { entries, certificates: order };
}

/** The index's words for a certificate that could not be included. */
export function unreadableWords(certificate: Pick<PackCertificate, "registerUrl">) {
  return certificate.registerUrl
    ? `could not be included, see the register: ${certificate.registerUrl}`
    : "could not be included, see the register";
}
