// The structured parts of a building product information sheet, as stored (jsonb) and as the
// forms and pages read them. The rules on them (what each class requires) live in
// app/modules/compliance.
import type { CompliancePathway, ProductIdentifierKind } from "./vocabulary";

/** A way to identify the product: an SKU, a model, a GTIN (barcode) or another code. */
export type ProductIdentifier = { kind: ProductIdentifierKind; value: string };

/** The New Zealand party responsible for the information (manufacturer or importer). */
export type ResponsibleParty = {
  legalName: string;
  tradingNames: string[];
  nzbn: string;
  address: string;
  phone: string;
  email: string;
  website: string;
};

/** The overseas manufacturer, where the product is imported. */
export type OverseasManufacturer = { name: string; address: string; country: string; website: string };

/** A Building Code clause the product relates to, and how it helps a building comply. */
export type CodeClause = {
  /** The clause, such as "B1", "B2", "E2" or "H1". */
  clause: string;
  contribution: string;
  limitations: string;
  pathway: CompliancePathway;
};

/** A supporting document: a test report, a technical statement, an installation guide. */
export type EvidenceDocument = { title: string; url: string };
