import { Eye } from "~/components/ui/sprite-icons";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogTrigger } from "~/components/ui/dialog";
import { cn } from "~/lib/utils";
import { truncateText } from "~/modules/products/catalog-params";
import type { PublicProduct } from "~/modules/products/queries.server";
import { EnquireButton, OutOfStockOverlay } from "./catalog/product-actions";
import { ProductQuickView } from "./catalog/product-quick-view";
import { StockBadge } from "./catalog/stock-badge";
import { ProductImage } from "./product-image";
import { AddToQuoteList } from "./quote-list/add-to-quote-list";

export type ProductCardProduct = PublicProduct & { brandName?: string | null; categoryName?: string | null };

type ProductCardProps = {
  product: ProductCardProduct;
  /** Heading level of the product name, to fit the page outline. */
  headingLevel?: "h2" | "h3";
  /** Offer the quick-view dialog (the catalogue does; a simple teaser may not). */
  quickView?: boolean;
  /**
   * The card's id, when it is on the page once: a post without JavaScript ('Add to quote list')
   * comes back to it instead of the top of the page.
   */
  anchorId?: string;
  className?: string;
  /** The first card of a page: its photo is likely the largest thing on screen (LCP). */
  priority?: boolean;
};

/** A public product card: never a price, only 'Contact for Price'. */
export function ProductCard({
  product,
  headingLevel = "h3",
  quickView = true,
  anchorId,
  className,
  priority = false,
}: ProductCardProps) {
  const Heading = headingLevel;
  const outOfStock = product.stockStatus === "Out of Stock";
  const meta = [product.brandName, product.categoryName].filter(Boolean).join(" · ");
  return (
    <article
      id={anchorId}
      data-testid="product-card"
      data-out-of-stock={outOfStock || undefined}
      className={cn(
        "flex scroll-mt-20 flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm",
        className,
      )}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        <ProductImage src={product.imageUrl} alt={product.name} asset={product.asset} priority={priority} />
        {product.discountPercentage > 0 ? (
          <Badge className="absolute top-2 left-2">{product.discountPercentage}% OFF</Badge>
        ) : null}
        {outOfStock ? <OutOfStockOverlay /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {meta ? <p className="truncate text-muted-foreground text-xs">{meta}</p> : null}
        <Heading className="line-clamp-1 font-semibold text-base" title={product.name}>
          <Link
            to={`/catalog/${product.slug}`}
            className="underline-offset-4 hover:text-primary hover:underline"
          >
            {product.name}
          </Link>
        </Heading>
        {product.shortDescription ? (
          <p className="text-muted-foreground text-sm">{truncateText(product.shortDescription, 100)}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <StockBadge status={product.stockStatus} />
          <p className="font-semibold text-primary text-sm">Contact for Price</p>
        </div>
        <div className="flex flex-wrap gap-2 pt-2">
          {quickView ? (
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="outline" className="flex-1 noscript:hidden">
                  <Eye aria-hidden="true" />
                  Quick View<span className="sr-only"> of {product.name}</span>
                </Button>
              </DialogTrigger>
              <ProductQuickView product={product} />
            </Dialog>
          ) : null}
          <EnquireButton product={product} className="flex-1" />
          <AddToQuoteList
            product={product}
            returnHash={anchorId ? `#${anchorId}` : undefined}
            className="basis-full"
          />
        </div>
      </div>
    </article>
  );
}
