// Renders the demo's pictures and documents and writes them to storage: one picture per product,
// of that product's kind, and each other picture once.
import { loadSharp } from "~/server/images/process-image.server";
import type { Bucket, Storage } from "~/server/storage/storage.server";
import { avatarSvg, catalogueBannerSvg, certificateSvg, logoSvg } from "./artwork";
import { HOME_TILE_CATEGORIES, type HomeImages, REVIEW_COUNT } from "./content";
import { drawMotif, type MotifName } from "./motifs";
import { buildCertificatePdf } from "./pdf";
import { drawProductPictures } from "./pictures";
import { DEMO_PRODUCTS } from "./products";
import { caseStudySceneSvg, heroSceneSvg } from "./scenes";
import { CASE_STUDIES, CERTIFICATIONS } from "./showcase";
import { backdrop, paletteAt, svgDocument } from "./svg";
import { BRANDS, type BrandName, PRODUCT_CATEGORIES } from "./taxonomy";

export type StoredFile = { bucket: Bucket; name: string };

export type SeedAssets = {
  /** One per entry of DEMO_PRODUCTS, same order. */
  productImages: string[];
  logos: Record<BrandName, string>;
  home: HomeImages;
  /** One per entry of CASE_STUDIES, same order. */
  caseStudyImages: string[];
  /** One per entry of CERTIFICATIONS, same order. */
  certifications: Array<{ fileUrl: string; imageUrl: string }>;
  /** Everything written, so a failed seed can take it back. */
  files: StoredFile[];
};

type Format = "webp" | "png";

/** A picture of one motif on the demo backdrop, at any size; the 400x300 drawing is centred. */
function motifSvg(motif: MotifName, variant: number, width: number, height: number) {
  const palette = paletteAt(variant);
  const base = backdrop(width, height, palette);
  const scale = Math.min((width * 0.92) / 400, (height * 0.92) / 300);
  const x = (width - 400 * scale) / 2;
  const y = (height - 300 * scale) / 2;
  const drawing = drawMotif(motif, variant, palette, `${motif}-${variant}`);
  return svgDocument(
    width,
    height,
    base.defs,
    `${base.body}<g transform="translate(${x} ${y}) scale(${scale})">${drawing}</g>`,
  );
}

export async function removeFiles(storage: Storage, files: readonly StoredFile[]) {
  await Promise.allSettled(files.map((file) => storage.delete(file.bucket, file.name)));
}

export async function writeSeedAssets(storage: Storage): Promise<SeedAssets> {
  // Loaded here, not at the top: a server that never seeds never loads libvips.
  const { default: sharp } = await loadSharp();
  const files: StoredFile[] = [];
  const writes: Promise<string>[] = [];

  function store(bucket: Bucket, originalName: string, bytes: Uint8Array | Promise<Uint8Array>) {
    const write = (async () => {
      const stored = await storage.put(bucket, originalName, await bytes);
      files.push({ bucket, name: stored.name });
      return storage.publicUrl(bucket, stored.name);
    })();
    writes.push(write);
    return write;
  }

  // One picture at a time: encodes running side by side each take a thread of libuv's pool, and
  // the C allocator keeps an arena per thread that it seldom hands back to the system.
  let encoding: Promise<unknown> = Promise.resolve();
  function picture(svg: string, name: string, format: Format = "webp", bucket: Bucket = "media") {
    // Low WebP effort: a third less CPU at start-up for files a few per cent larger.
    const encode = () => {
      const image = sharp(Buffer.from(svg));
      return format === "webp"
        ? image.webp({ quality: 82, effort: 2 }).toBuffer()
        : image.png({ compressionLevel: 6 }).toBuffer();
    };
    const bytes = encoding.then(encode, encode);
    encoding = bytes.catch(() => undefined);
    return store(bucket, `${name}.${format}`, bytes);
  }

  const productImages = Promise.all(
    drawProductPictures(DEMO_PRODUCTS).map(({ product, svg }) => picture(svg, `product-${product.picture}`)),
  );
  const tiles = Promise.all(
    HOME_TILE_CATEGORIES.map(async (name, i) => {
      const motif = PRODUCT_CATEGORIES.find((c) => c.name === name)!.motif;
      return [name, await picture(motifSvg(motif, i, 600, 600), `tile-${motif}`)] as const;
    }),
  );
  const hero = Promise.all([
    picture(heroSceneSvg("yard", "dusk"), "hero-yard"),
    picture(heroSceneSvg("home", "day"), "hero-home"),
    picture(heroSceneSvg("frame", "dusk"), "hero-frame"),
  ]);
  const catalogue = picture(catalogueBannerSvg(), "catalogue-banner");
  const avatars = Promise.all(
    Array.from({ length: REVIEW_COUNT }, (_, i) => picture(avatarSvg(i), `reviewer-${i + 1}`)),
  );
  const logos = Promise.all(
    BRANDS.map(async (brand) => {
      const svg = logoSvg(brand.name, brand.tagline, brand.colour, brand.glyph, brand.layout);
      return [brand.name, await picture(svg, "brand-logo", "png")] as const;
    }),
  );
  const caseStudyImages = Promise.all(
    CASE_STUDIES.map((study) => picture(caseStudySceneSvg(study.scene, study.sky), `case-${study.scene}`)),
  );
  const certifications = Promise.all(
    CERTIFICATIONS.map(async (cert, i) => {
      const art = certificateSvg(cert, paletteAt(i).accent);
      const preview = picture(
        art.replace('width="1200" height="850"', 'width="800" height="567"'),
        "certificate",
      );
      const file =
        cert.fileType === "PDF"
          ? store("certificates", "certificate.pdf", buildCertificatePdf(cert))
          : picture(art, "certificate", "png", "certificates");
      const [imageUrl, fileUrl] = await Promise.all([preview, file]);
      return { imageUrl, fileUrl };
    }),
  );

  const groups = [productImages, tiles, hero, catalogue, avatars, logos, caseStudyImages, certifications];
  // Every write is started by now. Wait for all of them to settle before judging, so a failure
  // cleans up everything that was written and no write lands after the clean-up.
  const settled = await Promise.allSettled([...writes, ...groups]);
  const failure = settled.find((s) => s.status === "rejected");
  if (failure) {
    await removeFiles(storage, files);
    throw failure.reason;
  }
  const [heroUrls, tileUrls] = [await hero, await tiles];
  return {
    productImages: await productImages,
    logos: Object.fromEntries(await logos) as SeedAssets["logos"],
    home: {
      hero: heroUrls as [string, string, string],
      tiles: Object.fromEntries(tileUrls) as HomeImages["tiles"],
      catalogue: await catalogue,
      promotion: (await productImages)[DEMO_PRODUCTS.findIndex((p) => p.picture === "batts")]!,
      avatars: await avatars,
    },
    caseStudyImages: await caseStudyImages,
    certifications: await certifications,
    files,
  };
}
