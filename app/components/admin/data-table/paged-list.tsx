// A whole server-paged list in one piece: the search toolbar (with its buttons), the
// "Failed to fetch …" message, the table and the numbered pagination.
//
//   <PagedList noun="brands" list={loaderData.brands} keep={{ tab: "brands" }} columns={columns}
//     getRowKey={(b) => b.id} emptyText="No brands yet." failedMessage="Failed to fetch brands">
//     <Button onClick={…}>Add Brand</Button>
//   </PagedList>
//
// `list` is what a paged loader returns: rows, total, page, pageCount, q and failed.
import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import type { PagedListData } from "~/lib/list-params";
import { FetchError } from "../fetch-error";
import { DataTable, type DataTableColumn } from "./data-table";
import { DataTablePagination } from "./data-table-pagination";
import { DataTableToolbar } from "./data-table-toolbar";

export type { PagedListData };

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function PagedList<Row>(props: {
  /** Plural, lower case: "brands" gives "Search brands", the caption "Brands", "Brands pages". */
  noun: string;
  list: PagedListData<Row>;
  columns: readonly DataTableColumn<Row>[];
  getRowKey: (row: Row) => string;
  emptyText: ReactNode;
  /** Shown when a search finds nothing; `No {noun} match "…".` by default. */
  noMatchText?: string;
  failedMessage: string;
  keep?: Record<string, string | undefined>;
  /** A new search returns to page 1 (brands and categories); other lists keep their page. */
  searchFromFirstPage?: boolean;
  /** Above the table, after the toolbar (e.g. a filter or a bulk-action bar). */
  beforeTable?: ReactNode;
  /** The search box's placeholder; "Search products..." by default. */
  searchPlaceholder?: string;
  /** False for a short list without a search box (its buttons stay). */
  searchable?: boolean;
  /** Shown instead of the rows while the list reloads (e.g. "Loading users..."). */
  loadingText?: string;
  children?: ReactNode;
}) {
  const { list, noun } = props;
  // A new search or page of this same list is loading (not a save, which posts).
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const reloading =
    navigation.state === "loading" && !navigation.formMethod && navigation.location.pathname === pathname;
  return (
    <>
      {props.searchable === false ? (
        props.children ? (
          <div className="flex justify-end gap-2">{props.children}</div>
        ) : null
      ) : (
        <DataTableToolbar
          label={`Search ${noun}`}
          placeholder={props.searchPlaceholder ?? `Search ${noun}...`}
          query={list.q}
          keep={props.keep}
          page={props.searchFromFirstPage ? undefined : list.page}
        >
          {props.children}
        </DataTableToolbar>
      )}
      <FetchError failed={list.failed} message={props.failedMessage} />
      {props.beforeTable}
      <DataTable
        caption={capitalise(noun)}
        columns={props.columns}
        rows={list.rows}
        getRowKey={props.getRowKey}
        loadingText={reloading ? props.loadingText : undefined}
        emptyText={list.q ? (props.noMatchText ?? `No ${noun} match "${list.q}".`) : props.emptyText}
      />
      <DataTablePagination
        page={list.page}
        pageCount={list.pageCount}
        total={list.total}
        shown={list.rows.length}
        label={`${capitalise(noun)} pages`}
      />
    </>
  );
}
