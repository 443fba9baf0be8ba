import { expect, test } from "vitest";
import { buildCertificatePdf } from "./pdf";
import { DEMO_PRODUCTS } from "./seed.server";
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

test("case studies and certifications cover each of their categories", () => {
  expect(CASE_STUDIES).toHaveLength(6);
  expect(CASE_STUDIES.some((c) => c.challenge.length > 150)).toBe(true);
  expect(CASE_STUDIES.some((c) => c.challenge.length <= 150)).toBe(true);
  expect(new Set(CASE_STUDIES.map((c) => c.category)).size).toBe(3);
  expect(CERTIFICATIONS).toHaveLength(6);
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
