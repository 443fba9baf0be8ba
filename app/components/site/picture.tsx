import { preload } from "react-dom";
import { type ImageAsset, srcSetFor } from "~/modules/images/image-asset";

/** The AVIF and WebP <source>s of a processed image, for a <picture> around its <img>. */
export function ImageSources({ asset, sizes }: { asset: ImageAsset | null | undefined; sizes: string }) {
  const avif = srcSetFor(asset, "avif");
  const webp = srcSetFor(asset, "webp");
  return (
    <>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
    </>
  );
}

type PictureProps = {
  src: string;
  alt: string;
  /** The processed variants of `src`, when it was uploaded here. */
  asset?: ImageAsset | null;
  /** How wide the image is shown, for the browser to pick a variant. */
  sizes: string;
  /** The box the layout gives the image: reserved before it loads, so nothing shifts. */
  width: number;
  height: number;
  /** Above the fold: fetched at once (and first, with `priority`); otherwise when scrolled near. */
  eager?: boolean;
  priority?: boolean;
  className?: string;
};

/** A staff-uploaded picture: AVIF/WebP variants at several widths when it has them, else the original. */
export function Picture({ src, alt, asset, sizes, width, height, eager, priority, className }: PictureProps) {
  if (priority) preloadImage(src, asset, sizes);
  const image = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      className={className}
    />
  );
  if (!asset?.variants.length) return image;
  return (
    // `contents`: the <picture> adds no box, so the <img> keeps its place in the layout.
    <picture className="contents">
      <ImageSources asset={asset} sizes={sizes} />
      {image}
    </picture>
  );
}

/**
 * Asks for the page's main picture from <head>, before the browser meets the <img>: React puts
 * the preload in the server HTML's head. It names the one format the <picture> will pick (AVIF
 * when there is one: every current browser decodes it), so the file is not fetched twice.
 */
function preloadImage(src: string, asset: ImageAsset | null | undefined, sizes: string) {
  const avif = srcSetFor(asset, "avif");
  const webp = srcSetFor(asset, "webp");
  const srcSet = avif || webp;
  if (!srcSet) {
    preload(src, { as: "image", fetchPriority: "high" });
    return;
  }
  preload(src, {
    as: "image",
    fetchPriority: "high",
    imageSrcSet: srcSet,
    imageSizes: sizes,
    type: avif ? "image/avif" : "image/webp",
  });
}
