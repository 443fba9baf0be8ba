// What the consent pack's own pages share: an A4 pdfkit document in the quote PDF's fonts, with
// room at the foot for the page number drawn over the whole pack, and the few ways its text is
// set (a heading kept with what follows, a paragraph, label and value rows).
import { INK, MUTED, openPdfDocument } from "../quotes/pdf.server";

export type Doc = PDFKit.PDFDocument;

export const LEFT = 50;
export const WIDTH = 495;
/** Room kept at the foot of every page for the page number drawn over the whole pack. */
export const BOTTOM_MARGIN = 60;
export const WARNING = "#9a3412";

export function openDocument(title: string, author: string) {
  return openPdfDocument({
    size: "A4",
    margins: { top: 50, left: LEFT, right: 50, bottom: BOTTOM_MARGIN },
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: title, Author: author },
  });
}

export function bottom(doc: Doc) {
  return doc.page.height - doc.page.margins.bottom;
}

/** A new page unless `height` more points fit on this one. */
export function keepTogether(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

export function heading(doc: Doc, text: string, size = 11) {
  keepTogether(doc, size * 4);
  doc.moveDown(0.6);
  doc.font("bold").fontSize(size).fillColor(INK).text(text, LEFT, doc.y, { width: WIDTH });
  doc.moveDown(0.2);
}

export function paragraph(
  doc: Doc,
  text: string,
  options: { color?: string; size?: number; bold?: boolean } = {},
) {
  doc
    .font(options.bold ? "bold" : "body")
    .fontSize(options.size ?? 9.5)
    .fillColor(options.color ?? INK)
    .text(text, LEFT, doc.y, { width: WIDTH });
}

/** Label and value rows, the label in a narrow muted column. */
export function rows(doc: Doc, pairs: readonly (readonly [string, string])[], labelWidth = 150) {
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
