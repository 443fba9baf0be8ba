// The body of the Brands and Categories tabs: the entity list with an active switch per row.
// Intents are named for the kind (create-brand, toggle-category, …) since both lists post to the
// Settings action, and a new search returns to page 1. The delete confirmation says how many
// records would be left without this brand or category.
import type { ReactNode } from "react";
import type { z } from "zod";
import { ActiveSwitch } from "~/components/admin/active-switch";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import type { PagedListData } from "~/components/admin/data-table/paged-list";
import type { EntityFields } from "~/components/admin/entity-dialog";
import { EntityList } from "~/components/admin/entity-list";
import { describeDeleteImpact, type TaxonomyUsage } from "~/modules/taxonomy/schema";

type TaxonomyRow = { id: string; name: string; isActive: boolean };

export function TaxonomyList<Row extends TaxonomyRow, Schema extends z.ZodType>(props: {
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
  multipart?: boolean;
  /** The dialog's fields; `editing` is false when adding (new records are always active). */
  children: (fields: EntityFields<Schema>, editing: boolean) => ReactNode;
}) {
  const { kind } = props;
  const columns: DataTableColumn<Row>[] = [
    ...props.columns,
    {
      key: "status",
      header: "Status",
      cell: (row) => (
        <ActiveSwitch id={row.id} active={row.isActive} itemLabel={row.name} intent={`toggle-${kind}`} />
      ),
    },
  ];
  const noun = kind === "brand" ? "brands" : "categories";
  return (
    <EntityList
      singular={kind === "brand" ? "Brand" : "Category"}
      noun={noun}
      list={props.list}
      columns={columns}
      rowLabel={(row) => row.name}
      schema={props.schema}
      newValues={props.newValues}
      toFormValues={props.toFormValues}
      failedMessage={`Failed to fetch ${noun}`}
      multipart={props.multipart}
      keep={props.keep}
      searchFromFirstPage
      beforeTable={props.beforeTable}
      dialog={{ intents: { create: `create-${kind}`, edit: `update-${kind}` }, className: "sm:max-w-lg" }}
      deleteFor={(row) => ({
        intent: `delete-${kind}`,
        description: describeDeleteImpact(kind, props.usage(row)),
      })}
    >
      {(fields, _form, record) => props.children(fields, record !== null)}
    </EntityList>
  );
}
