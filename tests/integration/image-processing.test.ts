// Uploaded images are processed once, at upload: WebP at a few widths (never enlarged), AVIF only
// where it is the smaller file, a 1200x630 social card, metadata stripped, an image_assets row;
// a file that does not decode is refused and leaves nothing behind.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import sharp from "sharp";
import { expect, test } from "vitest";
import { PRODUCT_FORM_DEFAULTS } from "~/modules/products/schema";
import { action as catalogAdminAction } from "~/routes/admin/catalog";
import * as catalogRoute from "~/routes/public/catalog";
import { imageAssets } from "~/server/db/schema";
import { imageRule } from "~/server/http/image-upload.server";
import { VARIANT_WIDTHS } from "~/server/images/process-image.server";
import { parseStoredPath } from "~/server/storage/storage.server";
import { postAction } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { keptUpload } from "../support/uploads";

const database = useTestDatabase();
// AVIF encoding of a full-size photo takes seconds on a busy two-core machine.
const SLOW = { timeout: 90_000 };

/** A photo-like picture: smooth gradients with a little texture, as a camera would give. */
function photo(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#8ab4d8"/><stop offset="1" stop-color="#e7c08a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.2}" fill="#c2410c" opacity="0.8"/>
    <rect x="${width * 0.5}" y="${height * 0.55}" width="${width * 0.4}" height="${height * 0.3}" fill="#334155"/>
  </svg>`;
  return sharp(Buffer.from(svg));
}

/** A camera JPEG: taken sideways (EXIF orientation 6) with the place it was taken in its GPS tags. */
function cameraJpeg(width: number, height: number) {
  return photo(width, height)
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "Test Camera", Model: "T1" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "36/1 50/1 3000/100", GPSLongitudeRef: "E" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function uploadRequest(bytes: Uint8Array, name: string, type: string) {
  const body = new FormData();
  body.append("imageFile", new File([new Uint8Array(bytes)], name, { type }));
  return new Request("http://localhost/admin/anything", { method: "POST", body });
}

function storedFile(url: string) {
  const stored = parseStoredPath(url);
  if (!stored) throw new Error(`not a stored file: ${url}`);
  return path.join(database.current.storageRoot, stored.bucket, stored.name);
}

function filesIn(bucket: string) {
  const dir = path.join(database.current.storageRoot, bucket);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function assetRow(url: string) {
  const [row] = await database.current.db.select().from(imageAssets).where(eq(imageAssets.url, url));
  return row;
}

test(
  "a camera photo becomes upright WebP at every width up to 1920, a social card and an image_assets row, without its metadata",
  SLOW,
  async () => {
    const jpeg = await cameraJpeg(3000, 2000);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const form = await keptUpload(
      uploadRequest(jpeg, "site.jpg", "image/jpeg"),
      imageRule({ bucket: "media" }),
    );
    expect(form.ok).toBe(true);
    if (!form.ok || !form.url) throw new Error("upload refused");
    const url = form.url;

    const row = await assetRow(url);
    // Turned upright: the sideways 3000x2000 shot is a 2000x3000 portrait.
    expect(row).toMatchObject({ width: 2000, height: 3000 });
    const webp = row!.variants.filter((v) => v.format === "webp");
    expect(webp.map((v) => v.width)).toEqual([...VARIANT_WIDTHS]);
    for (const variant of row!.variants) {
      const file = storedFile(variant.url);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe(variant.format === "avif" ? "heif" : variant.format);
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(variant.height).toBe(Math.round((variant.width * 3000) / 2000));
      expect(fs.statSync(file).size).toBe(variant.bytes);
      // No EXIF (so no GPS), no orientation flag left to apply twice.
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    const social = await sharp(storedFile(row!.socialUrl!)).metadata();
    expect(social).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(social.exif).toBeUndefined();
    // The original is encoded again: full size, upright, still a JPEG, with no EXIF (no GPS) left.
    const original = await sharp(storedFile(url)).metadata();
    expect(original).toMatchObject({ format: "jpeg", width: 2000, height: 3000 });
    expect(original.exif).toBeUndefined();
    expect(original.orientation).toBeUndefined();
  },
);

test("a small image is never enlarged: one WebP at its own width", async () => {
  const png = await photo(200, 150).png().toBuffer();
  const form = await keptUpload(
    uploadRequest(png, "logo.png", "image/png"),
    imageRule({ bucket: "certificates" }),
  );
  if (!form.ok || !form.url) throw new Error("upload refused");
  expect(form.url).toMatch(/^\/files\/certificates\//);
  const row = await assetRow(form.url);
  expect(row).toMatchObject({ width: 200, height: 150 });
  expect(row!.variants.filter((v) => v.format === "webp").map((v) => [v.width, v.height])).toEqual([
    [200, 150],
  ]);
  for (const variant of row!.variants) expect(variant.url).toMatch(/^\/files\/certificates\//);
});

test("AVIF is kept only where it is the smaller file, at every width it is offered", SLOW, async () => {
  // A photo, where AVIF wins; and a flat colour, where WebP is already a few dozen bytes.
  const photoJpeg = await photo(1400, 900).jpeg({ quality: 90 }).toBuffer();
  const flat = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  const rows = [];
  for (const [bytes, name] of [
    [photoJpeg, "photo.jpg"],
    [flat, "flat.png"],
  ] as const) {
    const form = await keptUpload(uploadRequest(bytes, name, "image/png"), imageRule());
    if (!form.ok || !form.url) throw new Error("upload refused");
    rows.push((await assetRow(form.url))!);
  }
  const [photoRow, flatRow] = rows;
  for (const row of rows) {
    const webp = row!.variants.filter((v) => v.format === "webp");
    const avif = row!.variants.filter((v) => v.format === "avif");
    if (avif.length === 0) continue;
    expect(avif.map((v) => v.width)).toEqual(webp.map((v) => v.width));
    for (const [i, variant] of avif.entries()) expect(variant.bytes).toBeLessThan(webp[i]!.bytes);
  }
  expect(photoRow!.variants.some((v) => v.format === "avif")).toBe(true);
  expect(flatRow!.variants.some((v) => v.format === "avif")).toBe(false);
  // What was not kept is not left on disk either.
  const referenced = new Set(
    rows.flatMap((row) => [row!.url, row!.socialUrl, ...row!.variants.map((v) => v.url)]),
  );
  const onDisk = filesIn("media").map((name) => `/files/media/${name}`);
  for (const url of referenced) expect(onDisk).toContain(url);
});

test("a corrupt image (a PNG signature, then garbage) is refused as no image, and nothing is stored", async () => {
  const before = { media: filesIn("media"), rows: await database.current.db.select().from(imageAssets) };
  const corrupt = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from("this is not a picture at all ".repeat(40)),
  ]);
  const form = await keptUpload(uploadRequest(corrupt, "photo.png", "image/png"), imageRule());
  expect(form).toMatchObject({
    ok: false,
    problem: { kind: "file", field: "imageFile", problem: "wrong_type" },
  });
  expect(filesIn("media")).toEqual(before.media);
  expect(await database.current.db.select().from(imageAssets)).toHaveLength(before.rows.length);
});

test("discarding an upload removes the original, every variant, the social card and the row", async () => {
  const jpeg = await photo(1000, 700).jpeg().toBuffer();
  const before = filesIn("media");
  const form = await keptUpload(uploadRequest(jpeg, "x.jpg", "image/jpeg"), imageRule());
  if (!form.ok || !form.url) throw new Error("upload refused");
  const row = await assetRow(form.url);
  expect(row!.variants.length).toBeGreaterThanOrEqual(3);
  expect(filesIn("media").length).toBe(before.length + 1 + row!.variants.length + 1);

  await form.remove();
  expect(await assetRow(form.url)).toBeUndefined();
  expect(filesIn("media")).toEqual(before);
});

test(
  "a product photo uploaded in Catalog Management shows on the public catalogue with a srcset",
  SLOW,
  async () => {
    const body = new FormData();
    for (const [key, value] of Object.entries({
      ...PRODUCT_FORM_DEFAULTS,
      intent: "create",
      name: "Macrocarpa post",
    }))
      body.append(key, String(value));
    body.append(
      "imageFile",
      new File([new Uint8Array(await photo(1600, 1200).jpeg().toBuffer())], "post.jpg"),
    );
    const result = await postAction(catalogAdminAction, "/admin/catalog", body);
    expect(result.status).toBe(302);

    const request = new Request("http://localhost/catalog");
    const loaderData = await catalogRoute.loader({ request, params: {}, context: {} } as never);
    const Stub = createRoutesStub([
      { id: "page", path: "/catalog", Component: catalogRoute.default as never, loader: () => loaderData },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/catalog"],
        hydrationData: { loaderData: { page: loaderData } },
      }),
    );
    const card = html.slice(html.indexOf("<article"), html.indexOf("</article>"));
    expect(card).toContain("Macrocarpa post");
    const source =
      /<source type="image\/(avif|webp)" srcSet="[^"]*320w, [^"]*640w, [^"]*960w, [^"]*1280w, [^"]*1600w"/.exec(
        card,
      );
    expect(source, "a <source> with every width").not.toBeNull();
    // With AVIF variants the picture offers those alone, and the <img>'s own source is a WebP
    // variant (for a browser without AVIF); without them, the WebP srcset and the original.
    const avif = source?.[1] === "avif";
    if (avif) expect(card).not.toContain('type="image/webp"');
    const own = avif
      ? String.raw`\/files\/media\/\d{13}-[0-9a-f]{16}\.webp`
      : String.raw`\/files\/media\/\d{13}-[0-9a-f]{16}\.jpg`;
    expect(card).toMatch(
      // The first card's picture is the page's LCP: fetched at once, ahead of the others.
      new RegExp(`<img src="${own}"[^>]* width="400" height="300" loading="eager" fetchPriority="high"`),
    );
  },
);
