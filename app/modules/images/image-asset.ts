// What a page needs to know about a processed image: the srcsets of its variants. Shared by the
// server (which reads image_assets) and the components (which write <picture> and srcset).
import type { ImageVariant } from "~/server/db/schema";

/** The formats a page offers in <picture>; the JPEG variants are for mail and link previews. */
export type PageImageFormat = Extract<ImageVariant["format"], "avif" | "webp">;

/**
 * A processed image as a page's data carries it: one ready srcset per format ("url 320w, url
 * 640w"), left out when there is none, since this is in the data of every page that shows it.
 */
export type ImageAsset = {
  avif?: string;
  webp?: string;
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

/** The srcset of `format` from an image_assets row's variants. */
export function buildSrcSet(variants: Pick<ImageVariant, "format" | "width" | "url">[], format: PageImageFormat) {
  return variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
}
