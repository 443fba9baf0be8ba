// The consent pack's own pages, drawn with pdfkit in the quote PDF's fonts, colours and mark: the
// front (a cover and the index) and the body (each product's building product information sheet,
// and the page of a certificate that is a picture or only a link). The certificates' own PDFs and
// the page numbers are added over the whole by draw.server.ts, which knows where every page falls.
import type { ProductIdentifier, ResponsibleParty } from "~/lib/building-info";
import { formatNzDate, formatNzDateTime } from "~/lib/nz-date";
import { isDesignated } from "../compliance/completeness";
import {
  certificateHeading,
  IDENTIFIER_NAMES,
  PATHWAY_NAMES,
  PRODUCT_CLASS_MEANINGS,
  PRODUCT_CLASS_NAMES,
  RESPONSIBILITY_NAMES,
  sheetTitleFor,
} from "../compliance/public-text";
import { drawMark, FONT, FONT_BOLD, INK, MUTED, RULE } from "../quotes/pdf.server";
import {
  certificateName,
  type IndexEntry,
  type PackCertificate,
  type PackPlan,
  type PackProduct,
} from "./index";

type Doc = PDFKit.PDFDocument;

const LEFT = 50;
const WIDTH = 495;
/** Room kept at the foot of every page for the page number drawn over the whole pack. */
const BOTTOM_MARGIN = 60;
const WARNING = "#9a3412";

export type PackFront = {
  job: { name: string; siteAddress: string; reference?: string | null };
  trader: { name: string; gstNumber: string; nzbn: string };
  validAsAt: Date;
  neededUntil: string | null;
};

/** A certificate as the body shows it: its picture on a page, or a page with its addresses. */
export type DrawnCertificate = { kind: "image"; bytes: Buffer } | { kind: "link"; url: string | null };

async function openDocument(title: string, author: string) {
  // Loaded when a pack is first drawn: most processes never draw one.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 50, left: LEFT, right: 50, bottom: BOTTOM_MARGIN },
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: title, Author: author },
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

function bottom(doc: Doc) {
  return doc.page.height - doc.page.margins.bottom;
}

/** A new page unless `height` more points fit on this one. */
function keepTogether(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function heading(doc: Doc, text: string, size = 11) {
  keepTogether(doc, size * 4);
  doc.moveDown(0.6);
  doc.font("bold").fontSize(size).fillColor(INK).text(text, LEFT, doc.y, { width: WIDTH });
  doc.moveDown(0.2);
}

function paragraph(doc: Doc, text: string, options: { color?: string; size?: number; bold?: boolean } = {}) {
  doc
    .font(options.bold ? "bold" : "body")
    .fontSize(options.size ?? 9.5)
    .fillColor(options.color ?? INK)
    .text(text, LEFT, doc.y, { width: WIDTH });
}

/** Label and value rows, the label in a narrow muted column. */
function rows(doc: Doc, pairs: readonly (readonly [string, string])[], labelWidth = 150) {
  for (const [label, value] of pairs) {
    doc.font("body").fontSize(9);
    const height = Math.max(
      doc.heightOfString(label, { width: labelWidth - 8 }),
      doc.heightOfString(value, { width: WIDTH - labelWidth }),
    );
    keepTogether(doc, height + 4);
    const y = doc.y;
    doc.fillColor(MUTED).text(label, LEFT, y, { width: labelWidth - 8 });
    doc.fillColor(INK).text(value, LEFT + labelWidth, y, { width: WIDTH - labelWidth });
    doc.y = y + height + 3;
  }
}

// ---------------------------------------------------------------- the front: cover and index

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

// ---------------------------------------------------------------- the body: sheets and certificate pages

function identifierText(identifiers: readonly ProductIdentifier[]) {
  return identifiers.map((identifier) => [IDENTIFIER_NAMES[identifier.kind], identifier.value] as const);
}

function partyRows(party: ResponsibleParty) {
  const pairs: [string, string][] = [["Legal name", party.legalName]];
  if (party.tradingNames.length > 0) pairs.push(["Trading as", party.tradingNames.join(", ")]);
  if (party.nzbn) pairs.push(["NZBN", party.nzbn]);
  if (party.address) pairs.push(["Address", party.address]);
  if (party.phone) pairs.push(["Phone", party.phone]);
  if (party.email) pairs.push(["Email", party.email]);
  if (party.website) pairs.push(["Website", party.website]);
  return pairs;
}

/** A product's sheet as a document, on pages of its own; its title begins its first page. */
function drawSheet(doc: Doc, product: PackProduct, absolute: (url: string) => string) {
  doc.addPage();
  doc.font("bold").fontSize(15).fillColor(INK).text(sheetTitleFor(product.name), LEFT, 50, { width: WIDTH });
  const sub = [product.sku ? `Stock code ${product.sku}` : null, product.brandName]
    .filter(Boolean)
    .join(" · ");
  if (sub) paragraph(doc, sub, { color: MUTED, size: 9 });
  doc.moveDown(0.6);
  const sheet = product.sheet;
  if (!sheet) {
    paragraph(
      doc,
      "No building product information sheet is on file for this product. Ask the trader, or the manufacturer, for its building product information.",
    );
    return;
  }
  const warnings = sheet.warnings?.trim();
  if (warnings) {
    heading(doc, "Warning or ban under section 26 of the Building Act");
    paragraph(doc, warnings, { color: WARNING });
  }
  const classRows: [string, string][] = [
    [
      "Classification",
      `${PRODUCT_CLASS_NAMES[sheet.classification]}. ${PRODUCT_CLASS_MEANINGS[sheet.classification]}${
        sheet.classification === "exempt_other" && sheet.exemptReason ? ` Reason: ${sheet.exemptReason}` : ""
      }`,
    ],
    ["Responsible for this information", RESPONSIBILITY_NAMES[sheet.responsibility]],
    [
      "Sheet",
      `${sheet.title}, version ${sheet.version}${sheet.reviewedOn ? `, last reviewed on ${formatNzDate(sheet.reviewedOn)}` : ""}`,
    ],
  ];
  rows(doc, classRows);
  const reseller = sheet.responsibility === "reseller";
  if (reseller && sheet.sourceUrl) {
    heading(doc, "Published information");
    paragraph(
      doc,
      `The manufacturer publishes this product's building product information at ${sheet.sourceUrl}`,
    );
  }
  if (sheet.description || sheet.intendedUse) {
    heading(doc, "Description and intended use");
    if (sheet.description) paragraph(doc, sheet.description);
    if (sheet.intendedUse) paragraph(doc, sheet.intendedUse);
  }
  if (sheet.identifiers.length > 0) {
    heading(doc, "Product identifiers");
    rows(doc, identifierText(sheet.identifiers));
  }
  if (!reseller && sheet.responsibleParty?.legalName) {
    heading(doc, "New Zealand responsible party");
    rows(doc, partyRows(sheet.responsibleParty));
  }
  if (!reseller && sheet.manufacturer?.name) {
    heading(doc, "Overseas manufacturer");
    const m = sheet.manufacturer;
    rows(
      doc,
      (
        [
          ["Name", m.name],
          ["Address", m.address],
          ["Country", m.country],
          ["Website", m.website],
        ] as const
      ).filter(([, value]) => value),
    );
  }
  if (isDesignated(sheet.classification) && sheet.codeClauses.length > 0) {
    heading(doc, "Building Code clauses");
    for (const clause of sheet.codeClauses) {
      keepTogether(doc, 60);
      paragraph(doc, `Clause ${clause.clause}`, { bold: true, size: 9.5 });
      rows(doc, [
        ["How it contributes", clause.contribution],
        ["Limitations", clause.limitations],
        ["Compliance pathway", PATHWAY_NAMES[clause.pathway]],
      ]);
      doc.moveDown(0.3);
    }
  }
  if (sheet.scopeOfUse) {
    heading(doc, "Scope of use");
    paragraph(doc, sheet.scopeOfUse);
  }
  const requirements = [
    ["Design requirements", sheet.designRequirements],
    ["Installation requirements", sheet.installationRequirements],
    ["Maintenance requirements", sheet.maintenanceRequirements],
  ] as const;
  if (sheet.requirementsDocumentUrl || requirements.some(([, text]) => text)) {
    heading(doc, "Design, installation and maintenance");
    for (const [label, text] of requirements) {
      if (!text) continue;
      paragraph(doc, label, { bold: true, size: 9 });
      paragraph(doc, text);
      doc.moveDown(0.3);
    }
    if (sheet.requirementsDocumentUrl)
      paragraph(doc, `Requirements document: ${absolute(sheet.requirementsDocumentUrl)}`);
  }
  if (sheet.evidence.length > 0) {
    heading(doc, "Supporting evidence");
    for (const evidence of sheet.evidence) paragraph(doc, `• ${evidence.title}: ${absolute(evidence.url)}`);
  }
}

function certificateRows(certificate: PackCertificate): [string, string][] {
  const pairs: [string, string][] = [];
  if (certificate.holder) pairs.push(["Holder", certificate.holder]);
  if (certificate.certificationBody) pairs.push(["Issued by", certificate.certificationBody]);
  if (certificate.scope) pairs.push(["Scope", certificate.scope]);
  if (certificate.issuedOn) pairs.push(["Issued on", formatNzDate(certificate.issuedOn)]);
  if (certificate.expiresOn) pairs.push(["Valid until", formatNzDate(certificate.expiresOn)]);
  if (certificate.registerUrl) pairs.push(["Register", certificate.registerUrl]);
  if (certificate.registerCheckedOn)
    pairs.push(["Checked on the register", formatNzDate(certificate.registerCheckedOn)]);
  return pairs;
}

/** A certificate's own page: its heading and details, then its picture, or where it is published. */
function drawCertificatePage(doc: Doc, certificate: PackCertificate, drawn: DrawnCertificate) {
  doc.addPage();
  doc.font("bold").fontSize(14).fillColor(INK).text(certificateName(certificate), LEFT, 50, { width: WIDTH });
  paragraph(doc, certificateHeading(certificate), { color: MUTED, size: 9.5 });
  doc.moveDown(0.5);
  rows(doc, certificateRows(certificate), 130);
  doc.moveDown(0.8);
  if (drawn.kind === "image") {
    const top = doc.y;
    doc.image(drawn.bytes, LEFT, top, { fit: [WIDTH, bottom(doc) - top], align: "center" });
    return;
  }
  paragraph(
    doc,
    drawn.url
      ? `This certificate is published at ${drawn.url}. Read it there, and check it on its register.`
      : "The certificate's own document is available from the trader on request. Check it on its register.",
  );
}

/** Where each part of the body is: 0-based page indexes within the body. */
export type BodyLayout = {
  bytes: Buffer;
  pages: number;
  /** The first page of each product's sheet. */
  sheetPage: Map<string, number>;
  /** The page of each certificate drawn here (a picture or a link). */
  certificatePage: Map<string, number>;
  /** Each certificate PDF to append, and the body page it goes before (the page count: at the end). */
  inserts: { certificateId: string; beforeBodyPage: number }[];
};

/**
 * The sheets, each followed by the certificates first carried with it: a picture or a link is a
 * page drawn here, a PDF is appended later at the place `inserts` records, an unreadable one is
 * only named in the index.
 */
export async function drawBody(
  plan: PackPlan,
  author: string,
  files: Map<string, DrawnCertificate | "pdf" | "unreadable">,
  absolute: (url: string) => string,
): Promise<BodyLayout> {
  const { doc, done } = await openDocument("Consent pack", author);
  const byId = new Map(plan.certificates.map((c) => [c.id, c]));
  const layout: Omit<BodyLayout, "bytes" | "pages"> = {
    sheetPage: new Map(),
    certificatePage: new Map(),
    inserts: [],
  };
  const count = () => doc.bufferedPageRange().count;
  for (const entry of plan.entries) {
    layout.sheetPage.set(entry.product.id, count());
    drawSheet(doc, entry.product, absolute);
    for (const document of entry.documents) {
      if (document.kind !== "certificate" || !document.appendedHere) continue;
      const certificate = byId.get(document.certificateId);
      const file = files.get(document.certificateId);
      if (!certificate || !file || file === "unreadable") continue;
      if (file === "pdf") {
        layout.inserts.push({ certificateId: certificate.id, beforeBodyPage: count() });
        continue;
      }
      layout.certificatePage.set(certificate.id, count());
      drawCertificatePage(doc, certificate, file);
    }
  }
  const pages = count();
  doc.end();
  return { ...layout, bytes: await done, pages };
}
