// What a building product information sheet must hold for its class, and whether a product may
// be published with it. The Building (Building Product Information Requirements) Regulations
// 2022 require the information of a designated product (Class 1 or Class 2) to be public before
// it is offered for sale; a reseller may link to the manufacturer's published information
// instead of writing it. This is the rule the server enforces; it is not legal advice.
//
//   missingInformation(sheet)        // [{ field: "intendedUse", label: "Intended use" }, …]
//   publishRefusal(sheet)            // null, or the message that refuses publishing
import type { CodeClause, ProductIdentifier, ResponsibleParty } from "~/lib/building-info";
import type { BuildingInfoResponsibility, BuildingProductClass } from "~/lib/vocabulary";

/** The parts of a sheet the rules read. */
export type SheetForRules = {
  classification: BuildingProductClass;
  exemptReason: string | null;
  responsibility: BuildingInfoResponsibility;
  sourceUrl: string | null;
  description: string | null;
  intendedUse: string | null;
  identifiers: readonly ProductIdentifier[];
  responsibleParty: ResponsibleParty | null;
  manufacturer: { name: string; country: string } | null;
  codeClauses: readonly CodeClause[];
  scopeOfUse: string | null;
  designRequirements: string | null;
  installationRequirements: string | null;
  maintenanceRequirements: string | null;
  requirementsDocumentUrl: string | null;
  evidence: readonly { title: string; url: string }[];
  reviewedOn: string | null;
};

export type MissingItem = { field: string; label: string };

/** Designated building products: their information must be public before they are sold. */
export function isDesignated(classification: BuildingProductClass) {
  return classification === "class_1" || classification === "class_2";
}

const filled = (value: string | null | undefined) => !!value && value.trim().length > 0;

function partyMissing(party: ResponsibleParty | null): boolean {
  if (!party) return true;
  const contact = filled(party.phone) || filled(party.email) || filled(party.website);
  return !filled(party.legalName) || !filled(party.address) || !contact;
}

function clausesComplete(clauses: readonly CodeClause[]) {
  return (
    clauses.length > 0 &&
    clauses.every((c) => filled(c.clause) && filled(c.contribution) && filled(c.limitations) && !!c.pathway)
  );
}

/**
 * What the sheet is missing for its class. A reseller's sheet needs only the link to the
 * published information; a designated product's needs every part the regulations list (Class 2
 * also its supporting evidence); an exempt product's, the reason (or its CodeMark certificate,
 * which the certificates themselves show).
 */
export function missingInformation(sheet: SheetForRules): MissingItem[] {
  const missing: MissingItem[] = [];
  const need = (ok: boolean, field: string, label: string) => {
    if (!ok) missing.push({ field, label });
  };
  if (sheet.responsibility === "reseller") {
    need(filled(sheet.sourceUrl), "sourceUrl", "Link to the published information");
    return missing;
  }
  switch (sheet.classification) {
    case "not_designated":
      return missing;
    case "exempt_other":
      need(filled(sheet.exemptReason), "exemptReason", "Reason for the exemption");
      return missing;
    case "exempt_codemark":
      need(sheet.identifiers.length > 0, "identifiers", "Product identifiers");
      return missing;
    case "class_1":
    case "class_2":
      break;
  }
  need(filled(sheet.description), "description", "Description");
  need(filled(sheet.intendedUse), "intendedUse", "Intended use");
  need(sheet.identifiers.length > 0, "identifiers", "Product identifiers");
  need(!partyMissing(sheet.responsibleParty), "responsibleParty", "New Zealand responsible party");
  if (sheet.responsibility === "importer")
    need(
      !!sheet.manufacturer && filled(sheet.manufacturer.name) && filled(sheet.manufacturer.country),
      "manufacturer",
      "Overseas manufacturer",
    );
  need(clausesComplete(sheet.codeClauses), "codeClauses", "Building Code clauses");
  need(filled(sheet.scopeOfUse), "scopeOfUse", "Scope of use");
  const document = filled(sheet.requirementsDocumentUrl);
  need(document || filled(sheet.designRequirements), "designRequirements", "Design requirements");
  need(
    document || filled(sheet.installationRequirements),
    "installationRequirements",
    "Installation requirements",
  );
  need(
    document || filled(sheet.maintenanceRequirements),
    "maintenanceRequirements",
    "Maintenance requirements",
  );
  if (sheet.classification === "class_2") need(sheet.evidence.length > 0, "evidence", "Supporting evidence");
  need(filled(sheet.reviewedOn), "reviewedOn", "Date last reviewed");
  return missing;
}

/** A product's standing on building information, for its badge. */
export type Completeness =
  | { state: "none" }
  | { state: "not_required" }
  | { state: "linked" }
  | { state: "complete" }
  | { state: "incomplete"; missing: MissingItem[] };

export function completenessOf(sheet: SheetForRules | null): Completeness {
  if (!sheet) return { state: "none" };
  if (sheet.classification === "not_designated") return { state: "not_required" };
  const missing = missingInformation(sheet);
  if (missing.length > 0) return { state: "incomplete", missing };
  return sheet.responsibility === "reseller" ? { state: "linked" } : { state: "complete" };
}

/**
 * Why a product with this sheet may not be published, or null when it may. Only a designated
 * product is held back: while its required information is incomplete and no source URL (the
 * manufacturer's published information) is on file.
 */
export function publishRefusal(sheet: SheetForRules | null): string | null {
  if (!sheet || !isDesignated(sheet.classification) || filled(sheet.sourceUrl)) return null;
  const missing = missingInformation(sheet);
  if (missing.length === 0) return null;
  return `This designated building product cannot be published until its building product information is complete or links to the published information. Missing: ${missing.map((m) => m.label.toLowerCase()).join(", ")}.`;
}
