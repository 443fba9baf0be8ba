// The consent pack's body, drawn with pdfkit: each product's building product information sheet
// as a document (its title begins its first page), and the page of a certificate that is a
// picture, only a link, or kept from the public. Certificate PDFs are appended by draw.server.ts
// at the places the layout records.
import type { ProductIdentifier, ResponsibleParty } from "~/lib/building-info";
import { formatNzDate } from "~/lib/nz-date";
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
import { INK, MUTED } from "../quotes/pdf.server";
import { certificateName, type PackCertificate, type PackPlan, type PackProduct } from "./index";
import {
  bottom,
  type Doc,
  heading,
  keepTogether,
  LEFT,
  openDocument,
  paragraph,
  rows,
  WARNING,
  WIDTH,
} from "./pdfkit.server";

/** A certificate as the body shows it: its picture on a page, or a page with its addresses. */
export type DrawnCertificate = { kind: "image"; bytes: Buffer } | { kind: "link"; url: string | null };

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
