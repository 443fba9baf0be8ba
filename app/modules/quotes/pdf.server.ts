// A sent quote as an A4 PDF, drawn once with pdfkit when it is sent and stored: the trader's mark,
// name and details (address, phone, e-mail, GST number, NZBN), the customer, the lines, the totals,
// the validity, the note and the terms, and the quote number on every page. The text is set in
// DejaVu Sans (from the dejavu-fonts-ttf package), which has every letter of te reo Māori.
import { createRequire } from "node:module";
import { formatCents, formatPercent, formatQuantity } from "~/lib/money";
import { formatNzDate } from "~/lib/nz-date";

const require = createRequire(import.meta.url);
export const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
export const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

export type QuoteDocument = {
  number: string;
  sentAt: Date;
  validUntil: string;
  trader: {
    name: string;
    address: string;
    phone: string;
    email: string;
    gstNumber: string;
    nzbn: string;
    website: string | null;
  };
  customer: { name: string; email: string; company: string | null };
  /** The customer's job the enquiry was sent for: its name and site address, printed beside the customer. */
  site: { job: string; address: string | null } | null;
  lines: {
    description: string;
    /** The product's stock code, printed under the description. */
    sku: string | null;
    brandName: string | null;
    note: string | null;
    quantityMilli: number;
    unit: string;
    unitPriceCents: number;
    discountBasisPoints: number;
    lineTotalCents: number;
  }[];
  subtotalCents: number;
  gstBasisPoints: number;
  gstCents: number;
  totalCents: number;
  noteToCustomer: string | null;
  terms: string;
};

// The house colours and mark, shared with the other documents drawn with pdfkit (the consent pack).
export const INK = "#1c1917";
export const MUTED = "#57534e";
export const ACCENT = "#ea580c";
export const RULE = "#d6d3d1";

/** The columns of the lines table, left edge and width in points (A4 less 50 pt margins). */
const COLUMNS = {
  description: { x: 50, width: 190 },
  quantity: { x: 245, width: 50 },
  unit: { x: 302, width: 48 },
  unitPrice: { x: 355, width: 70 },
  discount: { x: 430, width: 40 },
  amount: { x: 475, width: 70 },
} as const;

let houseFonts: Promise<{ body: unknown; bold: unknown }> | undefined;

/**
 * The house fonts parsed once per process and shared by every document: pdfkit would parse the
 * font files again for each (the tables of two DejaVu faces, some 350 ms of a consent pack drawn
 * in two documents). A fontkit font is read-only once parsed; each document makes its own subset.
 */
function parsedHouseFonts() {
  houseFonts ??= (async () => {
    const [fontkit, fs] = await Promise.all([import("fontkit"), import("node:fs/promises")]);
    const [body, bold] = await Promise.all([fs.readFile(FONT), fs.readFile(FONT_BOLD)]);
    return { body: fontkit.create(body), bold: fontkit.create(bold) };
  })();
  return houseFonts;
}

/**
 * A pdfkit document in the house fonts ("body" and "bold"), and its bytes once it is ended. pdfkit
 * is loaded when a document is first drawn: most processes never draw one (some 13 MB of memory).
 */
export async function openPdfDocument(options: PDFKit.PDFDocumentOptions) {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import("pdfkit"), parsedHouseFonts()]);
  const doc = new PDFDocument(options);
  // pdfkit takes a parsed fontkit font where it takes a file (its types only name the file).
  doc.registerFont("body", fonts.body as string);
  doc.registerFont("bold", fonts.bold as string);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

export async function renderQuotePdf(quote: QuoteDocument): Promise<Buffer> {
  const { doc, done } = await openPdfDocument({
    size: "A4",
    margin: 50,
    bufferPages: true,
    info: {
      Title: `Quote ${quote.number}`,
      Author: quote.trader.name,
      Subject: `Quote for ${quote.customer.name}`,
    },
  });

  drawHeader(doc, quote);
  let y = drawParties(doc, quote);
  y = drawLines(doc, quote, y + 20);
  y = drawTotals(doc, quote, y + 10);
  drawNotes(doc, quote, y + 20);
  drawFooters(doc, quote);
  doc.end();
  return done;
}

export function drawMark(doc: PDFKit.PDFDocument, x: number, y: number, size: number) {
  const s = size / 32;
  doc.roundedRect(x, y, size, size, 6 * s).fill(INK);
  doc.polygon([x + 6 * s, y + 22 * s], [x + 16 * s, y + 8 * s], [x + 26 * s, y + 22 * s]).fill(ACCENT);
  doc.rect(x + 13 * s, y + 17 * s, 6 * s, 7 * s).fill("#fafaf9");
}

function drawHeader(doc: PDFKit.PDFDocument, quote: QuoteDocument) {
  drawMark(doc, 50, 50, 36);
  doc.font("bold").fontSize(16).fillColor(INK).text(quote.trader.name, 96, 52, { width: 250 });
  const details = [
    quote.trader.address,
    `${quote.trader.phone} · ${quote.trader.email}`,
    quote.trader.gstNumber ? `GST number ${quote.trader.gstNumber}` : null,
    quote.trader.nzbn ? `NZBN ${quote.trader.nzbn}` : null,
  ].filter((line): line is string => Boolean(line));
  doc.font("body").fontSize(8.5).fillColor(MUTED).text(details.join("\n"), 96, 74, { width: 250 });

  doc.font("bold").fontSize(20).fillColor(INK).text("Quote", 345, 50, { width: 200, align: "right" });
  doc
    .font("body")
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      [
        quote.number,
        `Issued ${formatNzDate(quote.sentAt)}`,
        `Valid until ${formatNzDate(quote.validUntil)}`,
      ].join("\n"),
      345,
      78,
      { width: 200, align: "right" },
    );
}

function drawParties(doc: PDFKit.PDFDocument, quote: QuoteDocument) {
  const top = 150;
  doc
    .moveTo(50, top - 10)
    .lineTo(545, top - 10)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  doc.font("bold").fontSize(9).fillColor(MUTED).text("Prepared for", 50, top);
  const customer = [quote.customer.name, quote.customer.company, quote.customer.email].filter(
    (line): line is string => Boolean(line),
  );
  doc
    .font("body")
    .fontSize(10)
    .fillColor(INK)
    .text(customer.join("\n"), 50, top + 14, { width: 230 });
  const below = doc.y;
  if (!quote.site) return below;
  doc.font("bold").fontSize(9).fillColor(MUTED).text("Site", 300, top);
  const site = [quote.site.job, quote.site.address].filter((line): line is string => Boolean(line));
  doc
    .font("body")
    .fontSize(10)
    .fillColor(INK)
    .text(site.join("\n"), 300, top + 14, { width: 245 });
  return Math.max(below, doc.y);
}

/** The column headings; the unit price's runs to a second line ("excl. GST"), the others sit on it. */
function tableHeader(doc: PDFKit.PDFDocument, y: number) {
  doc.font("bold").fontSize(8.5).fillColor(MUTED);
  const lineHeight = doc.currentLineHeight(true);
  const base = y + lineHeight;
  doc.text("Description", COLUMNS.description.x, base, { width: COLUMNS.description.width });
  doc.text("Qty", COLUMNS.quantity.x, base, { width: COLUMNS.quantity.width, align: "right" });
  doc.text("Unit", COLUMNS.unit.x, base, { width: COLUMNS.unit.width });
  doc.text("Unit price\nexcl. GST", COLUMNS.unitPrice.x, y, {
    width: COLUMNS.unitPrice.width,
    align: "right",
  });
  doc.text("Disc.", COLUMNS.discount.x, base, { width: COLUMNS.discount.width, align: "right" });
  doc.text("Amount", COLUMNS.amount.x, base, { width: COLUMNS.amount.width, align: "right" });
  const below = base + 14;
  doc.moveTo(50, below).lineTo(545, below).strokeColor(INK).lineWidth(0.75).stroke();
  return below + 6;
}

/** The space left above the footer on this page. */
function bottom(doc: PDFKit.PDFDocument) {
  return doc.page.height - doc.page.margins.bottom - 30;
}

function drawLines(doc: PDFKit.PDFDocument, quote: QuoteDocument, start: number) {
  let y = tableHeader(doc, start);
  for (const line of quote.lines) {
    // Under the description: the stock code on a line of its own, then the brand and the note.
    const detail = [line.sku && `Code: ${line.sku}`, [line.brandName, line.note].filter(Boolean).join(" · ")]
      .filter(Boolean)
      .join("\n");
    doc.font("body").fontSize(9.5);
    // A unit of up to 20 characters may wrap in its narrow column: the row is as tall as either.
    const unitHeight = doc.heightOfString(line.unit, { width: COLUMNS.unit.width });
    const height = Math.max(
      unitHeight,
      doc.heightOfString(line.description, { width: COLUMNS.description.width }) +
        (detail ? doc.fontSize(8).heightOfString(detail, { width: COLUMNS.description.width }) + 2 : 0),
    );
    if (y + height > bottom(doc)) {
      doc.addPage();
      y = tableHeader(doc, doc.page.margins.top);
    }
    doc.font("body").fontSize(9.5).fillColor(INK);
    doc.text(line.description, COLUMNS.description.x, y, { width: COLUMNS.description.width });
    if (detail) {
      doc
        .font("body")
        .fontSize(8)
        .fillColor(MUTED)
        .text(detail, COLUMNS.description.x, doc.y + 2, {
          width: COLUMNS.description.width,
        });
    }
    doc.font("body").fontSize(9.5).fillColor(INK);
    doc.text(formatQuantity(line.quantityMilli), COLUMNS.quantity.x, y, {
      width: COLUMNS.quantity.width,
      align: "right",
    });
    doc.text(line.unit, COLUMNS.unit.x, y, { width: COLUMNS.unit.width });
    doc.text(formatCents(line.unitPriceCents), COLUMNS.unitPrice.x, y, {
      width: COLUMNS.unitPrice.width,
      align: "right",
    });
    doc.text(
      line.discountBasisPoints ? `${formatPercent(line.discountBasisPoints)}%` : "",
      COLUMNS.discount.x,
      y,
      {
        width: COLUMNS.discount.width,
        align: "right",
      },
    );
    doc.text(formatCents(line.lineTotalCents), COLUMNS.amount.x, y, {
      width: COLUMNS.amount.width,
      align: "right",
    });
    y += height + 8;
    doc
      .moveTo(50, y - 4)
      .lineTo(545, y - 4)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  }
  return y;
}

function drawTotals(doc: PDFKit.PDFDocument, quote: QuoteDocument, start: number) {
  let y = start;
  if (y + 60 > bottom(doc)) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  const rows: [string, string, boolean][] = [
    ["Subtotal excl. GST", formatCents(quote.subtotalCents), false],
    [`GST ${formatPercent(quote.gstBasisPoints)}%`, formatCents(quote.gstCents), false],
    ["Total incl. GST", formatCents(quote.totalCents), true],
  ];
  for (const [label, amount, strong] of rows) {
    doc
      .font(strong ? "bold" : "body")
      .fontSize(strong ? 11 : 9.5)
      .fillColor(INK);
    doc.text(label, 330, y, { width: 140, align: "right" });
    doc.text(amount, COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: "right" });
    y = doc.y + 4;
  }
  return y;
}

function drawNotes(doc: PDFKit.PDFDocument, quote: QuoteDocument, start: number) {
  doc.x = 50;
  doc.y = start;
  for (const [title, body] of [
    ["Note", quote.noteToCustomer],
    ["Terms", quote.terms],
  ] as const) {
    if (!body) continue;
    if (doc.y + 40 > bottom(doc)) doc.addPage();
    doc.font("bold").fontSize(9).fillColor(INK).text(title, 50, doc.y, { width: 495 });
    doc
      .font("body")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(body, 50, doc.y + 2, { width: 495 });
    doc.moveDown(1);
  }
}

function drawFooters(doc: PDFKit.PDFDocument, quote: QuoteDocument) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const y = doc.page.height - doc.page.margins.bottom - 12;
    doc.font("body").fontSize(7.5).fillColor(MUTED);
    doc.text(
      `${quote.number} · ${quote.trader.name}${quote.trader.website ? ` · ${quote.trader.website}` : ""}`,
      50,
      y,
      {
        width: 400,
        lineBreak: false,
      },
    );
    doc.text(`Page ${index + 1} of ${range.count}`, 445, y, { width: 100, align: "right", lineBreak: false });
  }
}
