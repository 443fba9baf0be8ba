import { Badge } from "~/components/ui/badge";
import type { StockStatus } from "~/lib/vocabulary";

const VARIANTS = {
  "In Stock": "success",
  "Low Stock": "warning",
  "Out of Stock": "destructive",
} as const satisfies Record<StockStatus, string>;

export function StockBadge({ status }: { status: StockStatus }) {
  return <Badge variant={VARIANTS[status] ?? "secondary"}>{status}</Badge>;
}
