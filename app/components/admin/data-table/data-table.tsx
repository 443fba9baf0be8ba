// A server-paged list as a table. Paging and search live in the URL (DataTableToolbar,
// DataTablePagination); the route's loader does the work and passes one page of rows.
//
//   const columns: DataTableColumn<Row>[] = [
//     { key: "name", header: "Name", cell: (row) => row.name },
//     { key: "email", header: "Email", cell: (row) => row.email, tableFrom: "5xl" },
//     { key: "actions", header: <span className="sr-only">Actions</span>, cell: (row) => <RowActions … />,
//       className: "text-right" },
//   ];
//   <DataTable caption="Products" columns={columns} rows={rows} getRowKey={(r) => r.id}
//     emptyText="No products found." />
//
// The table never widens the page. It sizes itself by the room it has (a container query, so the
// sidebar counts), not by the window: narrower than 48rem, each row is a card of label and value
// lines with its actions at the foot; wider, a table whose text wraps inside its column (long
// names and e-mail addresses included) and whose less needed columns (`tableFrom`) join once
// there is room. Every action is on screen at every width; a `tableFrom` column is left out of
// the table below its width, so give it only to a value the row can do without there.
//
// A table column is never narrower than its longest word: "$649.00", "Insulation" or "Update"
// never break inside. A value that may be one long token (an e-mail address, a URL, JSON) says
// `breakAnywhere`, and breaks where it must rather than widening the table.
import type { ReactNode } from "react";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { cn } from "~/lib/utils";

/** Container widths from which a column shows in the table (it is always on the cards). */
const TABLE_FROM = {
  "4xl": "@3xl:hidden @4xl:table-cell", // 56rem
  "5xl": "@3xl:hidden @5xl:table-cell", // 64rem
  "6xl": "@3xl:hidden @6xl:table-cell", // 72rem
  "7xl": "@3xl:hidden @7xl:table-cell", // 80rem
} as const;

export type DataTableColumn<Row> = {
  key: string;
  /** The column heading; a text heading is also each card's label for the value. */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes for this column's cells and header (e.g. "text-right", "w-16"). */
  className?: string;
  /** Shown as a table column only from this container width; always on the cards. */
  tableFrom?: keyof typeof TABLE_FROM;
  /** The heading stays above the cards (a select-all checkbox). */
  headerOnCards?: boolean;
  /** The value may be one long token (e-mail address, URL, JSON): it may break anywhere. */
  breakAnywhere?: boolean;
};

export function DataTable<Row>(props: {
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string;
  emptyText: ReactNode;
  /** Shown instead of the rows while the list is reloading (e.g. "Loading users..."). */
  loadingText?: ReactNode;
  className?: string;
}) {
  const { columns, rows } = props;
  const headerOnCards = columns.some((column) => column.headerOnCards);
  return (
    <div data-slot="data-table" className={cn("@container rounded-md border", props.className)}>
      <Table className="@max-3xl:block">
        <TableCaption className="sr-only">{props.caption}</TableCaption>
        <TableHeader className={headerOnCards ? "@max-3xl:block" : "@max-3xl:hidden"}>
          <TableRow className="@max-3xl:flex @max-3xl:items-center @max-3xl:px-1">
            {columns.map((column) => (
              <TableHead
                key={column.key}
                scope="col"
                className={cn(
                  column.className,
                  column.tableFrom && TABLE_FROM[column.tableFrom],
                  column.headerOnCards ? "@max-3xl:flex @max-3xl:items-center" : "@max-3xl:hidden",
                )}
              >
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody aria-busy={props.loadingText ? true : undefined} className="@max-3xl:block">
          {props.loadingText || rows.length === 0 ? (
            <TableRow className="@max-3xl:block">
              <TableCell
                colSpan={columns.length}
                className="h-24 whitespace-normal text-center text-muted-foreground @max-3xl:flex @max-3xl:items-center @max-3xl:justify-center"
              >
                <span role="status">{props.loadingText ?? props.emptyText}</span>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow
                key={props.getRowKey(row)}
                className="@max-3xl:grid @max-3xl:gap-1.5 @max-3xl:px-3 @max-3xl:py-3"
              >
                {columns.map((column) => {
                  const label = typeof column.header === "string" ? column.header : null;
                  return (
                    <TableCell
                      key={column.key}
                      className={cn(
                        "whitespace-normal",
                        // break-word keeps a column's least width at its longest word; anywhere
                        // lets the column shrink below it (for tokens that could be any length).
                        column.breakAnywhere ? "wrap-anywhere" : "wrap-break-word",
                        column.className,
                        column.tableFrom && TABLE_FROM[column.tableFrom],
                        // On a card: the label beside its value, whatever the column hides.
                        "@max-3xl:grid! @max-3xl:w-auto @max-3xl:max-w-none @max-3xl:grid-cols-[minmax(5rem,30%)_minmax(0,1fr)] @max-3xl:items-center @max-3xl:gap-3 @max-3xl:p-0 @max-3xl:text-left",
                      )}
                    >
                      {label ? (
                        <span className="@3xl:hidden font-medium text-muted-foreground text-xs">{label}</span>
                      ) : null}
                      <div className={label ? "min-w-0" : "@max-3xl:col-span-2 min-w-0"}>
                        {column.cell(row)}
                      </div>
                    </TableCell>
                  );
                })}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
