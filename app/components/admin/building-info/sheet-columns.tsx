// The Building Info list's columns: each sheet's title (a link to its editor), class,
// responsibility, version, review date, how many products use it, and its completeness.
import { Link } from "react-router";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { formatNzDate } from "~/lib/nz-date";
import type { BuildingInfoResponsibility, BuildingProductClass } from "~/lib/vocabulary";
import type { Completeness } from "~/modules/compliance/completeness";
import { CLASSIFICATION_LABELS, RESPONSIBILITY_LABELS } from "~/modules/compliance/sheet.schema";
import { CompletenessBadge } from "./completeness-badge";

type SheetListItem = {
  id: string;
  title: string;
  classification: BuildingProductClass;
  responsibility: BuildingInfoResponsibility;
  version: number;
  reviewedOn: string | null;
  productCount: number;
  completeness: Completeness["state"];
};

export const SHEET_COLUMNS: DataTableColumn<SheetListItem>[] = [
  {
    key: "title",
    header: "Title",
    cell: (s) => (
      <Link
        to={`/admin/catalog/building-information/${s.id}`}
        className="font-medium underline-offset-4 hover:underline"
      >
        {s.title}
      </Link>
    ),
    className: "whitespace-normal",
  },
  { key: "class", header: "Class", cell: (s) => CLASSIFICATION_LABELS[s.classification] },
  { key: "responsibility", header: "Responsibility", cell: (s) => RESPONSIBILITY_LABELS[s.responsibility] },
  { key: "version", header: "Version", cell: (s) => s.version, className: "tabular-nums" },
  {
    key: "reviewed",
    header: "Last reviewed",
    cell: (s) => (s.reviewedOn ? formatNzDate(s.reviewedOn) : "—"),
  },
  { key: "products", header: "Products", cell: (s) => s.productCount, className: "tabular-nums" },
  { key: "completeness", header: "Completeness", cell: (s) => <CompletenessBadge state={s.completeness} /> },
];
