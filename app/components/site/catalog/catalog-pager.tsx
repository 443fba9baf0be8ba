import { PageLinks } from "~/components/ui/page-links";
import { type CatalogParams, toCatalogSearch } from "~/modules/products/catalog-params";

/** First, last and current ±1 pages with ellipses; plain links, so paging works without JavaScript. */
export function CatalogPager({ params, totalPages }: { params: CatalogParams; totalPages: number }) {
  if (totalPages <= 1) return null;
  return (
    <PageLinks
      page={params.page}
      pageCount={totalPages}
      hrefFor={(page) => `/catalog${toCatalogSearch({ ...params, page })}`}
      label="Catalogue pages"
      className="mt-8"
      contentClassName="justify-center"
    />
  );
}
