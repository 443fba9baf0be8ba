// A whole entity screen's body: the searched, paged table (PagedList) with an Add button, an
// actions column (Edit opens the dialog in edit mode, Delete asks first), and the Add/Edit
// EntityDialog. A screen gives its columns, its form values and its fields; nothing else.
//
//   <EntityList singular="Case Study" noun="case studies" list={loaderData.list} columns={columns}
//     rowLabel={(row) => row.title} schema={caseStudyFormSchema} newValues={NEW_CASE_STUDY}
//     toFormValues={toFormValues} failedMessage="Failed to fetch case studies" multipart>
//     {(fields, form) => <TextField field={fields.title} label="Title" />}
//   </EntityList>
import { PlusIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import type { DataTableColumn } from "./data-table/data-table";
import { PagedList, type PagedListData } from "./data-table/paged-list";
import { RowActions } from "./data-table/row-actions";
import { EntityDialog } from "./entity-dialog";
import { useEntityDialog } from "./use-entity-dialog";

export function EntityList<Row extends { id: string }, Schema extends z.ZodType>(props: {
  /** Title case, for the button and dialog: "Case Study" gives "Add Case Study", "Update Case Study". */
  singular: string;
  /** Plural, lower case, for the search and table: "case studies". */
  noun: string;
  list: PagedListData<Row>;
  columns: DataTableColumn<Row>[];
  rowLabel: (row: Row) => string;
  schema: Schema;
  newValues: Record<string, unknown>;
  toFormValues: (row: Row) => Record<string, unknown>;
  failedMessage: string;
  emptyText?: string;
  multipart?: boolean;
  children: ComponentProps<typeof EntityDialog<Schema>>["children"];
}): ReactNode {
  const dialog = useEntityDialog<Row>();
  const { singular } = props;
  const columns: DataTableColumn<Row>[] = [
    ...props.columns,
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (row) => (
        <RowActions
          itemLabel={props.rowLabel(row)}
          onEdit={() => dialog.openFor(row)}
          deleteId={row.id}
          deleteProps={{ title: `Delete ${singular.toLowerCase()} "${props.rowLabel(row)}"?` }}
        />
      ),
    },
  ];
  return (
    <>
      <PagedList
        noun={props.noun}
        list={props.list}
        columns={columns}
        getRowKey={(row) => row.id}
        emptyText={
          props.emptyText ?? `No ${props.noun} yet. Add your first ${singular.toLowerCase()} to get started.`
        }
        failedMessage={props.failedMessage}
      >
        <Button type="button" onClick={() => dialog.openFor(null)}>
          <PlusIcon aria-hidden />
          Add {singular}
        </Button>
      </PagedList>
      <EntityDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        recordId={dialog.record?.id}
        title={{ create: `Add ${singular}`, edit: `Edit ${singular}` }}
        submitLabel={{ create: `Create ${singular}`, edit: `Update ${singular}` }}
        schema={props.schema}
        defaultValue={dialog.record ? props.toFormValues(dialog.record) : props.newValues}
        multipart={props.multipart}
        className="sm:max-w-2xl"
      >
        {props.children}
      </EntityDialog>
    </>
  );
}
