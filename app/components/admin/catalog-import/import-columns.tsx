// The imports list's columns (Catalogue Imports): the file, its status, who uploaded it and when,
// and what it did or will do.
import { Link } from "react-router";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { Badge } from "~/components/ui/badge";
import { formatNzDateTime } from "~/lib/nz-date";
import type { ImportStatus } from "~/lib/vocabulary";
import { IMPORT_STATUS_LABELS } from "~/modules/catalog-import/labels";

/** An import as the list shows it (the loader's row). */
export type ImportListItem = {
  id: string;
  fileName: string;
  status: ImportStatus;
  createdByName: string | null;
  createdAt: Date;
  toCreate: number;
  toUpdate: number;
  refused: number;
  created: number;
  updated: number;
  undone: number;
};

const n = (value: number) => value.toLocaleString("en-NZ");

function importOutcome(row: Omit<ImportListItem, "id" | "fileName" | "createdByName" | "createdAt">) {
  switch (row.status) {
    case "mapping":
    case "planning":
    case "discarded":
      return "—";
    case "planned":
      return `${n(row.toCreate)} to create, ${n(row.toUpdate)} to update, ${n(row.refused)} refused`;
    case "undoing":
    case "undone":
      return `${n(row.undone)} of ${n(row.created + row.updated)} put back`;
    default:
      return `${n(row.created)} created, ${n(row.updated)} updated`;
  }
}

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const variant =
    status === "applied"
      ? "success"
      : status === "failed" || status === "stopped"
        ? "destructive"
        : "secondary";
  return <Badge variant={variant}>{IMPORT_STATUS_LABELS[status]}</Badge>;
}

export const IMPORT_COLUMNS: DataTableColumn<ImportListItem>[] = [
  {
    key: "file",
    header: "File",
    cell: (row) => (
      <Link to={`/admin/catalog/imports/${row.id}`} className="font-medium underline underline-offset-4">
        {row.fileName}
      </Link>
    ),
    className: "whitespace-normal",
    breakAnywhere: true,
  },
  { key: "status", header: "Status", cell: (row) => <ImportStatusBadge status={row.status} /> },
  { key: "outcome", header: "Products", cell: (row) => importOutcome(row), className: "whitespace-normal" },
  {
    key: "uploaded",
    header: "Uploaded",
    cell: (row) => (
      <span className="grid">
        <span>{formatNzDateTime(row.createdAt)}</span>
        <span className="text-muted-foreground text-xs">{row.createdByName ?? "—"}</span>
      </span>
    ),
  },
  {
    key: "actions",
    header: <span className="sr-only">Actions</span>,
    cell: (row) =>
      ["applied", "stopped", "failed"].includes(row.status) && row.created + row.updated > 0 ? (
        <Link
          to={`/admin/catalog/imports/${row.id}?undo=confirm`}
          aria-label={`Undo the import of ${row.fileName}`}
          className="underline underline-offset-4"
        >
          Undo
        </Link>
      ) : null,
    className: "text-right",
  },
];
