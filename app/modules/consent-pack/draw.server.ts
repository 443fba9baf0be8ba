// The consent pack as one PDF. Its own pages are drawn with pdfkit (front.server.ts: the cover and
// the index; body.server.ts: the sheets and certificate pages); the certificates' own PDFs are
// appended page for page with pdf-lib, which also writes the outline
// (a bookmark for the cover, the index, each product and each of its documents) and the footer
// "Page N of M" over the merged whole. The index's page numbers are right because the layout is
// known before the index is drawn: each certificate PDF is read (and its pages copied) first, the
// body of sheets drawn next, and the front drawn last, twice if need be, once its own length is
// known. A certificate PDF that is damaged or password-protected is not appended; the index says
// it could not be included and where its register is.
//
// The pack is written to a file as it is put together (spool.server.ts), so a drawing holds one
// certificate at a time, never the whole pack.
//
//   const { size, pages } = await drawConsentPack({ plan, front, absolute, readCertificate, into });
import type { PDFDict, PDFPage, PDFRef, PDFDocument as PdfLibDocument } from "pdf-lib";
import { type DrawnCertificate, drawBody } from "./body.server";
import { certificateKey, drawFront, type PackFront, sheetKey } from "./front.server";
import { type PackCertificate, type PackPlan, unreadableWords } from "./index";
import { PdfSpool } from "./spool.server";

export type { PackFront } from "./front.server";

/** A certificate's file as the drawing needs it. */
export type CertificateFile =
  | { kind: "pdf"; bytes: Uint8Array }
  | { kind: "image"; bytes: Buffer }
  | { kind: "link"; url: string | null }
  | { kind: "unreadable" };

export type PackDrawing = {
  plan: PackPlan;
  front: PackFront;
  /** A site-relative address (an evidence link "/certifications") made absolute, for paper. */
  absolute: (url: string) => string;
  /** Reads one certificate's file; called once per certificate, one at a time. */
  readCertificate: (certificate: PackCertificate) => Promise<CertificateFile>;
  /** Aborted when the drawing is abandoned: it stops at the next certificate or step. */
  signal?: AbortSignal;
  /** The file the pack is written to (replaced; left incomplete when the drawing fails). */
  into: string;
};

/** A run of the pack's pages that is one document: the front, a sheet, or a certificate. */
export type PackPart = { first: number; last: number } & (
  | { kind: "front" }
  | { kind: "sheet"; productId: string }
  /** `appended`: the certificate's own PDF, page for page; else a page drawn for it. */
  | { kind: "certificate"; certificateId: string; appended: boolean }
);

export type DrawnPack = {
  /** The file it was written to, and its size in bytes. */
  path: string;
  size: number;
  pages: number;
  /** Each document's pages (1-based, in page order): how the ZIP splits the pack. */
  parts: PackPart[];
  /** The certificates that could not be included (damaged or password-protected PDFs). */
  unreadable: string[];
};

type PdfLib = typeof import("pdf-lib");

/** The pages of a certificate PDF copied into `into`, or null when it cannot be read. */
async function copyCertificatePages(lib: PdfLib, into: PdfLibDocument, bytes: Uint8Array) {
  try {
    // A password-protected PDF throws here (pdf-lib will not copy what it cannot decrypt).
    const source = await lib.PDFDocument.load(bytes, { updateMetadata: false });
    if (source.getPageCount() === 0) return null;
    return await into.copyPages(source, source.getPageIndices());
  } catch {
    return null;
  }
}

type Layout = {
  /** Final 1-based page number of each body page. */
  bodyPage: number[];
  /** Final 1-based first page of each appended certificate PDF. */
  certificateFirst: Map<string, number>;
  total: number;
};

/** The certificate PDFs that go before each body page (the body's page count: after the last). */
function insertsByBodyPage(body: Awaited<ReturnType<typeof drawBody>>) {
  const before = new Map<number, string[]>();
  for (const insert of body.inserts)
    before.set(insert.beforeBodyPage, [...(before.get(insert.beforeBodyPage) ?? []), insert.certificateId]);
  return before;
}

function layoutAfter(
  frontPages: number,
  body: Awaited<ReturnType<typeof drawBody>>,
  copied: Map<string, PDFPage[]>,
): Layout {
  const before = insertsByBodyPage(body);
  const bodyPage: number[] = [];
  const certificateFirst = new Map<string, number>();
  let page = frontPages;
  for (let index = 0; index <= body.pages; index += 1) {
    for (const id of before.get(index) ?? []) {
      certificateFirst.set(id, page + 1);
      page += copied.get(id)?.length ?? 0;
    }
    if (index < body.pages) {
      page += 1;
      bodyPage[index] = page;
    }
  }
  return { bodyPage, certificateFirst, total: page };
}

export async function drawConsentPack({
  plan,
  front,
  absolute,
  readCertificate,
  signal,
  into,
}: PackDrawing): Promise<DrawnPack> {
  if (plan.entries.length === 0) throw new Error("A consent pack needs at least one product");
  // Loaded when a pack is first drawn: most processes never draw one.
  const lib = await import("pdf-lib");
  const out = await lib.PDFDocument.create();
  const spool = await PdfSpool.create(lib, out, into);
  try {
    const drawn = await drawInto(lib, out, spool, { plan, front, absolute, readCertificate, signal });
    const { size } = await spool.finish();
    return { ...drawn, path: into, size };
  } catch (error) {
    await spool.abandon();
    throw error;
  }
}

async function drawInto(
  lib: PdfLib,
  out: PdfLibDocument,
  spool: PdfSpool,
  { plan, front, absolute, readCertificate, signal }: Omit<PackDrawing, "into">,
) {
  // Each certificate's file is read and let go before the next: only its copied pages stay.
  const files = new Map<string, DrawnCertificate | "pdf" | "unreadable">();
  const copied = new Map<string, PDFPage[]>();
  for (const certificate of plan.certificates) {
    signal?.throwIfAborted();
    const file = await readCertificate(certificate);
    if (file.kind === "pdf") {
      const pages = await copyCertificatePages(lib, out, file.bytes);
      // Its pictures and page contents go to the file now, so its bytes can be let go.
      await spool.spill();
      if (pages) copied.set(certificate.id, pages);
      files.set(certificate.id, pages ? "pdf" : "unreadable");
    } else files.set(certificate.id, file.kind === "unreadable" ? "unreadable" : file);
  }
  const byId = new Map(plan.certificates.map((c) => [c.id, c]));
  const unreadable = [...files].filter(([, file]) => file === "unreadable").map(([id]) => id);

  signal?.throwIfAborted();
  const body = await drawBody(plan, front.trader.name, files, absolute);
  signal?.throwIfAborted();
  const pageOf = (layout: Layout) => (key: string) => {
    const [kind, id = ""] = key.split(":");
    if (kind === "sheet") return String(layout.bodyPage[body.sheetPage.get(id) ?? -1] ?? "");
    const drawnAt = body.certificatePage.get(id);
    if (drawnAt !== undefined) return String(layout.bodyPage[drawnAt] ?? "");
    const first = layout.certificateFirst.get(id);
    if (first !== undefined) return String(first);
    const certificate = byId.get(id);
    return certificate ? unreadableWords(certificate) : "";
  };

  // The front's length does not depend on the numbers in it (they sit in a fixed column), so
  // a first drawing tells it; the loop only guards against that ever changing.
  let frontPages = 2;
  let drawnFront = await drawFront(plan, front, pageOf(layoutAfter(frontPages, body, copied)));
  for (let attempt = 0; drawnFront.pages !== frontPages && attempt < 3; attempt += 1) {
    frontPages = drawnFront.pages;
    drawnFront = await drawFront(plan, front, pageOf(layoutAfter(frontPages, body, copied)));
  }
  const layout = layoutAfter(drawnFront.pages, body, copied);

  const frontDoc = await lib.PDFDocument.load(drawnFront.bytes);
  const bodyDoc = await lib.PDFDocument.load(body.bytes);
  const frontCopies = await out.copyPages(frontDoc, frontDoc.getPageIndices());
  const bodyCopies = await out.copyPages(bodyDoc, bodyDoc.getPageIndices());
  await spool.spill();
  for (const page of frontCopies) out.addPage(page);
  const before = insertsByBodyPage(body);
  for (let index = 0; index <= bodyCopies.length; index += 1) {
    for (const id of before.get(index) ?? []) for (const page of copied.get(id) ?? []) out.addPage(page);
    const page = bodyCopies[index];
    if (page) out.addPage(page);
  }
  const total = out.getPageCount();
  if (total !== layout.total)
    throw new Error(`The pack has ${total} pages, its index counted ${layout.total}`);

  const refOf = (pageNumber: number) => out.getPage(pageNumber - 1).ref;
  const numberOf = pageOf(layout);
  writeOutline(lib, out, [
    { title: "Cover", ref: refOf(1), children: [] },
    { title: "Index", ref: refOf(drawnFront.indexStart + 1), children: [] },
    ...plan.entries.map((entry, position) => {
      const sheetPage = Number(numberOf(sheetKey(entry.product.id)));
      const children = entry.documents.flatMap((document) => {
        const page = Number(
          numberOf(
            document.kind === "sheet" ? sheetKey(entry.product.id) : certificateKey(document.certificateId),
          ),
        );
        return Number.isInteger(page) && page > 0
          ? [{ title: document.title, ref: refOf(page), children: [] }]
          : [];
      });
      return { title: `${position + 1}. ${entry.product.name}`, ref: refOf(sheetPage), children };
    }),
  ]);
  await writeFooters(lib, out);

  out.setTitle(`Consent pack${front.job.name ? `: ${front.job.name}` : ""}`, { showInWindowTitleBar: true });
  out.setAuthor(front.trader.name);
  out.setSubject("Building product information and certificates for a building consent application");
  out.setCreator("Trade Counter");
  out.setProducer("Trade Counter (pdfkit, pdf-lib)");
  out.setCreationDate(front.validAsAt);
  out.setModificationDate(front.validAsAt);
  out.catalog.set(lib.PDFName.of("PageMode"), lib.PDFName.of("UseOutlines"));
  signal?.throwIfAborted();
  return { pages: total, unreadable, parts: partsOf(plan, body, layout, copied) };
}

/** Where each document starts and ends in the finished pack. */
function partsOf(
  plan: PackPlan,
  body: Awaited<ReturnType<typeof drawBody>>,
  layout: Layout,
  copied: Map<string, PDFPage[]>,
): PackPart[] {
  const starts: PackPart[] = [{ kind: "front", first: 1, last: 0 }];
  for (const entry of plan.entries) {
    const at = layout.bodyPage[body.sheetPage.get(entry.product.id) ?? -1];
    if (at) starts.push({ kind: "sheet", productId: entry.product.id, first: at, last: 0 });
  }
  for (const certificate of plan.certificates) {
    const drawnAt = body.certificatePage.get(certificate.id);
    // A certificate that could not be read has no pages of its own and is left out.
    const at =
      drawnAt !== undefined
        ? layout.bodyPage[drawnAt]
        : copied.has(certificate.id)
          ? layout.certificateFirst.get(certificate.id)
          : undefined;
    if (at)
      starts.push({
        kind: "certificate",
        certificateId: certificate.id,
        appended: drawnAt === undefined,
        first: at,
        last: 0,
      });
  }
  starts.sort((a, b) => a.first - b.first);
  return starts.map((start, index) => ({
    ...start,
    last: (starts[index + 1]?.first ?? layout.total + 1) - 1,
  }));
}

type OutlineItem = { title: string; ref: PDFRef; children: OutlineItem[] };

/** The PDF outline (bookmarks), written as the PDF reference has it: pdf-lib has no API for it. */
function writeOutline(lib: PdfLib, pdf: PdfLibDocument, items: OutlineItem[]) {
  const { context } = pdf;
  const rootRef = context.nextRef();
  const top = writeOutlineLevel(lib, pdf, items, rootRef);
  const root = context.obj({}) as PDFDict;
  root.set(lib.PDFName.of("Type"), lib.PDFName.of("Outlines"));
  root.set(lib.PDFName.of("First"), top.first);
  root.set(lib.PDFName.of("Last"), top.last);
  root.set(lib.PDFName.of("Count"), lib.PDFNumber.of(items.length));
  context.assign(rootRef, root);
  pdf.catalog.set(lib.PDFName.of("Outlines"), rootRef);
}

function writeOutlineLevel(
  lib: PdfLib,
  pdf: PdfLibDocument,
  level: OutlineItem[],
  parent: PDFRef,
): { first: PDFRef; last: PDFRef } {
  const { context } = pdf;
  const refs = level.map(() => context.nextRef());
  level.forEach((item, index) => {
    const ref = refs[index] as PDFRef;
    const dict = context.obj({}) as PDFDict;
    dict.set(lib.PDFName.of("Title"), lib.PDFHexString.fromText(item.title));
    dict.set(lib.PDFName.of("Parent"), parent);
    dict.set(lib.PDFName.of("Dest"), context.obj([item.ref, lib.PDFName.of("Fit")]));
    const previous = refs[index - 1];
    const next = refs[index + 1];
    if (previous) dict.set(lib.PDFName.of("Prev"), previous);
    if (next) dict.set(lib.PDFName.of("Next"), next);
    if (item.children.length > 0) {
      const children = writeOutlineLevel(lib, pdf, item.children, ref);
      dict.set(lib.PDFName.of("First"), children.first);
      dict.set(lib.PDFName.of("Last"), children.last);
      // Closed (a negative count): the reader lists the products and opens one on demand.
      dict.set(lib.PDFName.of("Count"), lib.PDFNumber.of(-item.children.length));
    }
    context.assign(ref, dict);
  });
  return { first: refs[0] as PDFRef, last: refs[refs.length - 1] as PDFRef };
}

/** "Page N of M" at the foot of every page, the certificates' own included. */
async function writeFooters(lib: PdfLib, pdf: PdfLibDocument) {
  const font = await pdf.embedFont(lib.StandardFonts.Helvetica);
  const pages = pdf.getPages();
  const size = 8;
  pages.forEach((page, index) => {
    const text = `Consent pack · Page ${index + 1} of ${pages.length}`;
    const box = page.getCropBox();
    const width = font.widthOfTextAtSize(text, size);
    const x = box.x + box.width - 50 - width;
    const y = box.y + 24;
    // On white, so it reads over a certificate's own border or footer.
    page.drawRectangle({ x: x - 4, y: y - 3, width: width + 8, height: size + 6, color: lib.rgb(1, 1, 1) });
    page.drawText(text, {
      x,
      y,
      size,
      font,
      color: lib.rgb(0.34, 0.33, 0.31),
    });
  });
}
