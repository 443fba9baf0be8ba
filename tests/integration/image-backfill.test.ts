// Stored images that were never processed (the demo seed's, uploads from before processing)
// get their variants from the background backfill; an undecodable file is left alone and is not
// retried in the same run, and private uploads are never touched.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, test } from "vitest";
import { brands, contactQueries, imageAssets, products } from "~/server/db/schema";
import { backfillImages, findUnprocessedImages } from "~/server/images/backfill.server";
import { getStorage } from "~/server/storage/storage.server";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;

async function storedPng(width: number, height: number) {
  const png = await sharp({ create: { width, height, channels: 3, background: "#c2410c" } })
    .png()
    .toBuffer();
  const stored = await getStorage().put("media", "picture.png", png);
  return getStorage().publicUrl("media", stored.name);
}

test("unprocessed product and brand images get WebP variants; broken and private files are left alone", {
  timeout: 90_000,
}, async () => {
  const productImage = await storedPng(800, 600);
  const logo = await storedPng(300, 120);
  const broken = await getStorage().put("media", "broken.png", Buffer.from("not a picture at all"));
  const brokenUrl = getStorage().publicUrl("media", broken.name);
  const privateFile = await getStorage().put(
    "contact_uploads",
    "plan.png",
    await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );

  await db()
    .insert(products)
    .values([
      { name: "Pine 90x45", imageUrl: productImage },
      { name: "Cedar 140x19", imageUrl: brokenUrl },
      { name: "Outside link", imageUrl: "https://example.com/picture.png" },
    ]);
  await db().insert(brands).values({ name: "Carters", logoUrl: logo });
  await db()
    .insert(contactQueries)
    .values({
      fullName: "A Builder",
      email: "a@example.com",
      subject: "Quote",
      message: "Hello there",
      fileUrl: `contact_uploads/${privateFile.name}`,
    });

  const pending = (await findUnprocessedImages(50)).map((image) => image.url).sort();
  expect(pending).toEqual([productImage, logo, brokenUrl].sort());

  const calls: number[] = [];
  const result = await backfillImages({ onProcessed: (count) => calls.push(count) });
  expect(result).toEqual({ processed: 2, refused: 1 });
  expect(calls.reduce((a, b) => a + b, 0)).toBe(2);

  const [asset] = await db().select().from(imageAssets).where(eq(imageAssets.url, productImage));
  expect(asset).toMatchObject({ width: 800, height: 600 });
  expect(asset?.variants.filter((v) => v.format === "webp").map((v) => v.width)).toEqual([320, 640, 800]);
  expect(asset?.socialUrl).toMatch(/^\/files\/media\/.+\.jpg$/);
  expect(await db().$count(imageAssets, eq(imageAssets.url, brokenUrl))).toBe(0);

  // Done: a second run finds nothing new to do but the file that does not decode.
  expect((await findUnprocessedImages(50)).map((image) => image.url)).toEqual([brokenUrl]);
  expect(await backfillImages()).toEqual({ processed: 0, refused: 1 });
});
