// Categories, brands and the shape of a demo product: the vocabulary the other seed files use.
import type { LogoGlyph, LogoLayout } from "./artwork";
import type { MotifName } from "./motifs";
import type { ProductPicture } from "./pictures";

export const PRODUCT_CATEGORIES = [
  {
    name: "Timber",
    motif: "timber",
    description: "Treated and kiln-dried framing, posts, decking, plywood and engineered beams.",
  },
  {
    name: "Roofing",
    motif: "roofing",
    description: "Pre-painted and zinc-aluminium roofing profiles, underlay, flashings and spouting.",
  },
  {
    name: "Tools",
    motif: "tools",
    description: "Cordless power tools, nailers, hand tools and measuring gear for the site.",
  },
  {
    name: "Hardware",
    motif: "hardware",
    description: "Hinges, locksets, gate and door hardware in stainless and galvanised finishes.",
  },
  {
    name: "Cladding",
    motif: "cladding",
    description: "Weatherboards, fibre-cement sheet, cavity battens and building wraps.",
  },
  {
    name: "Insulation",
    motif: "insulation",
    description: "Wall and ceiling batts, underfloor panels and ground vapour barriers.",
  },
  {
    name: "Fixings",
    motif: "fixings",
    description: "Nails, screws, bolts, anchors and connectors rated for New Zealand conditions.",
  },
  {
    name: "Paint",
    motif: "paint",
    description: "Exterior and interior paints, primers, stains and sealants.",
  },
] as const satisfies ReadonlyArray<{ name: string; motif: MotifName; description: string }>;
export type ProductCategoryName = (typeof PRODUCT_CATEGORIES)[number]["name"];

export const CASE_STUDY_CATEGORIES = [
  { name: "Residential", description: "New homes, additions and outdoor living." },
  { name: "Commercial", description: "Offices, retail, warehouses and fit-outs." },
  { name: "Renovation", description: "Re-roofs, re-clads and upgrades of existing buildings." },
] as const;
export type CaseStudyCategoryName = (typeof CASE_STUDY_CATEGORIES)[number]["name"];

export const CERTIFICATION_CATEGORIES = [
  { name: "Product Certifications", description: "Compliance statements for the products we stock." },
  { name: "Quality Management", description: "How we source, store and check what we sell." },
  { name: "Health & Safety", description: "Safe yards, safe deliveries and safe sites." },
] as const;
export type CertificationCategoryName = (typeof CERTIFICATION_CATEGORIES)[number]["name"];

// Fictional brands: names that sound local without borrowing anyone's trademark.
export const BRANDS = [
  {
    name: "Kauri Ridge Timber",
    description: "Sustainably grown radiata pine framing and outdoor timber, treated to NZS 3640.",
    tagline: "Framing & outdoor timber",
    colour: "#b45309",
    glyph: "tree",
    layout: "emblem",
  },
  {
    name: "Ironsand Roofing",
    description: "Roll-formed roofing profiles and flashings made for coastal and inland exposure zones.",
    tagline: "Roofing & flashings",
    colour: "#334155",
    glyph: "roof",
    layout: "wordmark",
  },
  {
    name: "Coastline Cladding",
    description: "Primed weatherboards, fibre-cement sheet and cavity systems for weathertight walls.",
    tagline: "Weathertight cladding",
    colour: "#0f766e",
    glyph: "wave",
    layout: "tile",
  },
  {
    name: "Fernleaf Insulation",
    description: "Glasswool and polyester insulation that keeps homes warm, dry and quiet.",
    tagline: "Warm, dry homes",
    colour: "#4d7c0f",
    glyph: "leaf",
    layout: "wordmark",
  },
  {
    name: "Hauraki Pro Tools",
    description: "Trade-grade cordless tools and hand tools backed by a three-year warranty.",
    tagline: "Built for the trade",
    colour: "#ea580c",
    glyph: "hammer",
    layout: "banner",
  },
  {
    name: "Harbourside Hardware",
    description: "Marine-grade stainless and galvanised door, gate and cabinet hardware.",
    tagline: "Marine-grade hardware",
    colour: "#1e3a5f",
    glyph: "key",
    layout: "emblem",
  },
  {
    name: "Tasman Fix",
    description: "Nails, screws and structural connectors in Class 4 and stainless finishes.",
    tagline: "Fixings & fasteners",
    colour: "#52525b",
    glyph: "bolt",
    layout: "banner",
  },
  {
    name: "Ridgeline Paints",
    description: "Acrylic and oil-based coatings formulated for New Zealand's high-UV climate.",
    tagline: "Made for NZ sun",
    colour: "#be123c",
    glyph: "drop",
    layout: "tile",
  },
] as const satisfies ReadonlyArray<{
  name: string;
  description: string;
  tagline: string;
  colour: string;
  glyph: LogoGlyph;
  layout: LogoLayout;
}>;
export type BrandName = (typeof BRANDS)[number]["name"];

export type ProductSeed = {
  name: string;
  /** The stock code, as a New Zealand merchant prints it on a docket ("H32-9045-48"). */
  sku: string;
  /** The unit of sale: a quote line's default unit. */
  unit: string;
  /** What the product's picture shows. */
  picture: ProductPicture;
  category: ProductCategoryName;
  brand: BrandName;
  /** Trade price in NZD, for staff only: the public site says "Contact for Price". */
  price: number;
  /** Set on discounted lines; the discount percentage is derived from it. */
  was?: number;
  stock: number;
  featured?: boolean;
  /** Not yet published: staff see it as a Draft. */
  draft?: boolean;
  short: string;
  description: string;
};

/** Stock status follows the quantity, the way staff set it by hand. */
export function stockStatusFor(quantity: number) {
  if (quantity === 0) return "Out of Stock" as const;
  if (quantity <= 10) return "Low Stock" as const;
  return "In Stock" as const;
}

export function discountFor(product: Pick<ProductSeed, "price" | "was">) {
  return product.was ? Math.round((1 - product.price / product.was) * 100) : 0;
}
