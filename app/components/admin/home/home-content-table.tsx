// The home content list (/admin/home): every row of every section by display order, with an
// active switch, Add/Edit in one dialog, and a delete that asks first.

import { PlusIcon } from "lucide-react";
import { ActiveSwitch } from "~/components/admin/active-switch";
import { imageColumn } from "~/components/admin/data-table/common-columns";
import { DataTable, type DataTableColumn } from "~/components/admin/data-table/data-table";
import { RowActions } from "~/components/admin/data-table/row-actions";
import { FetchError } from "~/components/admin/fetch-error";
import { useEntityDialog } from "~/components/admin/use-entity-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { type HomeContentItem, SECTION_TYPE_LABELS } from "~/modules/content/home.schema";
import { HomeContentDialog, nextDisplayOrder } from "./home-content-dialog";
import { homeContentLabel, ItemTitleCell } from "./section-items-tab";

const CONTENT_DELETE_TEXT = "Are you sure you want to delete this content?";

export function HomeContentTable({ items, failed }: { items: HomeContentItem[]; failed: boolean }) {
  const dialog = useEntityDialog<HomeContentItem>();
  const columns: DataTableColumn<HomeContentItem>[] = [
    { key: "order", header: "Order", cell: (item) => item.displayOrder, className: "w-16 tabular-nums" },
    {
      key: "section",
      header: "Section",
      cell: (item) => <Badge variant="outline">{SECTION_TYPE_LABELS[item.sectionType]}</Badge>,
    },
    imageColumn(),
    {
      key: "title",
      header: "Title",
      className: "whitespace-normal",
      cell: (item) => <ItemTitleCell item={item} />,
    },
    {
      key: "active",
      header: "Active",
      cell: (item) => <ActiveSwitch id={item.id} active={item.isActive} itemLabel={homeContentLabel(item)} />,
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (item) => (
        <RowActions
          itemLabel={homeContentLabel(item)}
          onEdit={() => dialog.openFor(item)}
          deleteId={item.id}
          deleteProps={{ description: CONTENT_DELETE_TEXT }}
        />
      ),
    },
  ];
  return (
    <>
      <div className="flex justify-end">
        <Button type="button" onClick={() => dialog.openFor(null)}>
          <PlusIcon aria-hidden />
          Add Content
        </Button>
      </div>
      <FetchError failed={failed} message="Failed to fetch home content" />
      <DataTable
        caption="Home content"
        columns={columns}
        rows={items}
        getRowKey={(item) => item.id}
        emptyText="No home content yet. Add your first content to get started."
      />
      <HomeContentDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        record={dialog.record}
        nextOrder={nextDisplayOrder(items)}
        title={{ create: "Add Content", edit: "Edit Content" }}
      />
    </>
  );
}
