// Numbered pages under a list, only when there is more than one page. Every link keeps the
// other URL parameters (search, tab, filters) and changes `page`.
//
//   <DataTablePagination page={page} pageCount={pageCount} total={total} />
//
// Shows the first and last pages and the current one plus or minus 1, with ellipses between.
import { useLocation } from "react-router";
import {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationNext,
  PaginationPrevious,
} from "~/components/ui/pagination";
import { PAGE_SIZE } from "~/lib/list-params";
import { pagerItems } from "~/lib/pager";

export function DataTablePagination(props: {
  page: number;
  pageCount: number;
  total: number;
  label?: string;
}) {
  const location = useLocation();
  const { page, pageCount, total } = props;
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);

  function hrefFor(target: number) {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const search = params.toString();
    return search ? `?${search}` : location.pathname;
  }

  return (
    <div className="flex flex-col items-center gap-2 sm:flex-row sm:justify-between">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {total === 0 ? "No results" : `Showing ${first}–${last} of ${total}`}
      </p>
      {pageCount > 1 ? (
        <Pagination aria-label={props.label ?? "Pages"} className="mx-0 w-auto">
          <PaginationContent className="flex-wrap">
            <PaginationItem>
              <PaginationPrevious to={hrefFor(page - 1)} disabled={page <= 1} />
            </PaginationItem>
            {pagerItems(page, pageCount).map((item, index) =>
              item === "ellipsis" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity but their place
                <PaginationItem key={`gap-${index}`}>
                  <PaginationEllipsis />
                </PaginationItem>
              ) : (
                <PaginationItem key={item}>
                  <PaginationLink to={hrefFor(item)} isActive={item === page} aria-label={`Page ${item}`}>
                    {item}
                  </PaginationLink>
                </PaginationItem>
              ),
            )}
            <PaginationItem>
              <PaginationNext to={hrefFor(page + 1)} disabled={page >= pageCount} />
            </PaginationItem>
          </PaginationContent>
        </Pagination>
      ) : null}
    </div>
  );
}
