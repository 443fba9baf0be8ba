// Demo building-compliance data: information sheets in every state a trader meets (complete
// Class 1 for a product line, complete Class 2 with its evidence, incomplete on a draft product,
// linked to a manufacturer's published information, exempt, not designated), and which demo
// products each covers. The certificates in every status are in showcase.ts (CERTIFICATIONS),
// with the products they cover. Names and numbers are invented.
import type { buildingInfoSheets } from "~/server/db/schema";

type SheetSeed = Omit<typeof buildingInfoSheets.$inferInsert, "id" | "createdAt" | "updatedAt"> & {
  /** The demo products (by name) that use the sheet. */
  products: string[];
  /** Days before the seed that the sheet was last reviewed. */
  reviewedDaysAgo?: number;
};

const IRONSAND = {
  legalName: "Ironsand Roofing Limited",
  tradingNames: ["Ironsand Roofing"],
  nzbn: "9429041000017",
  address: "42 Rolling Mill Road, Glenbrook 2681",
  phone: "09 555 0142",
  email: "technical@ironsand.example.nz",
  website: "https://ironsand.example.nz",
};

const TRADE_COUNTER = {
  legalName: "Trade Counter Limited",
  tradingNames: ["Trade Counter"],
  nzbn: "9429041000024",
  address: "18 Great South Road, Penrose, Auckland 1061",
  phone: "09 555 0100",
  email: "compliance@tradecounter.example.nz",
  website: "https://tradecounter.example.nz",
};

export const DEMO_SHEETS: SheetSeed[] = [
  {
    title: "Ironsand pre-painted steel roofing and flashings",
    classification: "class_1",
    responsibility: "manufacturer",
    description:
      "Roll-formed steel roofing and flashings in 0.40 and 0.55 mm base metal thickness, pre-painted or zinc-aluminium coated.",
    intendedUse: "Roof and wall cladding, ridge capping and flashings on timber- or steel-framed buildings.",
    identifiers: [
      { kind: "model", value: "IS-CORR-040" },
      { kind: "model", value: "IS-5RIB-055" },
      { kind: "gtin", value: "9421900000015" },
    ],
    responsibleParty: IRONSAND,
    codeClauses: [
      {
        clause: "E2",
        contribution: "Sheds rain and snow from the roof to the spouting when laid to the minimum pitch.",
        limitations: "Minimum pitch 3° for trapezoidal and 8° for corrugate profiles; no end laps below 3°.",
        pathway: "acceptable_solution",
      },
      {
        clause: "B2",
        contribution: "Durable for 15 years with normal maintenance in exposure zones B to D.",
        limitations: "Not for sea-spray zone E or geothermal areas without the specialist coating.",
        pathway: "appraisal",
      },
      {
        clause: "B1",
        contribution: "Resists wind and point loads on purlins at the spans in the span tables.",
        limitations: "Spans and fixings as in the span tables; wind zones up to Extra High.",
        pathway: "verification_method",
      },
    ],
    scopeOfUse: "Buildings within the scope of NZS 3604 and E2/AS1, in exposure zones B, C and D.",
    designRequirements:
      "Select the profile and thickness from the span tables for the wind zone and purlin spacing.",
    installationRequirements:
      "Fix with Class 4 screws at every second crest (every crest at edges); lay over a self-supporting underlay.",
    maintenanceRequirements:
      "Wash areas not washed by rain every 6 months (3 months within 500 m of the sea).",
    evidence: [{ title: "Roofing durability statement", url: "/certifications" }],
    products: [
      "Pre-painted Steel Corrugate Roofing 0.40 BMT (per m)",
      "5-Rib Trapezoidal Roofing 0.55 BMT Zinc-Aluminium (per m)",
      "Pre-painted Ridge Capping 1.8m",
      "Barge Flashing 3.0m Pre-painted",
    ],
    reviewedDaysAgo: 20,
  },
  {
    title: "H3.2 CD structural plywood 17 mm",
    classification: "class_2",
    responsibility: "importer",
    description: "Radiata pine structural plywood, CD grade, treated to H3.2, 2400 x 1200 x 17 mm.",
    intendedUse: "Structural flooring, bracing and exterior substrate in timber-framed buildings.",
    identifiers: [
      { kind: "sku", value: "TC-PLY-CD17-H32" },
      { kind: "gtin", value: "9421900000022" },
    ],
    responsibleParty: TRADE_COUNTER,
    manufacturer: {
      name: "Maderas del Sur S.A.",
      address: "Ruta 5 Sur km 512, Los Ángeles",
      country: "Chile",
      website: "https://maderasdelsur.example.cl",
    },
    codeClauses: [
      {
        clause: "B1",
        contribution: "Provides bracing and floor diaphragm strength at the ratings in the bracing table.",
        limitations: "Only with the nailing schedule shown; not for concentrated loads over 2.7 kN.",
        pathway: "verification_method",
      },
      {
        clause: "B2",
        contribution: "Durable for 50 years when protected from the weather.",
        limitations: "Must be enclosed or clad within 3 months of installation.",
        pathway: "acceptable_solution",
      },
    ],
    scopeOfUse: "Timber-framed buildings within the scope of NZS 3604.",
    designRequirements: "Bracing ratings from the manufacturer's bracing table for the sheet layout used.",
    installationRequirements:
      "Nail at 150 mm centres to edges and 300 mm to intermediate studs, 10 mm from edges.",
    maintenanceRequirements: "None once enclosed; keep dry during construction.",
    evidence: [
      { title: "AS/NZS 2269 bond test report 2025", url: "/certifications" },
      { title: "H3.2 treatment certificate (NZS 3640)", url: "/certifications" },
    ],
    products: ["H3.2 CD Structural Plywood 2400x1200x17mm"],
    reviewedDaysAgo: 45,
  },
  {
    // Incomplete: kept on a draft product, which the publish gate holds back until it is done.
    title: "Cedar-look board and batten cladding",
    classification: "class_1",
    responsibility: "manufacturer",
    description: "Vertical board and batten cladding, 200 x 19 mm, cedar-look finish.",
    intendedUse: "External wall cladding over a drained cavity.",
    identifiers: [{ kind: "sku", value: "CC-BB-200-CED" }],
    responsibleParty: { ...TRADE_COUNTER, legalName: "Coastline Cladding Limited", tradingNames: [] },
    codeClauses: [],
    evidence: [],
    products: ["Vertical Board and Batten Cladding 200x19 Cedar-Look"],
  },
  {
    title: "Fibre cement sheet, smooth, 7.5 mm",
    classification: "class_1",
    responsibility: "reseller",
    sourceUrl: "https://fibrecement.example.nz/building-product-information/smooth-sheet-7-5",
    identifiers: [{ kind: "model", value: "FC-SMOOTH-75" }],
    evidence: [],
    codeClauses: [],
    products: ["Fibre Cement Sheet 2400x1200x7.5mm Smooth", "Fibre Cement Soffit Lining 2400x450x4.5mm"],
    reviewedDaysAgo: 60,
  },
  {
    title: "LVL beams 240 x 45",
    classification: "exempt_codemark",
    responsibility: "manufacturer",
    description: "Laminated veneer lumber beams for lintels, beams and bearers.",
    identifiers: [
      { kind: "sku", value: "KR-LVL-24045-6" },
      { kind: "model", value: "KR LVL13" },
    ],
    codeClauses: [],
    evidence: [],
    products: ["LVL Beam 240x45 6.0m"],
    reviewedDaysAgo: 90,
  },
  {
    title: "Clear polycarbonate corrugate",
    classification: "exempt_other",
    responsibility: "importer",
    exemptReason:
      "Sold for garden sheds, carports and outbuildings that are exempt building work; not offered for use in building work that needs consent.",
    identifiers: [{ kind: "sku", value: "TC-PC-CORR-24" }],
    codeClauses: [],
    evidence: [],
    products: ["Polycarbonate Clear Corrugate Sheet 2.4m"],
    reviewedDaysAgo: 120,
  },
  {
    title: "Macrocarpa dressed boards",
    classification: "not_designated",
    responsibility: "manufacturer",
    description: "Naturally durable macrocarpa, dressed four sides, for joinery and interior lining.",
    identifiers: [{ kind: "sku", value: "KR-MAC-15025-3" }],
    codeClauses: [],
    evidence: [],
    products: ["Macrocarpa Dressed Board 150x25 3.0m"],
    reviewedDaysAgo: 120,
  },
];
