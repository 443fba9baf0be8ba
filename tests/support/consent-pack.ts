// What the consent pack's tests put on file: a published product with a building product
// information sheet, covered by a current CodeMark certificate whose file is kept in storage
// (or is only a link elsewhere); and a one-page certificate PDF.
import type { Database } from "~/server/db/client.server";
import { buildingInfoSheets, certificationProducts, certifications, products } from "~/server/db/schema";
import { getStorage, type Storage } from "~/server/storage/storage.server";

/** A one-page PDF saying `text` (pdf-lib, as a certificate's maker might write it). */
export async function onePagePdf(text: string) {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/**
 * A published product named `name` (stock code `number`) with a sheet, covered by the CodeMark
 * certificate `number` whose file is `file` (kept in `storage`), or a link when `file` is text.
 */
export async function productWithCertificate(
  db: Database,
  options: {
    name: string;
    number: string;
    file: Buffer | string;
    extension?: string;
    allowDownload?: boolean;
    storage?: Storage;
  },
) {
  const { name, number, file } = options;
  const storage = options.storage ?? getStorage();
  const [sheet] = await db
    .insert(buildingInfoSheets)
    .values({ title: `${name} sheet`, classification: "not_designated" })
    .returning();
  const [product] = await db
    .insert(products)
    .values({ name, sku: number, buildingInfoId: sheet?.id, isPublished: true })
    .returning();
  const fileUrl =
    typeof file === "string"
      ? file
      : storage.publicUrl(
          "certificates",
          (await storage.put("certificates", `certificate.${options.extension ?? "pdf"}`, file)).name,
        );
  const [certificate] = await db
    .insert(certifications)
    .values({
      title: `CodeMark Certificate ${number}`,
      fileUrl,
      fileType: "PDF",
      allowDownload: options.allowDownload ?? true,
      scheme: "codemark",
      certificateNumber: number,
      standing: "active",
      registerUrl: `https://codemark.example.govt.nz/register/${number}`,
    })
    .returning();
  if (!product || !certificate || !sheet) throw new Error("not stored");
  await db.insert(certificationProducts).values({ certificationId: certificate.id, productId: product.id });
  return { product, certificate, sheet };
}
