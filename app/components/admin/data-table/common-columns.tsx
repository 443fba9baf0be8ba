// Columns that several admin lists show alike.
import type { DataTableColumn } from "./data-table";

/** The record's title, in bold, wrapping. */
export function titleColumn<Row extends { title: string }>(): DataTableColumn<Row> {
  return {
    key: "title",
    header: "Title",
    cell: (row) => <span className="font-medium">{row.title}</span>,
    className: "whitespace-normal",
  };
}

/** The record's category, or a dash; a table column only on wide screens (a card line below). */
export function categoryColumn<Row extends { categoryName: string | null }>(): DataTableColumn<Row> {
  return { key: "category", header: "Category", cell: (row) => row.categoryName ?? "—", tableFrom: "4xl" };
}
