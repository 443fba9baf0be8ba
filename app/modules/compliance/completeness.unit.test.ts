import fc from "fast-check";
import { expect, test } from "vitest";
import {
  BUILDING_INFO_RESPONSIBILITIES,
  BUILDING_PRODUCT_CLASSES,
  COMPLIANCE_PATHWAYS,
} from "~/lib/vocabulary";
import { completenessOf, missingInformation, publishRefusal, type SheetForRules } from "./completeness";
import { isValidGtin } from "./sheet.schema";

/** A Class 1 sheet written by its manufacturer with every required part filled in. */
function completeSheet(overrides: Partial<SheetForRules> = {}): SheetForRules {
  return {
    classification: "class_1",
    exemptReason: null,
    responsibility: "manufacturer",
    sourceUrl: null,
    description: "Treated pine framing timber.",
    intendedUse: "Wall framing.",
    identifiers: [{ kind: "sku", value: "PF-9045" }],
    responsibleParty: {
      legalName: "Kauri Mills Limited",
      tradingNames: [],
      nzbn: "9429041234567",
      address: "1 Mill Road, Rotorua",
      phone: "07 000 0000",
      email: "",
      website: "",
    },
    manufacturer: null,
    codeClauses: [
      { clause: "B1", contribution: "Carries loads.", limitations: "None.", pathway: "acceptable_solution" },
    ],
    scopeOfUse: "Timber-framed buildings under NZS 3604.",
    designRequirements: "Per NZS 3604.",
    installationRequirements: "Fix per NZS 3604.",
    maintenanceRequirements: "None.",
    requirementsDocumentUrl: null,
    evidence: [{ title: "Grading certificate", url: "https://example.nz/grade.pdf" }],
    reviewedOn: "2026-03-01",
    ...overrides,
  };
}

const text = fc.option(fc.string({ maxLength: 20 }), { nil: null });
const anySheet = fc.record({
  classification: fc.constantFrom(...BUILDING_PRODUCT_CLASSES),
  exemptReason: text,
  responsibility: fc.constantFrom(...BUILDING_INFO_RESPONSIBILITIES),
  sourceUrl: text,
  description: text,
  intendedUse: text,
  identifiers: fc.array(fc.record({ kind: fc.constant("sku" as const), value: fc.string() }), {
    maxLength: 2,
  }),
  responsibleParty: fc.constant(null),
  manufacturer: fc.constant(null),
  codeClauses: fc.array(
    fc.record({
      clause: fc.string(),
      contribution: fc.string(),
      limitations: fc.string(),
      pathway: fc.constantFrom(...COMPLIANCE_PATHWAYS),
    }),
    { maxLength: 2 },
  ),
  scopeOfUse: text,
  designRequirements: text,
  installationRequirements: text,
  maintenanceRequirements: text,
  requirementsDocumentUrl: text,
  evidence: fc.array(fc.record({ title: fc.string(), url: fc.string() }), { maxLength: 2 }),
  reviewedOn: text,
}) satisfies fc.Arbitrary<SheetForRules>;

test("a complete Class 1 or Class 2 sheet misses nothing, is complete and may be published", () => {
  for (const classification of ["class_1", "class_2"] as const) {
    const sheet = completeSheet({ classification });
    expect(missingInformation(sheet)).toEqual([]);
    expect(completenessOf(sheet)).toEqual({ state: "complete" });
    expect(publishRefusal(sheet)).toBeNull();
  }
});

test("a reseller's sheet with a source URL is never refused, whatever else it holds", () => {
  fc.assert(
    fc.property(anySheet, fc.webUrl(), (sheet, url) => {
      const resold = { ...sheet, responsibility: "reseller" as const, sourceUrl: url };
      expect(publishRefusal(resold)).toBeNull();
      expect(["linked", "not_required"]).toContain(completenessOf(resold).state);
    }),
  );
});

test("a not-designated or exempt sheet never blocks publishing", () => {
  fc.assert(
    fc.property(
      anySheet,
      fc.constantFrom("not_designated", "exempt_codemark", "exempt_other") as fc.Arbitrary<
        SheetForRules["classification"]
      >,
      (sheet, classification) => {
        expect(publishRefusal({ ...sheet, classification })).toBeNull();
      },
    ),
  );
});

test("no sheet: nothing blocks publishing and the badge says none", () => {
  expect(publishRefusal(null)).toBeNull();
  expect(completenessOf(null)).toEqual({ state: "none" });
});

// Each required part of a designated sheet, and the sheet without it.
const REMOVALS: [string, Partial<SheetForRules>][] = [
  ["description", { description: "  " }],
  ["intendedUse", { intendedUse: null }],
  ["identifiers", { identifiers: [] }],
  ["responsibleParty", { responsibleParty: null }],
  ["codeClauses", { codeClauses: [] }],
  ["scopeOfUse", { scopeOfUse: "" }],
  ["designRequirements", { designRequirements: null }],
  ["installationRequirements", { installationRequirements: null }],
  ["maintenanceRequirements", { maintenanceRequirements: null }],
  ["reviewedOn", { reviewedOn: null }],
];

test("removing any one required part of a complete Class 1 or 2 sheet makes it incomplete, names that part and refuses publishing", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...REMOVALS),
      fc.constantFrom("class_1", "class_2") as fc.Arbitrary<SheetForRules["classification"]>,
      fc.constantFrom("manufacturer", "importer") as fc.Arbitrary<SheetForRules["responsibility"]>,
      ([field, removal], classification, responsibility) => {
        const sheet = completeSheet({
          classification,
          responsibility,
          manufacturer: { name: "Acme Timber", country: "Chile" },
          ...removal,
        });
        const result = completenessOf(sheet);
        expect(result.state).toBe("incomplete");
        expect(missingInformation(sheet).map((m) => m.field)).toEqual([field]);
        expect(publishRefusal(sheet)).toMatch(/cannot be published/);
      },
    ),
  );
});

test("Class 2 needs its supporting evidence; an importer names the overseas manufacturer", () => {
  expect(
    missingInformation(completeSheet({ classification: "class_2", evidence: [] })).map((m) => m.field),
  ).toEqual(["evidence"]);
  expect(missingInformation(completeSheet({ classification: "class_1", evidence: [] }))).toEqual([]);
  expect(missingInformation(completeSheet({ responsibility: "importer" })).map((m) => m.field)).toEqual([
    "manufacturer",
  ]);
});

test("a requirements document stands in for the written design, installation and maintenance requirements", () => {
  const sheet = completeSheet({
    designRequirements: null,
    installationRequirements: null,
    maintenanceRequirements: null,
    requirementsDocumentUrl: "https://example.nz/install.pdf",
  });
  expect(missingInformation(sheet)).toEqual([]);
});

test("a designated sheet with a source URL may be published even when incomplete", () => {
  expect(
    publishRefusal(completeSheet({ description: null, sourceUrl: "https://maker.example/bpi" })),
  ).toBeNull();
});

test("GTINs need 8, 12, 13 or 14 digits and a correct check digit", () => {
  for (const good of ["96385074", "036000291452", "9421902960147", "4006381333931", "10614141000415"])
    expect(isValidGtin(good), good).toBe(true);
  for (const bad of ["9421902960148", "123", "12345678901", "abcdefghijklm", "4006381333932"])
    expect(isValidGtin(bad), bad).toBe(false);
});
