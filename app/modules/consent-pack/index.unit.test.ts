// The consent pack's index at the date edges: a certificate is in while it is valid (through its
// expiry date), flagged from 90 days before it expires or when it expires before the job's date,
// and left out (and said so) once expired, suspended or withdrawn; a draft is never named.
import { expect, test } from "vitest";
import { type PackCertificate, type PackProduct, type PackSheet, planPack } from "./index";

const TODAY = "2026-06-01";

const COMPLETE_CLASS_1: PackSheet = {
  id: "sheet-1",
  title: "Steel roofing",
  classification: "class_1",
  exemptReason: null,
  responsibility: "manufacturer",
  sourceUrl: null,
  description: "Roll-formed steel roofing.",
  intendedUse: "Roof cladding.",
  identifiers: [{ kind: "model", value: "IS-CORR-040" }],
  responsibleParty: {
    legalName: "Ironsand Roofing Limited",
    tradingNames: [],
    nzbn: "9429041000017",
    address: "42 Rolling Mill Road, Glenbrook",
    phone: "09 555 0142",
    email: "",
    website: "",
  },
  manufacturer: null,
  codeClauses: [
    { clause: "E2", contribution: "Sheds rain.", limitations: "Pitch 3°.", pathway: "appraisal" },
  ],
  scopeOfUse: "NZS 3604 buildings.",
  designRequirements: "See the guide.",
  installationRequirements: "See the guide.",
  maintenanceRequirements: "Wash yearly.",
  requirementsDocumentUrl: null,
  evidence: [],
  reviewedOn: "2026-01-10",
  warnings: null,
  version: 1,
  updatedAt: "2026-01-10T00:00:00.000Z",
};

function product(id: string, sheet: PackSheet | null = COMPLETE_CLASS_1): PackProduct {
  return { id, name: `Product ${id}`, sku: `SKU-${id}`, brandName: null, sheet };
}

function certificate(id: string, fields: Partial<PackCertificate> = {}): PackCertificate {
  return {
    id,
    title: `Appraisal ${id}`,
    scheme: "branz_appraisal",
    certificateNumber: id,
    holder: null,
    certificationBody: "BRANZ",
    scope: null,
    issuedOn: "2024-01-01",
    expiresOn: "2028-01-01",
    standing: "active",
    registerUrl: `https://appraisals.example.nz/${id}`,
    registerCheckedOn: null,
    fileUrl: `certificates/1700000000000-00000000000000aa.pdf`,
    allowDownload: true,
    productIds: ["a"],
    ...fields,
  };
}

function planOne(cert: PackCertificate, neededUntil: string | null = null) {
  const plan = planPack({ products: [product("a")], certificates: [cert], today: TODAY, neededUntil });
  const entry = plan.entries[0];
  if (!entry) throw new Error("no entry");
  return { plan, entry };
}

test.each([
  {
    name: "expired yesterday",
    expiresOn: "2026-05-31",
    included: false,
    warning: /expired on 31 May 2026: not included/,
  },
  {
    name: "expires today",
    expiresOn: "2026-06-01",
    included: true,
    warning: /expires today \(1 June 2026\)/,
  },
  {
    name: "expires tomorrow",
    expiresOn: "2026-06-02",
    included: true,
    warning: /expires on 2 June 2026, within 90 days/,
  },
  {
    name: "expires in 90 days",
    expiresOn: "2026-08-30",
    included: true,
    warning: /expires on 30 August 2026, within 90 days/,
  },
  { name: "expires in 91 days", expiresOn: "2026-08-31", included: true, warning: null },
  { name: "has no expiry date", expiresOn: null, included: true, warning: null },
])("a certificate that $name", ({ expiresOn, included, warning }) => {
  const { plan, entry } = planOne(certificate("B1", { expiresOn }));
  expect(plan.certificates.map((c) => c.id)).toEqual(included ? ["B1"] : []);
  expect(entry.documents.some((d) => d.kind === "certificate")).toBe(included);
  if (warning) expect(entry.warnings.join("\n")).toMatch(warning);
  else expect(entry.warnings).toEqual([]);
});

test.each([
  { neededUntil: "2027-03-01", expiresOn: "2027-02-28", warned: true },
  { neededUntil: "2027-03-01", expiresOn: "2027-03-01", warned: false },
  { neededUntil: "2027-03-01", expiresOn: "2027-03-02", warned: false },
])("needed until $neededUntil, expiring $expiresOn: warned $warned", ({ neededUntil, expiresOn, warned }) => {
  const { entry } = planOne(certificate("B1", { expiresOn }), neededUntil);
  const text = entry.warnings.join("\n");
  if (warned)
    expect(text).toBe(
      "BRANZ Appraisal B1 expires on 28 February 2027, before 1 March 2027, the date the job needs it until.",
    );
  else expect(text).toBe("");
});

test("suspended and withdrawn certificates are left out and named; a draft is left out silently", () => {
  const { plan, entry } = planOne(certificate("S", { standing: "suspended", scheme: "codemark" }));
  expect(plan.certificates).toEqual([]);
  expect(entry.warnings).toContain("CodeMark S suspended: not included.");
  expect(entry.warnings).toContain("No current certificate (CodeMark or appraisal) on file.");
  const withdrawn = planOne(certificate("W", { standing: "withdrawn" })).entry.warnings;
  expect(withdrawn).toContain("BRANZ Appraisal W withdrawn: not included.");
  const draft = planOne(certificate("D", { standing: "draft" })).entry.warnings;
  expect(draft.join("\n")).not.toMatch(/BRANZ Appraisal D/);
});

test("a certificate covering several products goes in once, after the first; the others point at it", () => {
  const shared = certificate("CM1", { scheme: "codemark", productIds: ["a", "b"] });
  const own = certificate("B2", { productIds: ["b"] });
  const plan = planPack({
    products: [product("a"), product("b")],
    certificates: [own, shared],
    today: TODAY,
  });
  expect(plan.certificates.map((c) => c.id)).toEqual(["CM1", "B2"]);
  expect(plan.entries[0]?.documents).toEqual([
    { kind: "sheet", title: "Building product information" },
    { kind: "certificate", certificateId: "CM1", title: "CodeMark CM1", appendedHere: true },
  ]);
  // Each product's certificates in the product page's order (by number).
  expect(plan.entries[1]?.documents.slice(1)).toEqual([
    { kind: "certificate", certificateId: "B2", title: "BRANZ Appraisal B2", appendedHere: true },
    { kind: "certificate", certificateId: "CM1", title: "CodeMark CM1", appendedHere: false },
  ]);
});

test("classes in the index's words, and warnings for a missing or incomplete sheet", () => {
  const incomplete: PackSheet = { ...COMPLETE_CLASS_1, classification: "class_2", description: null };
  const exempt: PackSheet = { ...COMPLETE_CLASS_1, classification: "exempt_codemark" };
  const other: PackSheet = {
    ...COMPLETE_CLASS_1,
    classification: "exempt_other",
    exemptReason: "Minor product.",
  };
  const plain: PackSheet = { ...COMPLETE_CLASS_1, classification: "not_designated" };
  const plan = planPack({
    products: [
      product("1"),
      product("2", incomplete),
      product("3", exempt),
      product("4", other),
      product("5", plain),
      product("6", null),
    ],
    certificates: [],
    today: TODAY,
  });
  expect(plan.entries.map((e) => e.classLabel)).toEqual([
    "Class 1",
    "Class 2",
    "Exempt: CodeMark",
    "Exempt: other",
    "Not designated",
    "Not classified",
  ]);
  expect(plan.entries.map((e) => e.warnings)).toEqual([
    ["No current certificate (CodeMark or appraisal) on file."],
    [
      "Building product information incomplete: missing description, supporting evidence.",
      "No current certificate (CodeMark or appraisal) on file.",
    ],
    ["Exempt as CodeMark certified, but no current CodeMark certificate is on file."],
    [],
    [],
    ["No building product information sheet on file."],
  ]);
});

test("a product's first pack reports no loss and starts its history", () => {
  const plan = planPack({
    products: [product("p1")],
    certificates: [certificate("A", { productIds: ["p1"] })],
    today: TODAY,
  });
  const entry = plan.entries[0];
  expect(entry?.lost).toBeNull();
  expect(entry?.history).toEqual({
    packedOn: TODAY,
    certificates: [{ id: "A", name: "BRANZ Appraisal A" }],
    lost: null,
  });
  expect(entry?.warnings.join(" ")).not.toContain("Lost since");
});

test("a certificate in the last pack that no longer goes in is reported lost, with the last pack's date", () => {
  const history = new Map([
    [
      "p1",
      {
        packedOn: "2026-03-02",
        certificates: [
          { id: "A", name: "BRANZ Appraisal A" },
          { id: "B", name: "BRANZ Appraisal B" },
        ],
        lost: null,
      },
    ],
  ]);
  // B is suspended now; C no longer covers the product at all (it is not among the certificates).
  const plan = planPack({
    products: [product("p1")],
    certificates: [
      certificate("A", { productIds: ["p1"] }),
      certificate("B", { productIds: ["p1"], standing: "suspended" }),
    ],
    today: TODAY,
    history,
  });
  const entry = plan.entries[0];
  expect(entry?.lost).toEqual({ since: "2026-03-02", names: ["BRANZ Appraisal B"] });
  expect(entry?.warnings).toContain("Lost since the last consent pack (2 March 2026): BRANZ Appraisal B.");
  expect(entry?.history).toEqual({
    packedOn: TODAY,
    certificates: [{ id: "A", name: "BRANZ Appraisal A" }],
    lost: { since: "2026-03-02", names: ["BRANZ Appraisal B"] },
  });

  // Made again with nothing changed: the same report, and the history on file stands.
  const again = planPack({
    products: [product("p1")],
    certificates: [certificate("A", { productIds: ["p1"] })],
    today: "2026-06-02",
    history: new Map([["p1", entry?.history ?? { packedOn: "", certificates: [], lost: null }]]),
  });
  expect(again.entries[0]?.lost).toEqual({ since: "2026-03-02", names: ["BRANZ Appraisal B"] });
  expect(again.entries[0]?.history).toBeNull();
});

test("a certificate that expires on the day after the last pack is lost; one still valid on its last day is not", () => {
  const history = new Map([
    ["p1", { packedOn: "2026-05-01", certificates: [{ id: "A", name: "BRANZ Appraisal A" }], lost: null }],
  ]);
  const lastDay = planPack({
    products: [product("p1")],
    certificates: [certificate("A", { productIds: ["p1"], expiresOn: TODAY })],
    today: TODAY,
    history,
  });
  expect(lastDay.entries[0]?.lost).toBeNull();
  expect(lastDay.entries[0]?.history).toBeNull();
  const dayAfter = planPack({
    products: [product("p1")],
    certificates: [certificate("A", { productIds: ["p1"], expiresOn: "2026-05-31" })],
    today: TODAY,
    history,
  });
  expect(dayAfter.entries[0]?.lost).toEqual({ since: "2026-05-01", names: ["BRANZ Appraisal A"] });
});

test("a product that gains a certificate starts a new history without a loss", () => {
  const history = new Map([
    [
      "p1",
      {
        packedOn: "2026-05-01",
        certificates: [{ id: "A", name: "BRANZ Appraisal A" }],
        lost: { since: "2026-04-01", names: ["X"] },
      },
    ],
  ]);
  const plan = planPack({
    products: [product("p1")],
    certificates: [certificate("A", { productIds: ["p1"] }), certificate("B", { productIds: ["p1"] })],
    today: TODAY,
    history,
  });
  expect(plan.entries[0]?.lost).toBeNull();
  expect(plan.entries[0]?.history?.certificates.map((c) => c.id)).toEqual(["A", "B"]);
});
