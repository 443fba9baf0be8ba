// Numbered page links: Previous, the first and last pages and the current one plus or minus 1
// with ellipses between, and Next. Plain links, so paging works without JavaScript.
//
//   <PageLinks page={3} pageCount={12} hrefFor={(page) => `?page=${page}`} label="Catalogue pages" />

import { pagerItems } from "~/lib/pager";
import { cn } from "~/lib/utils";
import {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationNext,
  PaginationPrevious,
} from "./pagination";

export function PageLinks(props: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
  className?: string;
  contentClassName?: string;
}) {
  const { page, pageCount, hrefFor } = props;
  return (
    <Pagination aria-label={props.label} className={props.className}>
      <PaginationContent className={cn("flex-wrap", props.contentClassName)}>
        <PaginationItem>
          <PaginationPrevious to={page > 1 ? hrefFor(page - 1) : undefined} disabled={page <= 1} />
        </PaginationItem>
        {pagerItems(page, pageCount).map((item, index) =>
          item === "ellipsis" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two ellipses, told apart by position
            <PaginationItem key={`ellipsis-${index}`}>
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
          <PaginationNext
            to={page < pageCount ? hrefFor(page + 1) : undefined}
            disabled={page >= pageCount}
          />
        </PaginationItem>
      </PaginationContent>
    </Pagination>
  );
}
