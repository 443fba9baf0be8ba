import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { ProductCardData } from "~/modules/products/card";
import { ProductImage } from "../product-image";
import { AddToQuoteList } from "../quote-list/add-to-quote-list";
import { EnquireButton, OutOfStockOverlay } from "./product-actions";
import { StockBadge } from "./stock-badge";

/** Descriptions already fetched, by product slug: a quick view opened again shows at once. */
const descriptions = new Map<string, string | null>();

/**
 * The product's full description, fetched from /catalog/SLUG/details when its quick view first
 * opens (the catalogue's data carries only what the cards show). Until it arrives, or when it
 * cannot be had, the card's summary stands in.
 */
function useDescription(slug: string) {
  const [description, setDescription] = useState(() => descriptions.get(slug));
  useEffect(() => {
    if (descriptions.has(slug)) {
      setDescription(descriptions.get(slug));
      return;
    }
    const controller = new AbortController();
    fetch(`/catalog/${slug}/details`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((details: { description: string | null } | null) => {
        if (!details) return;
        descriptions.set(slug, details.description);
        setDescription(details.description);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [slug]);
  return { description, loaded: description !== undefined };
}

/** The quick-view dialog's content (see quick-view-dialog.tsx, which returns focus to the card's button). */
export function ProductQuickView({
  product,
  onCloseAutoFocus,
}: {
  product: ProductCardData;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const outOfStock = product.stockStatus === "Out of Stock";
  const { description, loaded } = useDescription(product.slug);
  const text = loaded ? description : product.summary;
  return (
    <DialogContent className="sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-muted sm:aspect-square">
          <ProductImage
            src={product.imageUrl}
            alt={product.name}
            asset={product.asset}
            sizes="(min-width: 640px) 320px, 90vw"
            width={600}
            height={600}
            eager
          />
          {outOfStock ? <OutOfStockOverlay /> : null}
        </div>
        <div className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle className="text-xl">{product.name}</DialogTitle>
            <DialogDescription>
              {product.brandName ? <span className="block">Brand: {product.brandName}</span> : null}
              {product.categoryName ? <span className="block">Category: {product.categoryName}</span> : null}
              {product.brandName || product.categoryName ? null : "Product details"}
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap items-center gap-2">
            <StockBadge status={product.stockStatus} />
            {product.discountPercentage > 0 ? <Badge>{product.discountPercentage}% OFF</Badge> : null}
          </div>
          {text ? (
            <p className="whitespace-pre-line text-sm leading-relaxed" aria-busy={!loaded}>
              {text}
            </p>
          ) : null}
          <p className="font-semibold text-lg text-primary">Contact for Price</p>
          <DialogFooter className="mt-auto flex-col items-stretch gap-3 sm:flex-col sm:justify-start">
            <AddToQuoteList product={product} withQuantity />
            <EnquireButton product={product} />
            <Link
              to={`/catalog/${product.slug}`}
              className="text-center font-medium text-primary text-sm underline underline-offset-4 hover:no-underline"
            >
              View full details<span className="sr-only"> of {product.name}</span>
            </Link>
          </DialogFooter>
        </div>
      </div>
    </DialogContent>
  );
}
