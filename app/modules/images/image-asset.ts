// What a page needs to know about a processed image: the srcsets of its variants. Shared by the
// server (which reads image_assets) and the components (which write <picture> and srcset).
import type { ImageVariant } from "~/server/db/schema";

/** The formats a page offers in <picture>; the JPEG variants are for mail and link previews. */
export type PageImageFormat = Extract<ImageVariant["format"], "avif" | "webp">;

/**
 * A processed image as a page's data carries it: ready srcsets ("url 320w, url 640w"), since
 * this is in the data (and the HTML) of every page that shows it. Every current browser decodes
 * AVIF, so an image with AVIF variants offers those alone and names one WebP variant as the
 * <img>'s own source, for a browser that does not; an image without them offers its WebP.
 */
export type ImageAsset = {
  avif?: string;
  /** Only when there is no AVIF. */
  webp?: string;
  /** The <img>'s source when the <picture> offers AVIF alone: a WebP variant. */
  src?: string;
  /** The 1200×630 link-preview picture: only a page that names it in its meta asks for it. */
  socialUrl?: string | null;
};

export type ImageAssetMap = Record<string, ImageAsset>;

/** The srcset of one format, smallest first; empty when there are none. */
export function srcSetFor(asset: ImageAsset | null | undefined, format: PageImageFormat) {
  return asset?.[format] ?? "";
}

/** Whether the image has a variant a <picture> can offer. */
export function hasVariants(asset: ImageAsset | null | undefined) {
  return Boolean(asset?.avif || asset?.webp);
}

type Variant = Pick<ImageVariant, "format" | "width" | "url">;

/** The widest the <img>'s own WebP source is: enough for a full-width picture on a laptop. */
const FALLBACK_MAX_WIDTH = 1280;

function srcSetOf(variants: Variant[]) {
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");
}

/** What a page's data says of an image_assets row's variants (see ImageAsset). */
export function toImageAsset(all: Variant[]): ImageAsset {
  const byWidth = [...all].sort((a, b) => a.width - b.width);
  const avif = byWidth.filter((variant) => variant.format === "avif");
  const webp = byWidth.filter((variant) => variant.format === "webp");
  if (avif.length === 0) return webp.length > 0 ? { webp: srcSetOf(webp) } : {};
  const fallback = webp.filter((variant) => variant.width <= FALLBACK_MAX_WIDTH).at(-1) ?? webp[0];
  return fallback ? { avif: srcSetOf(avif), src: fallback.url } : { avif: srcSetOf(avif) };
}
