// Columns that several admin lists show alike.
import { Thumbnail } from "../thumbnail";
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

/** The record's picture as a small thumbnail (a blank box when it has none). */
export function imageColumn<Row extends { imageUrl: string | null }>(): DataTableColumn<Row> {
  return {
    key: "image",
    header: "Image",
    cell: (row) => <Thumbnail url={row.imageUrl} className="h-10 w-14 rounded-md border" />,
  };
}
