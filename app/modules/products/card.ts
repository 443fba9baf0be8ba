// A product as a card shows it (the catalogue, its bargains, related products). Each card's data
// is also written into the page for hydration, so it carries only what a card draws; the quick
// view fetches the full description from the product's page when it opens.
import type { StockStatus } from "~/lib/vocabulary";
import type { ImageAsset } from "~/modules/images/image-asset";
import { truncateText } from "./catalog-params";

export type ProductCardData = {
  id: string;
  name: string;
  slug: string;
  /** The short description as a card shows it: its first 100 characters, then "...". */
  summary: string | null;
  /** The <img>'s own source: a WebP variant when the picture offers AVIF, else the original. */
  imageUrl: string | null;
  stockStatus: StockStatus;
  discountPercentage: number;
  brandName?: string | null;
  categoryName?: string | null;
  asset?: ImageAsset | null;
};

type CardSource = Omit<ProductCardData, "summary"> & { shortDescription: string | null };

/** The card's fields of a product read for the public. */
export function toProductCard(product: CardSource): ProductCardData {
  const { src, ...asset } = product.asset ?? {};
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    summary: product.shortDescription ? truncateText(product.shortDescription, 100) : null,
    imageUrl: (product.imageUrl && src) || product.imageUrl,
    stockStatus: product.stockStatus,
    discountPercentage: product.discountPercentage,
    brandName: product.brandName ?? null,
    categoryName: product.categoryName ?? null,
    asset: product.asset ? asset : null,
  };
}
