import { initialsOf } from "~/lib/initials";
import type { SupplierBrand } from "~/modules/content/home.server";
import { hasVariants } from "~/modules/images/image-asset";
import { ImageSources, useImageFallback } from "../picture";

/** A brand's logo picture; its name on a badge when it has no logo, or the logo fails to load. */
export function BrandLogo({ brand }: { brand: SupplierBrand }) {
  const own = brand.asset?.src ?? brand.logoUrl;
  const fallback = useImageFallback(own);
  if (fallback.failed) {
    return (
      <span data-testid="brand-badge" className="flex items-center gap-3">
        <span aria-hidden className="logo-badge-mark">
          {initialsOf(brand.name)}
        </span>
        <span className="font-semibold text-sm">{brand.name}</span>
      </span>
    );
  }
  const image = (
    <img
      ref={fallback.ref}
      src={own ?? undefined}
      alt={brand.name}
      width={400}
      height={200}
      loading="lazy"
      decoding="async"
      onError={fallback.onError}
      className="logo-tile-image"
    />
  );
  if (!hasVariants(brand.asset)) return image;
  return (
    <picture>
      <ImageSources asset={brand.asset} sizes="(min-width: 1024px) 240px, (min-width: 640px) 30vw, 45vw" />
      {image}
    </picture>
  );
}
