// The consent pack with its files in S3 (a real S3-protocol server on loopback): a certificate PDF
// kept in the bucket is read from it and appended, the drawn pack is kept in the bucket's private
// consent_packs folder, and the same pack asked again is streamed from there without drawing;
// a certificate larger than the upload limit in the bucket is listed, not read.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { getConsentPack } from "~/modules/consent-pack/build.server";
import { setStorage } from "~/server/storage/storage.server";
import { productWithCertificate } from "../support/consent-pack";
import { useTestDatabase } from "../support/database";
import { bytesOf, readPdf, squash } from "../support/pdf";
import { startS3Server } from "../support/s3-server";

const database = useTestDatabase();
const db = () => database.current.db;
let s3: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  s3 = await startS3Server();
  setStorage(s3.storage({ prefix: "pack-test/" }));
});

afterAll(async () => {
  setStorage(undefined);
  await s3.close();
});

/** A certificate PDF of `pages` pages, each saying which page it is. */
async function certificatePdf(number: string, pages: number) {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  for (let page = 1; page <= pages; page += 1) doc.addPage().text(`Certificate ${number} page ${page}`);
  doc.end();
  return done;
}

async function productCoveredBy(name: string, number: string, file: Buffer) {
  return (await productWithCertificate(db(), { name, number, file })).product;
}

/** Every object the S3 server holds under the pack's folder. */
function objectsIn(folder: string) {
  return fs
    .readdirSync(s3.directory, { recursive: true })
    .map(String)
    .filter((name) => name.includes(`${folder}/`) && name.endsWith("._S3rver_object"))
    .map((name) => path.basename(name, "._S3rver_object"));
}

test("a pack whose certificates are in S3: appended from the bucket, kept there, and served from there again", async () => {
  const first = await productCoveredBy("S3 Roofing Sheet", "CM97001", await certificatePdf("CM97001", 2));
  // Past the 10 MB certificate limit: listed with its register, never read into memory.
  const large = Buffer.concat([await certificatePdf("CM97002", 1), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
  const second = await productCoveredBy("S3 Flashing", "CM97002", large);
  const request = {
    productIds: [first.id, second.id],
    job: { name: "S3 job", siteAddress: "1 Bucket Lane" },
    neededUntil: null,
    publishedOnly: true,
  };

  const drawn = await getConsentPack(request);
  if (!drawn) throw new Error("no pack");
  expect(drawn.cached).toBe(false);
  const bytes = await bytesOf(drawn.body);
  const read = await readPdf(bytes);
  expect(read.pages.filter((text) => text.includes("Certificate CM97001 page"))).toHaveLength(2);
  expect(squash(read.pages.join(" "))).toContain(
    squash(
      "CodeMark CM97002: could not be included, see the register: https://codemark.example.govt.nz/register/CM97002",
    ),
  );
  expect(objectsIn("consent_packs")).toEqual([drawn.name]);

  const again = await getConsentPack(request);
  if (!again) throw new Error("no pack");
  expect(again.cached).toBe(true);
  expect(again.name).toBe(drawn.name);
  expect(Buffer.from(await bytesOf(again.body)).equals(Buffer.from(bytes))).toBe(true);
}, 120_000);
