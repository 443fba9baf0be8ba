import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { hasVariants, type ImageAsset, srcSetFor } from "~/modules/images/image-asset";

function svgDataUrl(svg: string) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

// Inline, so a fallback can never be the broken request itself.
/** A missing or broken picture: a landscape sign on grey. */
const IMAGE_PLACEHOLDER_SRC = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e5e7eb"/>' +
    '<g fill="none" stroke="#9ca3af" stroke-width="8" stroke-linejoin="round"><path d="M140 95h120v110H140z"/>' +
    '<path d="M140 185l40-40 30 30 20-20 30 30"/><circle cx="228" cy="125" r="10"/></g></svg>',
);

/** A missing or broken portrait: a head and shoulders on grey. */
export const PORTRAIT_PLACEHOLDER_SRC = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#e5e7eb"/>' +
    '<circle cx="24" cy="19" r="8" fill="#9ca3af"/><path d="M8 46c1-10 8-14 16-14s15 4 16 14z" fill="#9ca3af"/></svg>',
);

/**
 * Whether `src` failed to load. A new source gets its own chance; a picture that failed before
 * hydration (its error event fired before React was listening) is caught on mount.
 */
export function useImageFallback(src: string | null | undefined) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (src && img?.complete && img.naturalWidth === 0 && img.getAttribute("src") === src) setFailedSrc(src);
  }, [src]);
  return { ref, failed: !src || failedSrc === src, onError: () => setFailedSrc(src ?? null) };
}

/** The AVIF or WebP <source> of a processed image, for a <picture> around its <img>. */
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
  /** Shown when the picture is missing or fails to load. */
  placeholder?: string;
};

/**
 * A staff-uploaded picture: AVIF/WebP variants at several widths when it has them, else the
 * original; a placeholder when it fails to load.
 */
export function Picture({
  src,
  alt,
  asset,
  sizes,
  width,
  height,
  eager,
  priority,
  className,
  placeholder = IMAGE_PLACEHOLDER_SRC,
}: PictureProps) {
  // With AVIF variants, the <img>'s own source is a WebP variant rather than the original.
  const own = asset?.src ?? src;
  const fallback = useImageFallback(own);
  if (priority && !fallback.failed) preloadImage(own, asset, sizes);
  const image = (
    <img
      ref={fallback.ref}
      src={fallback.failed ? placeholder : own}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      data-placeholder={fallback.failed ? "true" : undefined}
      onError={fallback.onError}
      className={className}
    />
  );
  if (fallback.failed || !hasVariants(asset)) return image;
  return (
    // A <picture> adds no box (app.css), so the <img> keeps its place in the layout.
    <picture>
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
