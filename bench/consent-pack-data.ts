// The consent pack bench's catalogue, written into a server's database and storage while that
// server is stopped (DATA_DIR, and DATABASE_URL for PostgreSQL): 200 published products, each
// with a complete building product information sheet of its own (Class 1 and Class 2 in turn,
// the demo's complete sheets as their model), and
//   - 15 certificates of 1 to 3 MB (scanned-looking PDFs: 2 to 5 pages, each a photograph-sized
//     JPEG that does not compress, as a scanned certificate is) covering the first 20 products,
//     three of them covering two products each, so those 20 products make the issue's
//     "20 products with 15 certificates of 1–3 MB";
//   - 30 more certificates of about 300 KB, each covering six of the other 180 products.
// Prints JSON: { twenty: [ids], all: [ids] } in the products' order.
//
//   DATA_DIR=… [DATABASE_URL=…] npm exec -- tsx bench/consent-pack-data.ts
import crypto from "node:crypto";

process.env.LOG_LEVEL ??= "warn";
process.env.BETTER_AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-00";

const { openDatabase, databaseOptionsFromEnv } = await import("~/server/db/client.server");
const { setDatabase } = await import("~/server/db/db.server");
const { buildingInfoSheets, certificationProducts, certifications, products } = await import(
  "~/server/db/schema"
);
const { DEMO_SHEETS } = await import("~/server/seed/compliance");
const { getStorage } = await import("~/server/storage/storage.server");
const { getEnv } = await import("~/server/env.server");
const { default: sharp } = await import("sharp");
const { default: PDFDocument } = await import("pdfkit");

const env = getEnv();
const handle = await openDatabase(databaseOptionsFromEnv(env));
setDatabase(handle);
const db = handle.db;

/** A JPEG of noise: about 0.6 MB at 1100 × 1500, as a scanned page barely compresses. */
async function noisePage(seed: number, width = 1100, height = 1500) {
  const raw = crypto.createHash("sha256").update(String(seed)).digest();
  const pixels = Buffer.alloc(width * height * 3);
  // A cheap generator seeded per page, so each page's picture differs.
  let state = raw.readUInt32LE(0) || 1;
  for (let i = 0; i < pixels.length; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = 180 + ((state >>> 0) % 76);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** A certificate PDF of about `megabytes` MB: a title line and scanned pages. */
async function certificatePdf(number: string, megabytes: number, seed: number) {
  const page = await noisePage(seed);
  const pages = Math.max(1, Math.round((megabytes * 1024 * 1024) / page.length));
  const doc = new PDFDocument({ size: "A4", margin: 40, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  for (let p = 0; p < pages; p += 1) {
    doc.addPage();
    doc.fontSize(14).text(`Certificate ${number}, page ${p + 1} of ${pages}`);
    // A new picture per page (pdfkit would reuse one buffer as one image).
    const picture = p === 0 ? page : await noisePage(seed * 100 + p);
    doc.image(picture, 40, 70, { fit: [515, 700] });
  }
  doc.end();
  return done;
}

async function storeCertificate(number: string, megabytes: number, seed: number, covers: string[]) {
  const bytes = await certificatePdf(number, megabytes, seed);
  const stored = await getStorage().put("certificates", `${number}.pdf`, bytes);
  const [certificate] = await db
    .insert(certifications)
    .values({
      title: `CodeMark Certificate ${number}`,
      fileUrl: getStorage().publicUrl("certificates", stored.name),
      fileType: "PDF",
      scheme: "codemark",
      certificateNumber: number,
      holder: "Bench Building Products Limited",
      certificationBody: "Bench Certification Body",
      scope: "Use as described in the certificate.",
      issuedOn: "2025-01-15",
      expiresOn: "2029-01-14",
      standing: "active",
      registerUrl: `https://codemark.example.govt.nz/register/${number}`,
    })
    .returning({ id: certifications.id });
  if (!certificate) throw new Error("The certificate was not stored");
  await db
    .insert(certificationProducts)
    .values(covers.map((productId) => ({ certificationId: certificate.id, productId })));
  return bytes.length;
}

const models = DEMO_SHEETS.filter(
  (sheet) => sheet.classification === "class_1" || sheet.classification === "class_2",
);
const ids: string[] = [];
for (let i = 0; i < 200; i += 1) {
  const source = models[i % models.length];
  if (!source) throw new Error("No complete demo sheet to copy");
  const { products: _names, reviewedDaysAgo: _days, ...model } = source;
  const number = String(i + 1).padStart(3, "0");
  const [sheet] = await db
    .insert(buildingInfoSheets)
    .values({ ...model, title: `${model.title} (bench ${number})`, reviewedOn: "2026-06-01" })
    .returning({ id: buildingInfoSheets.id });
  const [product] = await db
    .insert(products)
    .values({
      name: `Bench Pack Product ${number}`,
      sku: `BPACK-${number}`,
      description: "A product of the consent pack bench.",
      isPublished: true,
      buildingInfoId: sheet?.id,
    })
    .returning({ id: products.id });
  if (!product) throw new Error("The product was not stored");
  ids.push(product.id);
}

const sizes: number[] = [];
for (let k = 0; k < 15; k += 1) {
  // Products 1–15 each have one; 16–20 share the first five certificates' covers in pairs.
  const covers = [ids[k] as string, ...(k < 5 ? [ids[15 + k] as string] : [])];
  const megabytes = 1 + (k % 5) * 0.5;
  sizes.push(await storeCertificate(`CMB${String(k + 1).padStart(4, "0")}`, megabytes, k + 1, covers));
}
for (let k = 0; k < 30; k += 1) {
  const covers = ids.slice(20 + k * 6, 26 + k * 6);
  await storeCertificate(`CMS${String(k + 1).padStart(4, "0")}`, 0.3, 1000 + k, covers);
}

await handle.close();
console.log(
  JSON.stringify({
    twenty: ids.slice(0, 20),
    all: ids,
    certificateMegabytes: sizes.map((bytes) => Math.round((bytes / 1024 / 1024) * 100) / 100),
  }),
);
