import {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationNext,
  PaginationPrevious,
} from "~/components/ui/pagination";
import { pagerItems } from "~/lib/pager";
import { type CatalogParams, toCatalogSearch } from "~/modules/products/catalog-params";

/** First, last and current ±1 pages with ellipses; plain links, so paging works without JavaScript. */
export function CatalogPager({ params, totalPages }: { params: CatalogParams; totalPages: number }) {
  if (totalPages <= 1) return null;
  const current = params.page;
  const to = (page: number) => `/catalog${toCatalogSearch({ ...params, page })}`;
  return (
    <Pagination aria-label="Catalogue pages" className="mt-8">
      <PaginationContent className="flex-wrap justify-center">
        <PaginationItem>
          <PaginationPrevious to={current > 1 ? to(current - 1) : undefined} disabled={current <= 1} />
        </PaginationItem>
        {pagerItems(current, totalPages).map((item, index) =>
          item === "ellipsis" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two ellipses, told apart by position
            <PaginationItem key={`ellipsis-${index}`}>
              <PaginationEllipsis />
            </PaginationItem>
          ) : (
            <PaginationItem key={item}>
              <PaginationLink to={to(item)} isActive={item === current} aria-label={`Page ${item}`}>
                {item}
              </PaginationLink>
            </PaginationItem>
          ),
        )}
        <PaginationItem>
          <PaginationNext
            to={current < totalPages ? to(current + 1) : undefined}
            disabled={current >= totalPages}
          />
        </PaginationItem>
      </PaginationContent>
    </Pagination>
  );
}
