// The consent pack's front, drawn with pdfkit: the cover (the job, the trader, "valid as at", what
// the pack is and is not) and the index (each product, its class and stock code, its documents
// with the page each begins on, and its warnings). The page numbers come from draw.server.ts,
// which knows where every page falls; they sit in a fixed column, so they never change the length.
import { formatNzDate, formatNzDateTime } from "~/lib/nz-date";
import { drawMark, INK, MUTED, RULE } from "../quotes/pdf.server";
import type { IndexEntry, PackPlan } from "./index";
import {
  type Doc,
  heading,
  keepTogether,
  LEFT,
  openDocument,
  paragraph,
  WARNING,
  WIDTH,
} from "./pdfkit.server";

export type PackFront = {
  job: { name: string; siteAddress: string; reference?: string | null };
  trader: { name: string; gstNumber: string; nzbn: string };
  validAsAt: Date;
  neededUntil: string | null;
};

function drawCover(doc: Doc, plan: PackPlan, front: PackFront, warningCount: number) {
  doc.addPage();
  drawMark(doc, LEFT, 50, 36);
  doc.font("bold").fontSize(16).fillColor(INK).text(front.trader.name, 96, 52, { width: 400 });
  const details = [
    front.trader.gstNumber ? `GST number ${front.trader.gstNumber}` : null,
    front.trader.nzbn ? `NZBN ${front.trader.nzbn}` : null,
  ].filter((line): line is string => line !== null);
  if (details.length > 0)
    doc.font("body").fontSize(9).fillColor(MUTED).text(details.join(" · "), 96, 74, { width: 400 });

  doc.font("bold").fontSize(26).fillColor(INK).text("Consent pack", LEFT, 160, { width: WIDTH });
  doc
    .font("body")
    .fontSize(12)
    .fillColor(MUTED)
    .text("Building product information and certificates for a building consent application", {
      width: WIDTH,
    });
  doc.moveDown(1.5);
  const job: [string, string][] = [
    ["Job", front.job.name || "Not named"],
    ["Site address", front.job.siteAddress || "Not given"],
    ...(front.job.reference ? [["Reference", front.job.reference] as [string, string]] : []),
    ["Valid as at", formatNzDateTime(front.validAsAt)],
  ];
  if (front.neededUntil) job.push(["Certificates needed until", formatNzDate(front.neededUntil)]);
  job.push([
    "In this pack",
    `${plan.entries.length} ${plan.entries.length === 1 ? "product" : "products"}, ${plan.certificates.length} ${
      plan.certificates.length === 1 ? "certificate" : "certificates"
    }${warningCount > 0 ? `, ${warningCount} ${warningCount === 1 ? "warning" : "warnings"} in the index` : ""}`,
  ]);
  for (const [label, value] of job) {
    const y = doc.y;
    doc.font("body").fontSize(10).fillColor(MUTED).text(label, LEFT, y, { width: 150 });
    doc
      .font("bold")
      .fontSize(11)
      .fillColor(INK)
      .text(value, LEFT + 150, y, { width: WIDTH - 150 });
    doc.moveDown(0.5);
  }
  doc.moveDown(1.5);
  doc
    .moveTo(LEFT, doc.y)
    .lineTo(LEFT + WIDTH, doc.y)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  doc.moveDown(1);
  heading(doc, "What this pack is", 11);
  paragraph(
    doc,
    `${front.trader.name} gathered here, for the products listed in the index, the building product information and the certificates (CodeMark certificates, BRANZ Appraisals and other technical literature) it holds on file, as its records stood at the time above. Only certificates that were current on that day are included; expired, suspended, withdrawn and draft certificates never are.`,
  );
  doc.moveDown(0.6);
  heading(doc, "What it is not", 11);
  paragraph(
    doc,
    "These are the trader's records, not a building consent authority's decision. The council decides whether the building work complies with the Building Code. A certificate can be suspended or withdrawn after this pack was made: check each one on its public register before relying on it. The index says where something a council will look for is missing.",
  );
}

const PAGE_COLUMN = 70;

/** The index: each product, its class and stock code, its documents and their pages, its warnings. */
function drawIndex(doc: Doc, plan: PackPlan, pageOf: (key: string) => string) {
  doc.addPage();
  doc.font("bold").fontSize(18).fillColor(INK).text("Index", LEFT, 50, { width: WIDTH });
  doc.moveDown(0.5);
  plan.entries.forEach((entry, position) => {
    const lines = indexLines(entry, pageOf);
    doc.font("body").fontSize(9);
    const height =
      30 +
      lines.reduce(
        (sum, line) => sum + doc.heightOfString(line.text, { width: WIDTH - PAGE_COLUMN - 12 }) + 3,
        0,
      );
    keepTogether(doc, Math.min(height, 200));
    const top = doc.y;
    doc
      .moveTo(LEFT, top)
      .lineTo(LEFT + WIDTH, top)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.y = top + 5;
    doc
      .font("bold")
      .fontSize(10.5)
      .fillColor(INK)
      .text(`${position + 1}. ${entry.product.name}`, LEFT, doc.y, { width: WIDTH });
    const code = entry.product.sku ? `Stock code ${entry.product.sku}` : "No stock code";
    doc
      .font("body")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`${code} · ${entry.classLabel}`, LEFT, doc.y + 1, { width: WIDTH });
    doc.moveDown(0.3);
    for (const line of lines) {
      doc.font("body").fontSize(9);
      const textWidth = WIDTH - PAGE_COLUMN - 12;
      const lineHeight = doc.heightOfString(line.text, { width: textWidth });
      keepTogether(doc, lineHeight + 3);
      const y = doc.y;
      doc
        .font(line.warning ? "bold" : "body")
        .fillColor(line.warning ? WARNING : INK)
        .text(line.text, LEFT + 12, y, { width: textWidth });
      if (line.page)
        doc
          .font("body")
          .fillColor(INK)
          .text(line.page, LEFT + WIDTH - PAGE_COLUMN, y, {
            width: PAGE_COLUMN,
            align: "right",
          });
      doc.y = y + lineHeight + 3;
    }
    doc.moveDown(0.4);
  });
}

type IndexLine = { text: string; page: string | null; warning: boolean };

function indexLines(entry: IndexEntry, pageOf: (key: string) => string): IndexLine[] {
  const lines: IndexLine[] = entry.documents.map((document) => {
    if (document.kind === "sheet")
      return { text: document.title, page: `page ${pageOf(sheetKey(entry.product.id))}`, warning: false };
    const page = pageOf(certificateKey(document.certificateId));
    // A certificate whose page is not a number could not be included: the words say why.
    if (!/^\d+$/.test(page)) return { text: `${document.title}: ${page}`, page: null, warning: true };
    // One that also covers an earlier product is in the pack once: its page is that one.
    return { text: document.title, page: `page ${page}`, warning: false };
  });
  for (const warning of entry.warnings)
    lines.push({ text: `Warning: ${warning}`, page: null, warning: true });
  return lines;
}

export function sheetKey(productId: string) {
  return `sheet:${productId}`;
}

export function certificateKey(certificateId: string) {
  return `certificate:${certificateId}`;
}

/** The cover and the index; `pageOf` gives each document's page number (or why it is missing). */
export async function drawFront(plan: PackPlan, front: PackFront, pageOf: (key: string) => string) {
  const { doc, done } = await openDocument("Consent pack", front.trader.name);
  const warnings = plan.entries.reduce((sum, entry) => sum + entry.warnings.length, 0);
  drawCover(doc, plan, front, warnings);
  const indexStart = doc.bufferedPageRange().count;
  drawIndex(doc, plan, pageOf);
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return { bytes: await done, pages, indexStart };
}
