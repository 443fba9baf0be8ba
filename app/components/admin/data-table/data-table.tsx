// A server-paged list as a table. Paging and search live in the URL (DataTableToolbar,
// DataTablePagination); the route's loader does the work and passes one page of rows.
//
//   const columns: DataTableColumn<Row>[] = [
//     { key: "name", header: "Name", cell: (row) => row.name },
//     { key: "actions", header: <span className="sr-only">Actions</span>, cell: (row) => <RowActions … />,
//       className: "text-right" },
//   ];
//   <DataTable caption="Products" columns={columns} rows={rows} getRowKey={(r) => r.id}
//     emptyText="No products found." />
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

export type DataTableColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes for this column's cells and header (e.g. "text-right", "hidden md:table-cell"). */
  className?: string;
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
  return (
    <div className={cn("rounded-md border", props.className)}>
      <Table>
        <TableCaption className="sr-only">{props.caption}</TableCaption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.key} scope="col" className={column.className}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody aria-busy={props.loadingText ? true : undefined}>
          {props.loadingText || rows.length === 0 ? (
            <TableRow>
              <TableCell
                colSpan={columns.length}
                className="h-24 whitespace-normal text-center text-muted-foreground"
              >
                <span role="status">{props.loadingText ?? props.emptyText}</span>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={props.getRowKey(row)}>
                {columns.map((column) => (
                  <TableCell key={column.key} className={column.className}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
