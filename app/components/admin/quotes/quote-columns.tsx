// The quotes list's table: number (to the quote), customer, state, total, valid until.
import { Link } from "react-router";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { formatCents } from "~/lib/money";
import { formatNzDate } from "~/lib/nz-date";
import type { QuoteListRow } from "~/modules/quotes/admin.server";
import { QuoteStatusBadge } from "./quote-status-badge";

type Row = Omit<QuoteListRow, "sentAt" | "createdAt"> & {
  sentAt: Date | string | null;
  createdAt: Date | string;
};

export const QUOTE_COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "number",
    header: "Quote",
    cell: (row) => (
      <Link to={`/admin/quotes/${row.id}`} className="font-medium underline underline-offset-2">
        {row.number}
      </Link>
    ),
  },
  {
    key: "customer",
    header: "Customer",
    className: "whitespace-normal",
    cell: (row) => (
      <span className="grid">
        <span className="wrap-anywhere">{row.customerName}</span>
        <span className="wrap-anywhere text-muted-foreground text-xs">{row.customerEmail}</span>
      </span>
    ),
  },
  { key: "status", header: "State", cell: (row) => <QuoteStatusBadge status={row.status} /> },
  {
    key: "total",
    header: "Total incl. GST",
    className: "text-right tabular-nums",
    cell: (row) => formatCents(row.totalCents),
  },
  { key: "valid", header: "Valid until", cell: (row) => formatNzDate(row.validUntil), tableFrom: "4xl" },
];
