// Numbered pages under a list, only when there is more than one page. Every link keeps the
// other URL parameters (search, tab, filters) and changes `page`.
//
//   <DataTablePagination page={page} pageCount={pageCount} total={total} shown={rows.length} />
//
// Shows the first and last pages and the current one plus or minus 1, with ellipses between.
// "Showing 1–10 of 53" counts the rows on screen, so a list shown whole (subjects, contact
// content: not paged) reads "Showing 1–11 of 11".
import { useLocation } from "react-router";
import { PageLinks } from "~/components/ui/page-links";
import { PAGE_SIZE } from "~/lib/list-params";

export function DataTablePagination(props: {
  page: number;
  pageCount: number;
  total: number;
  /** How many rows the page shows. */
  shown: number;
  label?: string;
}) {
  const location = useLocation();
  const { page, pageCount, total, shown } = props;
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, first + Math.max(shown, 1) - 1);

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
        <PageLinks
          page={page}
          pageCount={pageCount}
          hrefFor={hrefFor}
          label={props.label ?? "Pages"}
          className="mx-0 w-auto"
        />
      ) : null}
    </div>
  );
}
