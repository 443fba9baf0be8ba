import { AddToJob } from "~/components/account/add-to-job";
import { Badge } from "~/components/ui/badge";
import type { ProductDetails as Product } from "~/modules/products/page.server";
import { EnquireButton, OutOfStockOverlay } from "../catalog/product-actions";
import { StockBadge } from "../catalog/stock-badge";
import { ProductImage } from "../product-image";
import { AddToQuoteList } from "../quote-list/add-to-quote-list";

/**
 * The product itself: photo, name, stock code, unit, brand, category, stock, description and the
 * two actions (and, for a signed-in customer with active jobs, "Add to job"). Never a price.
 */
export function ProductDetails({
  product,
  jobs,
}: {
  product: Product;
  jobs: { id: string; name: string }[] | null;
}) {
  const outOfStock = product.stockStatus === "Out of Stock";
  const description = product.description || product.shortDescription;
  return (
    <article id="product" aria-labelledby="product-name" className="grid scroll-mt-20 gap-8 md:grid-cols-2">
      <div className="relative aspect-[4/3] self-start overflow-hidden rounded-xl bg-muted">
        {/* The page's largest paint: fetched at once and ahead of the other pictures. */}
        <ProductImage
          src={product.imageUrl}
          alt={product.name}
          asset={product.asset}
          sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
          width={800}
          height={600}
          priority
        />
        {product.discountPercentage > 0 ? (
          <Badge className="absolute top-3 left-3">{product.discountPercentage}% OFF</Badge>
        ) : null}
        {outOfStock ? <OutOfStockOverlay /> : null}
      </div>
      <div className="flex flex-col gap-5">
        <h1 id="product-name" className="text-balance font-extrabold text-3xl tracking-tight sm:text-4xl">
          {product.name}
        </h1>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {product.sku ? (
            <>
              <dt className="text-muted-foreground">Code</dt>
              <dd className="font-medium font-mono">{product.sku}</dd>
            </>
          ) : null}
          {product.unit ? (
            <>
              <dt className="text-muted-foreground">Unit</dt>
              <dd className="font-medium">{product.unit}</dd>
            </>
          ) : null}
          {product.brandName ? (
            <>
              <dt className="text-muted-foreground">Brand</dt>
              <dd className="font-medium">{product.brandName}</dd>
            </>
          ) : null}
          {product.categoryName ? (
            <>
              <dt className="text-muted-foreground">Category</dt>
              <dd className="font-medium">{product.categoryName}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Availability</dt>
          <dd>
            <StockBadge status={product.stockStatus} />
          </dd>
        </dl>
        {description ? <p className="whitespace-pre-line leading-relaxed">{description}</p> : null}
        <p className="font-semibold text-primary text-xl">Contact for Price</p>
        <div className="grid max-w-md gap-3">
          <AddToQuoteList product={product} withQuantity returnHash="#product" />
          {jobs ? <AddToJob product={product} jobs={jobs} /> : null}
          <EnquireButton product={product} />
        </div>
      </div>
    </article>
  );
}
