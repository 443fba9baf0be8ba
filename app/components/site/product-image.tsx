import { cx } from "~/lib/cx";
import { hasVariants, type ImageAsset } from "~/modules/images/image-asset";
import { ImageSources, useImageFallback } from "./picture";

// Inline, so the fallback itself can never be the broken request.
const PRODUCT_PLACEHOLDER_SRC = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#f1f2f4"/>' +
    '<g fill="none" stroke="#9ca3af" stroke-width="8" stroke-linejoin="round"><path d="M150 110h100v80H150z"/>' +
    '<path d="M150 110l50-30 50 30M200 80v30"/></g></svg>',
)}`;

type ProductImageProps = {
  src: string | null | undefined;
  alt: string;
  className?: string;
  width?: number;
  height?: number;
  /** Above-the-fold images (the quick view) load at once. */
  eager?: boolean;
  /** The page's largest picture (the first catalogue card): at once, and ahead of other images. */
  priority?: boolean;
  /** The processed variants of `src`, when it was uploaded here: written as AVIF/WebP srcsets. */
  asset?: ImageAsset | null;
  /** The `sizes` attribute for the srcsets: how wide the image is shown. */
  sizes?: string;
};

/** A product photo with fixed dimensions and lazy loading; missing or broken photos show a placeholder. */
export function ProductImage({
  src,
  alt,
  className,
  width = 400,
  height = 300,
  eager = false,
  priority = false,
  asset,
  sizes = "(min-width:1024px) 25vw,(min-width:640px) 50vw,100vw",
}: ProductImageProps) {
  // With AVIF variants, the <img>'s own source is a WebP variant rather than the original.
  const own = (src && asset?.src) || src;
  const fallback = useImageFallback(own);
  const showPlaceholder = fallback.failed;
  const image = (
    <img
      ref={fallback.ref}
      src={showPlaceholder || !own ? PRODUCT_PLACEHOLDER_SRC : own}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      data-placeholder={showPlaceholder ? "true" : undefined}
      onError={fallback.onError}
      className={cx("product-image", className)}
    />
  );
  if (showPlaceholder || !hasVariants(asset)) return image;
  return (
    <picture>
      <ImageSources asset={asset} sizes={sizes} />
      {image}
    </picture>
  );
}
