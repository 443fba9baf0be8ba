// Catalog Management's list: each product's picture, name, stock code and unit, category, price,
// stock, building-information state and status.
import { CompletenessBadge } from "~/components/admin/building-info/completeness-badge";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { StatusBadge } from "~/components/admin/status-badge";
import { cx } from "~/lib/cx";
import type { AdminProduct } from "~/modules/products/admin.server";

/** The longest stock code the list keeps on one line (the demo's are at most 15 characters). */
const SKU_ON_ONE_LINE = 16;

const nzd = new Intl.NumberFormat("en-NZ", { style: "currency", currency: "NZD" });

export const PRODUCT_COLUMNS: DataTableColumn<AdminProduct>[] = [
  {
    key: "image",
    header: "Image",
    cell: (p) =>
      p.imageUrl ? (
        <img src={p.imageUrl} alt="" loading="lazy" className="size-10 rounded-md border object-cover" />
      ) : (
        <span className="block size-10 rounded-md border bg-muted" />
      ),
  },
  {
    key: "name",
    header: "Name",
    cell: (p) => <span className="font-medium">{p.name}</span>,
    className: "whitespace-normal",
  },
  {
    key: "sku",
    header: "Stock code",
    cell: (p) =>
      p.sku ? (
        <span className="grid">
          {/* A usual code stays on one line; a long one wraps rather than widen the table. */}
          <span
            className={cx("font-mono", p.sku.length <= SKU_ON_ONE_LINE ? "whitespace-nowrap" : "break-all")}
          >
            {p.sku}
          </span>
          {p.unit ? <span className="text-muted-foreground text-xs">{p.unit}</span> : null}
        </span>
      ) : (
        "—"
      ),
  },
  // A long category name (an import can create any) wraps rather than widen the table.
  { key: "category", header: "Category", cell: (p) => p.categoryName ?? "—", className: "whitespace-normal" },
  { key: "price", header: "Price", cell: (p) => nzd.format(p.price), className: "text-right tabular-nums" },
  {
    key: "stock",
    header: "Stock",
    // With the sidebar open below a wide window, stock and building information make way for
    // the name (the cards and the dialog still show them).
    tableFrom: "4xl",
    cell: (p) => (
      <span className="grid">
        <span className="tabular-nums">{p.stockQuantity}</span>
        <span className="text-muted-foreground text-xs">{p.stockStatus}</span>
      </span>
    ),
  },
  {
    key: "building",
    header: "Building info",
    tableFrom: "4xl",
    cell: (p) => <CompletenessBadge state={p.buildingInfo} compact />,
  },
  {
    key: "status",
    header: "Status",
    cell: (p) => <StatusBadge active={p.isPublished} labels={["Published", "Draft"]} />,
  },
];
