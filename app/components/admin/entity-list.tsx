// A whole entity screen's body, the one way the back office lists what it edits: the searched,
// paged table (PagedList) with an Add button, an actions column (Edit opens the dialog in edit
// mode, Delete asks first, plus the screen's own actions), and the Add/Edit EntityDialog. A screen
// gives its columns, its form values and its fields; the slots take what differs (filters above
// the table, extra row actions, the dialog's words).
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
import type { ConfirmDelete } from "./confirm-delete";
import type { DataTableColumn } from "./data-table/data-table";
import { PagedList, type PagedListData } from "./data-table/paged-list";
import { RowActions } from "./data-table/row-actions";
import { EntityDialog, type EntityFields } from "./entity-dialog";
import { useEntityDialog } from "./use-entity-dialog";

type DialogWords = { create: string; edit: string };
type PagedListProps = ComponentProps<typeof PagedList>;

export function EntityList<Row extends { id: string }, Schema extends z.ZodType>(
  props: {
    /** Title case, for the button and dialog: "Case Study" gives "Add Case Study", "Update Case Study". */
    singular: string;
    /** Plural, lower case, for the search and table: "case studies". */
    noun: string;
    list: PagedListData<Row>;
    columns: DataTableColumn<Row>[];
    rowLabel: (row: Row) => string;
    /** The form's schema, or one per mode (a new user needs a password, an edit does not). */
    schema: Schema | ((record: Row | null) => Schema);
    newValues: Record<string, unknown>;
    toFormValues: (row: Row) => Record<string, unknown>;
    failedMessage: string;
    emptyText?: string;
    multipart?: boolean;
    /** The Add button's text; "Add {singular}" by default. */
    addLabel?: string;
    /** The screen's own buttons, shown before Add (an export). */
    actions?: ReactNode;
    /** The dialog's title, submit button, description and intents, where they differ from the default. */
    dialog?: {
      title?: DialogWords;
      submitLabel?: DialogWords;
      description?: DialogWords;
      intents?: DialogWords;
      className?: string;
    };
    /** The row's own actions, shown before Edit and Delete (an active switch, a History link). */
    rowActions?: (row: Row) => ReactNode;
    /** What Delete says and whether it is offered, per row. */
    deleteFor?: (row: Row) => {
      disabled?: boolean;
    } & Partial<Pick<ComponentProps<typeof ConfirmDelete>, "intent" | "title" | "description">>;
    /** The fields; `record` is the row being edited, null when adding. */
    children: (
      fields: EntityFields<Schema>,
      form: Parameters<ComponentProps<typeof EntityDialog<Schema>>["children"]>[1],
      record: Row | null,
    ) => ReactNode;
  } & Pick<
    PagedListProps,
    | "noMatchText"
    | "keep"
    | "searchFromFirstPage"
    | "beforeTable"
    | "searchPlaceholder"
    | "searchable"
    | "loadingText"
  >,
): ReactNode {
  const dialog = useEntityDialog<Row>();
  const { singular } = props;
  const columns: DataTableColumn<Row>[] = [
    ...props.columns,
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (row) => {
        const { disabled, ...deleteProps } = props.deleteFor?.(row) ?? {};
        return (
          <RowActions
            itemLabel={props.rowLabel(row)}
            onEdit={() => dialog.openFor(row)}
            deleteId={row.id}
            deleteDisabled={disabled}
            deleteProps={{
              title: `Delete ${singular.toLowerCase()} "${props.rowLabel(row)}"?`,
              ...deleteProps,
            }}
          >
            {props.rowActions?.(row)}
          </RowActions>
        );
      },
    },
  ];
  const schema = typeof props.schema === "function" ? props.schema(dialog.record) : props.schema;
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
        noMatchText={props.noMatchText}
        keep={props.keep}
        searchFromFirstPage={props.searchFromFirstPage}
        beforeTable={props.beforeTable}
        searchPlaceholder={props.searchPlaceholder}
        searchable={props.searchable}
        loadingText={props.loadingText}
      >
        {props.actions}
        <Button type="button" onClick={() => dialog.openFor(null)}>
          <PlusIcon aria-hidden />
          {props.addLabel ?? `Add ${singular}`}
        </Button>
      </PagedList>
      <EntityDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        recordId={dialog.record?.id}
        title={props.dialog?.title ?? { create: `Add ${singular}`, edit: `Edit ${singular}` }}
        submitLabel={
          props.dialog?.submitLabel ?? { create: `Create ${singular}`, edit: `Update ${singular}` }
        }
        description={props.dialog?.description}
        intents={props.dialog?.intents}
        schema={schema}
        defaultValue={dialog.record ? props.toFormValues(dialog.record) : props.newValues}
        multipart={props.multipart}
        className={props.dialog?.className ?? "sm:max-w-2xl"}
      >
        {(fields, form) => props.children(fields, form, dialog.record)}
      </EntityDialog>
    </>
  );
}
