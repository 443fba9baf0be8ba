// The quote PDF read back as text: the number, each line, the totals and the terms are in it, the
// columns are headed so a reader knows the unit and that the unit price is before GST, a long
// quote runs onto more pages with the number on each, and te reo Māori letters survive.
import { PDFParse } from "pdf-parse";
import { expect, test } from "vitest";
import { type QuoteDocument, renderQuotePdf } from "./pdf.server";

const QUOTE: QuoteDocument = {
  number: "TC-2026-000123-B",
  sentAt: new Date("2026-11-25T01:00:00Z"),
  validUntil: "2026-12-24",
  trader: {
    name: "Trade Counter Ltd",
    address: "42 Station Road, Penrose, Auckland 1061",
    phone: "0800 872 332",
    email: "sales@tradecounter.co.nz",
    gstNumber: "123-456-789",
    nzbn: "9429041234567",
    website: "tradecounter.co.nz",
  },
  customer: { name: "Hēmi Walker", email: "hemi@example.co.nz", company: "Walker Builders" },
  site: null,
  lines: [
    {
      description: "Plywood 12mm",
      sku: "CHH-PLY12",
      brandName: "Carter Holt",
      note: "Lead time 3 days",
      quantityMilli: 2500,
      unit: "sheet",
      unitPriceCents: 1999,
      discountBasisPoints: 1250,
      lineTotalCents: 4373,
    },
    {
      description: "Delivery to site",
      sku: null,
      brandName: null,
      note: null,
      quantityMilli: 1000,
      unit: "each",
      unitPriceCents: 4500,
      discountBasisPoints: 0,
      lineTotalCents: 4500,
    },
  ],
  subtotalCents: 8873,
  gstBasisPoints: 1500,
  gstCents: 1331,
  totalCents: 10204,
  noteToCustomer: "Kia ora Hēmi, delivery included.",
  terms: "Prices exclude GST unless shown otherwise.",
};

async function textOf(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

test("the PDF carries the number, the trader, the customer, each line, the totals and the terms", async () => {
  const pdf = await renderQuotePdf(QUOTE);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const { text, pages } = await textOf(pdf);
  expect(pages).toBe(1);
  for (const expected of [
    "TC-2026-000123-B",
    "Trade Counter Ltd",
    "GST number 123-456-789",
    "NZBN 9429041234567",
    "Hēmi Walker",
    "Walker Builders",
    "Plywood 12mm",
    "Code: CHH-PLY12\nCarter Holt · Lead time 3 days",
    "2.5 sheet",
    "$19.99",
    "12.5%",
    "$43.73",
    "Delivery to site",
    "$45.00",
    "Subtotal excl. GST",
    "$88.73",
    "GST 15%",
    "$13.31",
    "Total incl. GST",
    "$102.04",
    "Valid until 24 December 2026",
    "Kia ora Hēmi, delivery included.",
    "Prices exclude GST unless shown otherwise.",
  ]) {
    expect(text, expected).toContain(expected);
  }
});

test("a long quote runs onto more pages, each with the quote number", async () => {
  const line = QUOTE.lines[0] as QuoteDocument["lines"][number];
  const lines = Array.from({ length: 60 }, (_, index) => ({
    ...line,
    description: `Line number ${index + 1}`,
  }));
  const { text, pages } = await textOf(await renderQuotePdf({ ...QUOTE, lines }));
  expect(pages).toBeGreaterThan(1);
  expect(text).toContain("Line number 60");
  expect(text).toContain(`Page ${pages} of ${pages}`);
  expect(text.split("TC-2026-000123-B ·").length - 1).toBe(pages);
});

test("the lines' columns: quantity and unit apart (each included), the unit price marked excl. GST", async () => {
  const { text } = await textOf(await renderQuotePdf(QUOTE));
  expect(text).toContain("Description Qty Unit\nUnit price\nexcl. GST Disc. Amount");
  expect(text).toContain("2.5 sheet $19.99 12.5% $43.73");
  expect(text).toContain("Delivery to site 1 each $45.00 $45.00");
});

test("a quote for a customer's job prints the job and its site address beside the customer", async () => {
  const { text } = await textOf(
    await renderQuotePdf({ ...QUOTE, site: { job: "Walker house", address: "14 Kōwhai Lane, Raglan 3225" } }),
  );
  expect(text).toContain("Site");
  expect(text).toContain("Walker house");
  expect(text).toContain("14 Kōwhai Lane, Raglan 3225");
  expect(text).toContain("Hēmi Walker");
  const { text: without } = await textOf(await renderQuotePdf(QUOTE));
  expect(without).not.toContain("Site\n");
});
