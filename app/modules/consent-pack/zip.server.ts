// The consent pack as a ZIP: each document a file of its own, for a council portal that wants
// them one by one. The pack is drawn as for the PDF (in turn, within the time limit) and split
// with pdf-lib along its documents: the cover and index as one PDF, each product's sheet as a PDF,
// and each certificate's own file as it is stored (a PDF or a picture), or, for a certificate that
// is only a link or kept from the public, the page drawn for it. Names follow the council
// convention, numbered in the index's order so they sort as the index reads:
//
//   00_Technical-literature_Index_<Job>_<date>.pdf
//   01-0_Technical-literature_<Product>_Product-information_<date>.pdf
//   01-1_Technical-literature_<Product>_<Certificate>_<date>.pdf   (.png, .jpg: the file as is)
//
// A certificate covering several products is in once, numbered after the first of them. The ZIP
// is streamed as it is written; the split files wait in memory until then (about the pack's size).
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  type ConsentPackRequestOf,
  fileWords,
  type ProductPackHistory,
  withDrawnConsentPack,
} from "./build.server";
import type { PackPart } from "./draw.server";
import { readCertificateFile } from "./files.server";
import { certificateName } from "./index";

export type ZippedPack = {
  stream: Readable;
  products: number;
  files: string[];
  history: ProductPackHistory[];
};

function twoDigits(value: number) {
  return String(value).padStart(2, "0");
}

export async function getConsentPackZip(request: ConsentPackRequestOf): Promise<ZippedPack | null> {
  return withDrawnConsentPack(request, async ({ plan, drawn, today, absolute, history }, signal) => {
    const lib = await import("pdf-lib");
    const whole = await lib.PDFDocument.load(await fs.promises.readFile(drawn.path));
    const pagesOf = async (part: PackPart) => {
      const doc = await lib.PDFDocument.create();
      const indices = Array.from({ length: part.last - part.first + 1 }, (_, i) => part.first - 1 + i);
      for (const page of await doc.copyPages(whole, indices)) doc.addPage(page);
      doc.setTitle(whole.getTitle() ?? "Consent pack");
      doc.setAuthor(whole.getAuthor() ?? "");
      doc.setCreationDate(whole.getCreationDate() ?? new Date());
      return Buffer.from(await doc.save());
    };

    const job = fileWords(request.job.name) || fileWords(request.job.reference ?? "") || "Job";
    const numberOf = new Map(plan.entries.map((entry, index) => [entry.product.id, index + 1]));
    // Each certificate under the first product it goes in with, numbered in that product's order.
    const owner = new Map<string, { product: string; number: string }>();
    plan.entries.forEach((entry, index) => {
      let k = 0;
      for (const document of entry.documents)
        if (document.kind === "certificate" && document.appendedHere) {
          k += 1;
          owner.set(document.certificateId, {
            product: entry.product.name,
            number: `${twoDigits(index + 1)}-${k}`,
          });
        }
    });
    const byId = new Map(plan.certificates.map((c) => [c.id, c]));

    const files: { name: string; body: Buffer }[] = [];
    for (const part of drawn.parts) {
      signal.throwIfAborted();
      if (part.kind === "front") {
        files.push({ name: `00_Technical-literature_Index_${job}_${today}.pdf`, body: await pagesOf(part) });
      } else if (part.kind === "sheet") {
        const entry = plan.entries.find((e) => e.product.id === part.productId);
        const number = `${twoDigits(numberOf.get(part.productId) ?? 0)}-0`;
        files.push({
          name: `${number}_Technical-literature_${fileWords(entry?.product.name ?? "") || "Product"}_Product-information_${today}.pdf`,
          body: await pagesOf(part),
        });
      } else {
        const certificate = byId.get(part.certificateId);
        const from = owner.get(part.certificateId);
        if (!certificate || !from) continue;
        const stem = `${from.number}_Technical-literature_${fileWords(from.product) || "Product"}_${
          fileWords(certificateName(certificate)) || "Certificate"
        }_${today}`;
        // The certificate's own file as stored, when it is one the pack would read.
        const file = await readCertificateFile(certificate, absolute);
        if (file.kind === "pdf" || file.kind === "image") {
          const extension =
            path
              .extname(certificate.fileUrl ?? "")
              .slice(1)
              .toLowerCase() || "pdf";
          files.push({ name: `${stem}.${extension}`, body: Buffer.from(file.bytes) });
        } else files.push({ name: `${stem}.pdf`, body: await pagesOf(part) });
      }
    }
    signal.throwIfAborted();
    const { default: archiver } = await import("archiver");
    const archive = archiver("zip", { zlib: { level: 6 } });
    for (const file of files) archive.append(file.body, { name: file.name });
    void archive.finalize();
    return {
      stream: archive,
      products: plan.entries.length,
      files: files.map((file) => file.name),
      history,
    };
  });
}
