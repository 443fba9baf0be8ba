import { expect, test } from "vitest";
import { LOGO_WIDTH, logoSvg } from "./artwork";
import { DEMO_SHEETS } from "./compliance";
import { buildCertificatePdf } from "./pdf";
import { drawProductPictures, type ProductPicture } from "./pictures";
import { DEMO_PRODUCTS } from "./products";
import { CASE_STUDIES, CERTIFICATIONS } from "./showcase";
import { BRANDS, discountFor, PRODUCT_CATEGORIES, stockStatusFor } from "./taxonomy";

function sentences(text: string) {
  return text.split(/(?<=[.!?])\s+/).filter(Boolean).length;
}

test("the demo catalogue looks like a real trader's range", () => {
  expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(45);
  expect(new Set(DEMO_PRODUCTS.map((p) => p.category)).size).toBe(PRODUCT_CATEGORIES.length);
  expect(BRANDS.length).toBeGreaterThanOrEqual(6);
  expect(new Set(DEMO_PRODUCTS.map((p) => p.name)).size).toBe(DEMO_PRODUCTS.length);

  const featured = DEMO_PRODUCTS.filter((p) => p.featured);
  expect(featured.length).toBeGreaterThanOrEqual(6);
  expect(featured.length).toBeLessThanOrEqual(8);
  expect(featured.every((p) => !p.draft)).toBe(true);
  const drafts = DEMO_PRODUCTS.filter((p) => p.draft).length;
  expect(drafts).toBeGreaterThanOrEqual(1);
  expect(drafts).toBeLessThanOrEqual(2);

  const statuses = DEMO_PRODUCTS.filter((p) => !p.draft).map((p) => stockStatusFor(p.stock));
  expect(statuses.filter((s) => s === "Low Stock").length).toBeGreaterThanOrEqual(3);
  expect(statuses.filter((s) => s === "Out of Stock").length).toBeGreaterThanOrEqual(2);

  for (const p of DEMO_PRODUCTS) {
    expect(p.short.length, p.name).toBeLessThan(100);
    expect(sentences(p.description), p.name).toBeGreaterThanOrEqual(2);
    expect(sentences(p.description), p.name).toBeLessThanOrEqual(4);
    expect(p.price, p.name).toBeGreaterThan(0);
    if (p.was !== undefined) {
      expect(p.was, p.name).toBeGreaterThan(p.price);
      expect(discountFor(p), p.name).toBeGreaterThanOrEqual(5);
      expect(discountFor(p), p.name).toBeLessThanOrEqual(40);
    }
  }
  expect(DEMO_PRODUCTS.filter((p) => p.was).length).toBeGreaterThanOrEqual(5);
});

test("a demo product's stock code is the SKU its building information sheet gives, where it gives one", () => {
  let checked = 0;
  for (const sheet of DEMO_SHEETS) {
    const sku = sheet.identifiers?.find((identifier) => identifier.kind === "sku")?.value;
    if (!sku || sheet.products.length !== 1) continue;
    expect(DEMO_PRODUCTS.find((p) => p.name === sheet.products[0])?.sku, sheet.products[0]).toBe(sku);
    checked++;
  }
  expect(checked).toBeGreaterThanOrEqual(3);
});

test("case studies and certifications cover each of their categories", () => {
  expect(CASE_STUDIES).toHaveLength(6);
  expect(CASE_STUDIES.some((c) => c.challenge.length > 150)).toBe(true);
  expect(CASE_STUDIES.some((c) => c.challenge.length <= 150)).toBe(true);
  expect(new Set(CASE_STUDIES.map((c) => c.category)).size).toBe(3);
  expect(CERTIFICATIONS).toHaveLength(12);
  // A building-product certificate in each standing, and one expired.
  const standings = CERTIFICATIONS.flatMap((c) => (c.compliance ? [c.compliance.standing] : []));
  expect(new Set(standings)).toEqual(new Set(["active", "suspended", "withdrawn", "draft"]));
  expect(CERTIFICATIONS.some((c) => (c.compliance?.expiresInDays ?? 1) < 0)).toBe(true);
  expect(new Set(CERTIFICATIONS.map((c) => c.category)).size).toBe(3);
  expect(new Set(CERTIFICATIONS.map((c) => c.fileType))).toEqual(new Set(["PDF", "PNG"]));
});

test("the certificate PDF is well formed: every xref offset points at its object", () => {
  const bytes = buildCertificatePdf({
    title: "Timber Treatment Compliance (NZS 3640) – tested",
    category: "Product Certifications",
    number: "TC-1",
    issuer: "Lab",
    year: 2025,
    lines: ["A line with a backslash \\ and (parentheses)."],
  });
  const text = Buffer.from(bytes).toString("latin1");
  expect(text.startsWith("%PDF-1.4\n")).toBe(true);
  expect(text.endsWith("%%EOF\n")).toBe(true);

  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe("xref\n");
  const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref))!;
  const entries = text
    .slice(startxref)
    .split("\n")
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe("0000000000 65535 f ");
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${i + 1} 0 obj\n`)).toBe(true);
  });

  const stream = /<< \/Length (\d+) >>\nstream\n/.exec(text)!;
  const body = text.slice(stream.index + stream[0].length);
  expect(body.slice(Number(stream[1]), Number(stream[1]) + 10)).toBe("\nendstream");
  expect(text).toContain("(Timber Treatment Compliance \\(NZS 3640\\) - tested)");
  expect(text).toContain("backslash \\\\ and \\(parentheses\\)");
});

// What a product's name says it is, read independently of the seed's own choice of picture.
const KIND_BY_NAME: Array<[RegExp, ProductPicture]> = [
  [/framing \d|framing 4|framing 2/i, "framing"],
  [/post/i, "post"],
  [/decking 1/i, "decking"],
  [/dressed board/i, "dressed-board"],
  [/lvl/i, "lvl-beam"],
  [/plywood/i, "plywood"],
  [/corrugate/i, "corrugate"],
  [/trapezoidal/i, "trapezoidal"],
  [/underlay/i, "underlay"],
  [/capping|flashing/i, "flashing"],
  [/spouting/i, "spouting"],
  [/weatherboard/i, "weatherboard"],
  [/fibre cement/i, "cement-sheet"],
  [/battens/i, "battens"],
  [/building wrap/i, "wrap"],
  [/board and batten/i, "board-and-batten"],
  [/batts|polyester wall/i, "batts"],
  [/polystyrene/i, "foam-panels"],
  [/vapour barrier/i, "vapour-barrier"],
  [/drill/i, "drill"],
  [/circular saw/i, "circular-saw"],
  [/nailer/i, "nailer"],
  [/framing hammer/i, "hammer"],
  [/tape measure/i, "tape-measure"],
  [/spirit level/i, "spirit-level"],
  [/mitre saw/i, "mitre-saw"],
  [/butt hinge/i, "butt-hinge"],
  [/lever set/i, "lever-set"],
  [/gate hinge/i, "gate-hinge"],
  [/barn door/i, "barn-door-track"],
  [/gate latch/i, "gate-latch"],
  [/door stop/i, "door-stop"],
  [/flat-head nails/i, "nails"],
  [/collated/i, "collated-nails"],
  [/decking screws/i, "screws"],
  [/tek screws/i, "tek-screws"],
  [/coach bolts/i, "coach-bolts"],
  [/joist hangers/i, "joist-hanger"],
  [/anchor adhesive/i, "anchor-cartridge"],
  [/sealant/i, "sealant-cartridge"],
  [/10L/, "paint-pail"],
  [/primer 4L/i, "paint-tin"],
];

test("each product's picture shows that product, and no two in a category look alike", () => {
  const pictures = drawProductPictures(DEMO_PRODUCTS);
  for (const { product, svg } of pictures) {
    const kinds = KIND_BY_NAME.filter(([pattern]) => pattern.test(product.name)).map(([, kind]) => kind);
    expect(kinds, product.name).toHaveLength(1);
    expect(svg, product.name).toContain(`data-picture="${kinds[0]}"`);
  }
  for (const category of PRODUCT_CATEGORIES) {
    const svgs = pictures.filter((p) => p.product.category === category.name).map((p) => p.svg);
    expect(new Set(svgs).size, category.name).toBe(svgs.length);
  }
  expect(new Set(pictures.map((p) => p.svg)).size).toBe(DEMO_PRODUCTS.length);
});

test("each brand's logo is a design of its own with the brand's name, inside the picture", () => {
  const logos = BRANDS.map((brand) => ({
    brand,
    svg: logoSvg(brand.name, brand.tagline, brand.colour, brand.glyph, brand.layout),
  }));
  expect(new Set(logos.map(({ brand }) => brand.layout)).size).toBe(4);
  for (const { brand, svg } of logos) {
    expect(svg, brand.name).toContain(`data-layout="${brand.layout}"`);
    const lines = [...svg.matchAll(/<text x="([\d.]+)"[^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)];
    const letters = lines
      .map((line) => line[3] ?? "")
      .join("")
      .replaceAll(" ", "")
      .toLowerCase();
    for (const word of brand.name.toLowerCase().split(" ")) expect(letters, brand.name).toContain(word);
    // Each line ends inside the picture, at 0.6 em a character (DejaVu Sans averages less).
    for (const [, x, size, line] of lines) {
      const end = Number(x) + (line ?? "").length * Number(size) * 0.6;
      expect(end, `${brand.name}: ${line}`).toBeLessThanOrEqual(LOGO_WIDTH);
    }
  }
});
