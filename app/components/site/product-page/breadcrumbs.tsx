import { Link } from "react-router";
import { ChevronRight } from "~/components/ui/sprite-icons";
import type { Crumb } from "~/modules/seo/json-ld";

/** The trail above a detail page; the last crumb is the page itself (not a link). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-muted-foreground text-sm">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="inline-flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-medium text-foreground">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link to={crumb.path} className="underline-offset-4 hover:text-foreground hover:underline">
                    {crumb.name}
                  </Link>
                  <ChevronRight aria-hidden="true" className="size-4" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
