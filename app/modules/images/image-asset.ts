// What a page needs to know about a processed image: its size and its variants. Shared by the
// server (which reads image_assets) and the components (which write <picture> and srcset).
import type { ImageVariant } from "~/server/db/schema";

/** A variant as a page names it in a srcset: the page's data carries nothing more. */
export type PageImageVariant = Pick<ImageVariant, "format" | "width" | "url">;

export type ImageAsset = {
  width: number;
  height: number;
  variants: PageImageVariant[];
  socialUrl: string | null;
};

export type ImageAssetMap = Record<string, ImageAsset>;

/** "url 320w, url 640w" for one format, smallest first; empty when there are none. */
export function srcSetFor(asset: ImageAsset | null | undefined, format: ImageVariant["format"]) {
  if (!asset) return "";
  return asset.variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
}
