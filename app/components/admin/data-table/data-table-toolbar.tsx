// The search box of a list: a GET form, so it works without JavaScript and the search is in the
// URL. `keep` carries other parameters, and `page` the page a new search stays on: searching keeps
// the page, except on the brands and categories lists, which return to page 1 (they pass none).
//
//   <DataTableToolbar label="Search products" placeholder="Search products..." query={q}
//     keep={{ tab: "queries" }}>
//     <Button onClick={openCreate}>Add Product</Button>
//   </DataTableToolbar>
import { SearchIcon, XIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export function DataTableToolbar(props: {
  label: string;
  placeholder?: string;
  query: string;
  keep?: Record<string, string | undefined>;
  /** The current page, kept by a new search; none to start the search on page 1. */
  page?: number;
  children?: ReactNode;
}) {
  const kept = Object.entries(props.keep ?? {}).filter((entry): entry is [string, string] =>
    Boolean(entry[1]),
  );
  const clearHref = kept.length ? `?${new URLSearchParams(kept).toString()}` : "?";
  const keep =
    props.page && props.page > 1 ? [...kept, ["page", String(props.page)] as [string, string]] : kept;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <Form
        method="get"
        role="search"
        aria-label={props.label}
        className="flex w-full max-w-md items-center gap-2"
      >
        {keep.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="relative w-full">
          <SearchIcon
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            key={props.query}
            type="search"
            name="q"
            defaultValue={props.query}
            placeholder={props.placeholder ?? "Search..."}
            aria-label={props.label}
            maxLength={200}
            className="pl-8"
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {props.query ? (
          <Button asChild variant="ghost" size="icon">
            <Link to={clearHref} aria-label="Clear search">
              <XIcon aria-hidden />
            </Link>
          </Button>
        ) : null}
      </Form>
      {props.children ? <div className="flex flex-wrap items-center gap-2">{props.children}</div> : null}
    </div>
  );
}
