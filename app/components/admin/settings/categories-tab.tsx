// Settings > Categories Management: filtered by type (all, products, case studies,
// certifications), with how many products, case studies and certifications use each category.
import { getSelectProps } from "@conform-to/react";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import type { PagedListData } from "~/components/admin/data-table/paged-list";
import { LinkTabs } from "~/components/admin/link-tabs";
import { SwitchField } from "~/components/admin/switch-field";
import { TextareaField, TextField } from "~/components/admin/text-field";
import { FormField } from "~/components/forms/form-field";
import { Badge } from "~/components/ui/badge";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { CATEGORY_TYPES } from "~/lib/vocabulary";
import {
  CATEGORY_TYPE_LABELS,
  type CategoryFilter,
  categoryFormSchema,
  type TaxonomyUsage,
} from "~/modules/taxonomy/schema";
import { TaxonomyList } from "./taxonomy-list";

type CategoryListRow = {
  id: string;
  name: string;
  type: string;
  description: string | null;
  isActive: boolean;
  usage: TaxonomyUsage;
};

const FILTER_TABS = [
  { value: "all", label: "All" },
  ...CATEGORY_TYPES.map((value) => ({ value, label: CATEGORY_TYPE_LABELS[value] })),
] satisfies { value: CategoryFilter; label: string }[];

function typeLabel(type: string) {
  return CATEGORY_TYPE_LABELS[type as keyof typeof CATEGORY_TYPE_LABELS] ?? type;
}

function toFormValues(category: CategoryListRow) {
  return {
    name: category.name,
    type: category.type,
    description: category.description ?? "",
    isActive: category.isActive ? "on" : "",
  };
}

const columns: DataTableColumn<CategoryListRow>[] = [
  {
    key: "name",
    header: "Name",
    cell: (c) => <span className="font-medium">{c.name}</span>,
    className: "whitespace-normal",
  },
  { key: "type", header: "Type", cell: (c) => <Badge variant="outline">{typeLabel(c.type)}</Badge> },
  {
    key: "description",
    header: "Description",
    cell: (c) => <span className="line-clamp-2">{c.description ?? "—"}</span>,
    className: "max-w-sm",
    tableFrom: "5xl",
  },
  {
    key: "used",
    header: "Used by",
    cell: (c) => c.usage.products + c.usage.caseStudies + c.usage.certifications,
    className: "text-right tabular-nums",
  },
];

export function CategoriesTab({ list }: { list: PagedListData<CategoryListRow> & { type: CategoryFilter } }) {
  // A new category starts in the type being looked at.
  const newCategory = {
    name: "",
    type: list.type === "all" ? "products" : list.type,
    description: "",
    isActive: "on",
  };
  const filter = list.type === "all" ? undefined : list.type;
  return (
    <section aria-labelledby="categories-heading" className="grid gap-4">
      <h2 id="categories-heading" className="font-semibold text-lg">
        Categories Management
      </h2>
      <TaxonomyList
        kind="category"
        list={list}
        columns={columns}
        usage={(c) => c.usage}
        keep={{ tab: "categories", type: filter }}
        beforeTable={
          <LinkTabs
            label="Filter categories by type"
            param="type"
            current={list.type}
            tabs={FILTER_TABS}
            keep={list.q ? { tab: "categories", q: list.q } : { tab: "categories" }}
          />
        }
        schema={categoryFormSchema}
        newValues={newCategory}
        toFormValues={toFormValues}
      >
        {(fields, editing) => (
          <>
            <TextField field={fields.name} label="Name" required />
            <FormField label="Type" errors={fields.type.errors} errorId={fields.type.errorId}>
              <NativeSelect {...getSelectProps(fields.type)}>
                {CATEGORY_TYPES.map((type) => (
                  <NativeSelectOption key={type} value={type}>
                    {CATEGORY_TYPE_LABELS[type]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <TextareaField field={fields.description} label="Description" rows={3} />
            {editing ? (
              <SwitchField
                field={fields.isActive}
                label="Active"
                description="Offered in pick-lists and on the site"
              />
            ) : null}
          </>
        )}
      </TaxonomyList>
    </section>
  );
}
