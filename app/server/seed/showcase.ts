// Case studies and certifications: the demo's proof that the trader delivers and complies.
import type { SceneName, Sky } from "./scenes";
import type { CaseStudyCategoryName, CertificationCategoryName } from "./taxonomy";

type CaseStudySeed = {
  title: string;
  category: CaseStudyCategoryName;
  durationMonths: number;
  materials: string[];
  challenge: string;
  solution: string;
  result: string;
  scene: SceneName;
  sky: Sky;
};

export const CASE_STUDIES: CaseStudySeed[] = [
  {
    title: "Four-Bedroom Family Home, Whangaparaoa",
    category: "Residential",
    durationMonths: 7,
    materials: [
      "H1.2 SG8 framing",
      "Bevel-back weatherboards",
      "0.40 BMT corrugate roofing",
      "R2.6 wall batts",
    ],
    challenge:
      "A builder needed a complete frame-to-finish supply for a coastal site with tight access, a salt-spray exposure zone and a client who wanted the home closed in before winter. Deliveries had to arrive in the right order because there was no room to store materials on site.",
    solution:
      "We staged nine deliveries against the build programme, supplied Class 4 and stainless fixings to suit the exposure zone, and pre-cut roofing to length so the roof went on in two days.",
    result:
      "The house was closed in three weeks ahead of programme, with waste well under the builder's allowance.",
    scene: "home",
    sky: "dusk",
  },
  {
    title: "Architectural Beach House, Raglan",
    category: "Residential",
    durationMonths: 10,
    materials: ["LVL beams", "Vertical board and batten cladding", "Stainless hardware", "Decking 140x32"],
    challenge:
      "Long-span living areas and an exposed west-facing site called for engineered timber and marine-grade hardware.",
    solution:
      "Our team worked with the engineer to schedule LVL beams and supplied 316 stainless hinges, latches and fixings throughout.",
    result: "Delivered on budget; the owners report the home stays warm and quiet even in westerly storms.",
    scene: "frame",
    sky: "day",
  },
  {
    title: "Penrose Office and Warehouse Fit-Out",
    category: "Commercial",
    durationMonths: 5,
    materials: ["5-rib roofing 0.55 BMT", "Fibre cement sheet", "Acoustic wall batts", "Chemical anchors"],
    challenge:
      "A logistics company needed its warehouse re-roofed and a two-storey office built inside it while the business kept trading, so noise, dust and deliveries had to be managed around daily truck movements in and out of the yard.",
    solution:
      "We delivered before 7 am, supplied acoustic batts for the office walls and arranged crane-lift roofing packs cut to exact lengths.",
    result:
      "The client kept trading every day of the project and the office met its acoustic targets first time.",
    scene: "commercial",
    sky: "day",
  },
  {
    title: "Three-Storey Retail Block, Hamilton",
    category: "Commercial",
    durationMonths: 14,
    materials: ["Structural plywood", "Building wrap", "Fibre cement cladding", "Galvanised connectors"],
    challenge:
      "A main contractor needed a single supplier that could keep pace with a fast-track commercial programme.",
    solution:
      "We set up a dedicated trade account with weekly forecasting meetings, holding stock for the project in our Penrose yard.",
    result:
      "Every delivery arrived within its two-hour window and the block opened on schedule for the tenants.",
    scene: "commercial",
    sky: "dusk",
  },
  {
    title: "Villa Re-Clad and Re-Roof, Grey Lynn",
    category: "Renovation",
    durationMonths: 4,
    materials: ["Rusticated weatherboards", "Cavity battens", "Synthetic roof underlay", "Ridge capping"],
    challenge:
      "A 1910s villa had leaking, rotten weatherboards and a rusted roof. The owners wanted to keep its character while bringing it up to modern weathertightness standards, with scaffolding up for as short a time as possible.",
    solution:
      "We matched the original rusticated profile, supplied a full cavity system, and delivered roofing and flashings in one drop so the re-roof and re-clad ran together.",
    result: "The villa looks original from the street and is now dry, warm and fully compliant.",
    scene: "renovation",
    sky: "day",
  },
  {
    title: "1970s Bungalow Insulation Upgrade, Hutt Valley",
    category: "Renovation",
    durationMonths: 2,
    materials: [
      "R3.6 ceiling batts",
      "Underfloor panels",
      "Ground vapour barrier",
      "Polyester wall insulation",
    ],
    challenge: "A rental property had to meet the healthy homes standards before new tenants moved in.",
    solution:
      "We specified ceiling, underfloor and wall insulation with a ground vapour barrier, and delivered everything in a single load.",
    result:
      "The property passed its healthy homes check and the landlord reports lower heating costs for tenants.",
    scene: "renovation",
    sky: "dusk",
  },
];

type CertificationSeed = {
  title: string;
  description: string;
  category: CertificationCategoryName;
  fileType: "PDF" | "PNG";
  allowDownload: boolean;
  number: string;
  issuer: string;
  year: number;
  /** Body text of the PDF version. */
  lines: string[];
  /** A building-product certificate's register details; none for a plain document. */
  compliance?: CertificateCompliance;
};

/** Dates are days from the seed's day, so each certificate's status holds on a first start. */
export type CertificateCompliance = {
  scheme: "codemark" | "branz_appraisal";
  holder: string;
  certificationBody: string;
  scope: string;
  issuedDaysAgo: number;
  /** Days from the seed to the expiry (or next review) date; negative when already past. */
  expiresInDays: number;
  standing: "active" | "suspended" | "withdrawn" | "draft";
  registerUrl: string;
  /** Days before the seed that the register was last checked; none when never. */
  checkedDaysAgo?: number;
  /** The demo products (by name) it covers. */
  covers: string[];
};

export const CERTIFICATIONS: CertificationSeed[] = [
  {
    title: "Timber Treatment Compliance (NZS 3640)",
    description:
      "Our treated pine framing, posts and decking are treated and tested to NZS 3640 hazard classes H1.2 to H4.",
    category: "Product Certifications",
    fileType: "PDF",
    allowDownload: true,
    number: "TC-PC-2025-014",
    issuer: "Independent timber testing laboratory",
    year: 2025,
    lines: [
      "Scope: radiata pine framing, posts and decking supplied by Trade Counter.",
      "Hazard classes covered: H1.2, H3.1, H3.2 and H4.",
      "Retention and penetration sampled every production batch.",
    ],
  },
  {
    title: "Roofing Durability Statement",
    description:
      "Durability statement for our pre-painted and zinc-aluminium roofing in NZS 3604 exposure zones B to D.",
    category: "Product Certifications",
    fileType: "PDF",
    allowDownload: true,
    number: "TC-PC-2025-027",
    issuer: "Ironsand Roofing technical team",
    year: 2025,
    lines: [
      "Profiles: corrugate and 5-rib trapezoidal.",
      "Exposure zones B, C and D as defined in NZS 3604.",
      "Maintenance: wash unwashed areas every 3 or 6 months by exposure.",
    ],
  },
  {
    title: "ISO 9001:2015 Quality Management System",
    description:
      "Certification of our quality management system covering purchasing, storage, dispatch and customer service.",
    category: "Quality Management",
    fileType: "PDF",
    allowDownload: true,
    number: "TC-QM-2024-003",
    issuer: "Accredited certification body",
    year: 2024,
    lines: [
      "Scope: supply of building materials from the Penrose branch.",
      "Processes: purchasing, receiving, storage, dispatch and returns.",
      "Surveillance audits are held every twelve months.",
    ],
  },
  {
    title: "Supplier Quality Assurance Programme",
    description:
      "Our annual supplier audit results. Shown for reference; copies are available to trade customers on request.",
    category: "Quality Management",
    fileType: "PNG",
    allowDownload: false,
    number: "TC-QM-2025-011",
    issuer: "Trade Counter quality team",
    year: 2025,
    lines: [],
  },
  {
    title: "ISO 45001 Occupational Health and Safety",
    description:
      "Certification of the health and safety management system that protects our yard team, drivers and customers.",
    category: "Health & Safety",
    fileType: "PDF",
    allowDownload: true,
    number: "TC-HS-2024-008",
    issuer: "Accredited certification body",
    year: 2024,
    lines: [
      "Scope: yard operations, forklift handling and site deliveries.",
      "Includes contractor management and incident reporting.",
      "Next recertification audit due in 2027.",
    ],
  },
  {
    title: "Safe Site Delivery Accreditation",
    description: "Accreditation for our drivers' site induction, crane-truck and load-restraint practices.",
    category: "Health & Safety",
    fileType: "PNG",
    allowDownload: true,
    number: "TC-HS-2025-019",
    issuer: "Industry safety association",
    year: 2025,
    lines: [],
  },
  // Building-product certificates, one in each status: current, expiring, expired, suspended,
  // withdrawn and draft. Only the first two are shown on the public pages.
  {
    title: "CodeMark Certificate CM40123: LVL Beams",
    description: "CodeMark certificate for our LVL beams used as lintels, beams and bearers.",
    category: "Product Certifications",
    fileType: "PDF",
    allowDownload: true,
    number: "CM40123",
    issuer: "Southern Product Certification Ltd",
    year: 2025,
    lines: ["Scope: LVL13 beams 240x45 to 400x63 within the scope of NZS 3604 and B1/VM1."],
    compliance: {
      scheme: "codemark",
      holder: "Kauri Ridge Timber Limited",
      certificationBody: "Southern Product Certification Ltd",
      scope:
        "LVL13 beams 240x45 to 400x63 as lintels, beams and bearers in buildings within the scope of NZS 3604.",
      issuedDaysAgo: 400,
      expiresInDays: 700,
      standing: "active",
      registerUrl: "https://codemark.example.govt.nz/register/CM40123",
      checkedDaysAgo: 12,
      covers: ["LVL Beam 240x45 6.0m"],
    },
  },
  {
    title: "BRANZ Appraisal 1021: Pre-painted Steel Roofing",
    description: "Appraisal of our pre-painted and zinc-aluminium steel roofing profiles.",
    category: "Product Certifications",
    fileType: "PDF",
    allowDownload: true,
    number: "1021",
    issuer: "BRANZ",
    year: 2023,
    lines: ["Scope: corrugate and 5-rib profiles in exposure zones B to D."],
    compliance: {
      scheme: "branz_appraisal",
      holder: "Ironsand Roofing Limited",
      certificationBody: "BRANZ",
      scope: "Corrugate and 5-rib trapezoidal roofing and cladding in exposure zones B, C and D.",
      issuedDaysAgo: 1050,
      expiresInDays: 45,
      standing: "active",
      registerUrl: "https://appraisals.example.nz/appraisal/1021",
      checkedDaysAgo: 40,
      covers: [
        "Pre-painted Steel Corrugate Roofing 0.40 BMT (per m)",
        "5-Rib Trapezoidal Roofing 0.55 BMT Zinc-Aluminium (per m)",
      ],
    },
  },
  {
    title: "BRANZ Appraisal 884: Synthetic Roof Underlay",
    description: "Appraisal of the self-supporting synthetic roof underlay.",
    category: "Product Certifications",
    fileType: "PDF",
    allowDownload: true,
    number: "884",
    issuer: "BRANZ",
    year: 2020,
    lines: ["Scope: self-supporting roof underlay under metal roofing."],
    compliance: {
      scheme: "branz_appraisal",
      holder: "Ironsand Roofing Limited",
      certificationBody: "BRANZ",
      scope: "Self-supporting synthetic underlay under metal roofing at pitches of 3° and more.",
      issuedDaysAgo: 1900,
      expiresInDays: -20,
      standing: "active",
      registerUrl: "https://appraisals.example.nz/appraisal/884",
      checkedDaysAgo: 200,
      covers: ["Self-Supporting Synthetic Roof Underlay 1.3m x 40m"],
    },
  },
  {
    title: "CodeMark Certificate CM20877: Fibre Cement Sheet",
    description: "CodeMark certificate for 7.5 mm smooth fibre cement sheet.",
    category: "Product Certifications",
    fileType: "PDF",
    allowDownload: true,
    number: "CM20877",
    issuer: "Southern Product Certification Ltd",
    year: 2024,
    lines: ["Scope: fibre cement sheet as a rigid air barrier and cladding substrate."],
    compliance: {
      scheme: "codemark",
      holder: "Fibre Cement Products NZ Limited",
      certificationBody: "Southern Product Certification Ltd",
      scope: "7.5 mm smooth fibre cement sheet as a cladding substrate over a drained cavity.",
      issuedDaysAgo: 600,
      expiresInDays: 500,
      standing: "suspended",
      registerUrl: "https://codemark.example.govt.nz/register/CM20877",
      checkedDaysAgo: 5,
      covers: ["Fibre Cement Sheet 2400x1200x7.5mm Smooth"],
    },
  },
  {
    title: "CodeMark Certificate CM19002: Breathable Building Wrap",
    description: "CodeMark certificate for the breathable building wrap, withdrawn by its holder.",
    category: "Product Certifications",
    fileType: "PDF",
    allowDownload: true,
    number: "CM19002",
    issuer: "Southern Product Certification Ltd",
    year: 2022,
    lines: ["Scope: wall underlay behind direct-fixed and cavity claddings."],
    compliance: {
      scheme: "codemark",
      holder: "Fernleaf Building Products Limited",
      certificationBody: "Southern Product Certification Ltd",
      scope: "Breathable wall underlay behind direct-fixed and cavity claddings.",
      issuedDaysAgo: 1200,
      expiresInDays: 300,
      standing: "withdrawn",
      registerUrl: "https://codemark.example.govt.nz/register/CM19002",
      checkedDaysAgo: 30,
      covers: ["Breathable Building Wrap 2.7m x 30m"],
    },
  },
  {
    title: "BRANZ Appraisal 1107: Cavity Battens (in preparation)",
    description: "Appraisal of H3.1 cavity battens, being prepared for publication.",
    category: "Product Certifications",
    fileType: "PDF",
    allowDownload: true,
    number: "1107",
    issuer: "BRANZ",
    year: 2026,
    lines: ["Scope: H3.1 cavity battens for drained cavities."],
    compliance: {
      scheme: "branz_appraisal",
      holder: "Coastline Cladding Limited",
      certificationBody: "BRANZ",
      scope: "H3.1 treated cavity battens forming a drained cavity behind claddings.",
      issuedDaysAgo: 2,
      expiresInDays: 1095,
      standing: "draft",
      registerUrl: "https://appraisals.example.nz/appraisal/1107",
      covers: ["H3.1 Cavity Battens 45x20 2.4m (Pack of 10)"],
    },
  },
];
