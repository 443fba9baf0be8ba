// The body of the Brands and Categories tabs: the searched, paged table with an active switch and
// row actions, and the Add/Edit dialog. Intents are named for the kind (create-brand,
// toggle-category, …) since both lists post to the Settings action. The delete confirmation says
// how many records would be left without this brand or category.
import { PlusIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import type { z } from "zod";
import { ActiveSwitch } from "~/components/admin/active-switch";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { PagedList, type PagedListData } from "~/components/admin/data-table/paged-list";
import { RowActions } from "~/components/admin/data-table/row-actions";
import { EntityDialog, type EntityFields } from "~/components/admin/entity-dialog";
import { useEntityDialog } from "~/components/admin/use-entity-dialog";
import { Button } from "~/components/ui/button";
import { describeDeleteImpact, type TaxonomyUsage } from "~/modules/taxonomy/schema";

type TaxonomyRow = { id: string; name: string; isActive: boolean };

export function TaxonomyList<Row extends TaxonomyRow, Schema extends z.ZodType>(
  props: {
    kind: "brand" | "category";
    list: PagedListData<Row>;
    /** The row's own columns; Status and the actions are added here. */
    columns: DataTableColumn<Row>[];
    usage: (row: Row) => TaxonomyUsage;
    keep: Record<string, string | undefined>;
    beforeTable?: ReactNode;
    schema: Schema;
    newValues: Record<string, unknown>;
    toFormValues: (row: Row) => Record<string, unknown>;
    /** The dialog's fields; `editing` is false when adding (new records are always active). */
    children: (fields: EntityFields<Schema>, editing: boolean) => ReactNode;
  } & Pick<ComponentProps<typeof EntityDialog>, "multipart">,
) {
  const { kind } = props;
  const singular = kind === "brand" ? "Brand" : "Category";
  const dialog = useEntityDialog<Row>();
  const columns: DataTableColumn<Row>[] = [
    ...props.columns,
    {
      key: "status",
      header: "Status",
      cell: (row) => (
        <ActiveSwitch id={row.id} active={row.isActive} itemLabel={row.name} intent={`toggle-${kind}`} />
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (row) => (
        <RowActions
          itemLabel={row.name}
          onEdit={() => dialog.openFor(row)}
          deleteId={row.id}
          deleteProps={{
            intent: `delete-${kind}`,
            title: `Delete ${kind} "${row.name}"?`,
            description: describeDeleteImpact(kind, props.usage(row)),
          }}
        />
      ),
    },
  ];
  const noun = kind === "brand" ? "brands" : "categories";
  return (
    <>
      <EntityDialog
        {...dialog.dialogProps}
        title={{ create: `Add ${singular}`, edit: `Edit ${singular}` }}
        submitLabel={{ create: `Create ${singular}`, edit: `Update ${singular}` }}
        intents={{ create: `create-${kind}`, edit: `update-${kind}` }}
        schema={props.schema}
        defaultValue={dialog.record ? props.toFormValues(dialog.record) : props.newValues}
        multipart={props.multipart}
      >
        {(fields) => props.children(fields, dialog.record !== null)}
      </EntityDialog>
      <PagedList
        noun={noun}
        list={props.list}
        keep={props.keep}
        searchFromFirstPage
        columns={columns}
        getRowKey={(row) => row.id}
        emptyText={`No ${noun} yet. Add your first ${kind} to get started.`}
        failedMessage={`Failed to fetch ${noun}`}
        beforeTable={props.beforeTable}
      >
        <Button type="button" onClick={() => dialog.openFor(null)}>
          <PlusIcon aria-hidden />
          {`Add ${singular}`}
        </Button>
      </PagedList>
    </>
  );
}
