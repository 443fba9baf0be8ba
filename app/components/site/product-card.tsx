import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cx } from "~/lib/cx";
import type { ProductCardData } from "~/modules/products/card";
import { EnquireButton, OutOfStockOverlay } from "./catalog/product-actions";
import { QuickViewButton } from "./catalog/quick-view-button";
import { StockBadge } from "./catalog/stock-badge";
import { ProductImage } from "./product-image";
import { AddToQuoteList } from "./quote-list/add-to-quote-list";

type ProductCardProps = {
  product: ProductCardData;
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
  /** The product page's address, when it is not plain /catalog/SLUG (a search's results). */
  href?: string;
};

/** A public product card: never a price, only 'Contact for Price'. */
export function ProductCard({
  product,
  headingLevel = "h3",
  quickView = true,
  anchorId,
  className,
  priority = false,
  href,
}: ProductCardProps) {
  const Heading = headingLevel;
  const outOfStock = product.stockStatus === "Out of Stock";
  const meta = [product.brandName, product.categoryName].filter(Boolean).join(" · ");
  return (
    <article
      id={anchorId}
      data-testid="product-card"
      data-out-of-stock={outOfStock || undefined}
      className={cx("product-card", className)}
    >
      <div className="product-card-photo">
        <ProductImage src={product.imageUrl} alt={product.name} asset={product.asset} priority={priority} />
        {product.discountPercentage > 0 ? (
          <Badge className="absolute top-2 left-2">{product.discountPercentage}% OFF</Badge>
        ) : null}
        {outOfStock ? <OutOfStockOverlay /> : null}
      </div>
      <div className="product-card-body">
        {meta ? <p className="product-card-meta">{meta}</p> : null}
        <Heading className="product-card-title" title={product.name}>
          <Link to={href ?? `/catalog/${product.slug}`}>{product.name}</Link>
        </Heading>
        {product.summary ? <p className="product-card-summary">{product.summary}</p> : null}
        <div className="product-card-status">
          <StockBadge status={product.stockStatus} />
          <p className="product-card-price">Contact for Price</p>
        </div>
        <div className="product-card-actions">
          {quickView ? <QuickViewButton product={product} /> : null}
          <EnquireButton product={product} />
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
