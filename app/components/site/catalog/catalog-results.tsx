import { Link, useLocation } from "react-router";
import { PackageSearch, TriangleAlert } from "~/components/ui/sprite-icons";
import type { ProductCardData } from "~/modules/products/card";
import { CATALOG_PAGE_SIZE, type CatalogParams } from "~/modules/products/catalog-params";
import type { SearchHelp } from "~/modules/products/queries.server";
import { productHrefFromSearch } from "~/modules/search/log-query";
import { ProductCard } from "../product-card";
import { NoResultsHelp } from "./search-help";

type CatalogResultsProps = {
  products: ProductCardData[];
  failed: boolean;
  params: CatalogParams;
  /** A search that found nothing: where its words lead. */
  help: SearchHelp | null;
};

/** The product grid, or the failure or empty message in its place. */
export function CatalogResults({ products, failed, params, help }: CatalogResultsProps) {
  const location = useLocation();
  if (failed) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 p-10 text-center"
      >
        <TriangleAlert aria-hidden="true" className="size-8 text-destructive" />
        <p className="font-semibold">Failed to load products. Please try again.</p>
        <a
          href={`${location.pathname}${location.search}`}
          className="font-medium text-primary underline underline-offset-4"
        >
          Try again
        </a>
      </div>
    );
  }
  if (products.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
        <PackageSearch aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-semibold">No products found</p>
        <p className="text-muted-foreground text-sm">Try a different search or clear the filters.</p>
        <Link to="/catalog" className="font-medium text-primary underline underline-offset-4">
          Clear filters
        </Link>
        {help ? (
          <NoResultsHelp params={params} categories={help.categories} unfiltered={help.unfiltered} />
        ) : null}
      </div>
    );
  }
  return (
    <ul data-testid="catalog-grid" className="product-grid grid gap-6 sm:rows-of-2 xl:rows-of-3">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            anchorId={`product-${product.id}`}
            priority={index === 0}
            href={productHrefFromSearch(product.slug, params.q)}
          />
        </li>
      ))}
    </ul>
  );
}

/** "Showing 11–20 of 45 products". */
export function describeRange(params: CatalogParams, shown: number, total: number) {
  if (total === 0) return "No products";
  const first = (params.page - 1) * CATALOG_PAGE_SIZE + 1;
  return `Showing ${first}–${first + shown - 1} of ${total} product${total === 1 ? "" : "s"}`;
}
