// Case studies in the back office: the searched, paged table and its Add/Edit dialog.
import { categoryColumn, imageColumn, titleColumn } from "~/components/admin/data-table/common-columns";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import type { PagedListData } from "~/components/admin/data-table/paged-list";
import { EntityList } from "~/components/admin/entity-list";
import { ImageField } from "~/components/admin/image-field";
import { PickListField, type PickListOption } from "~/components/admin/pick-list-field";
import { TextareaField, TextField } from "~/components/admin/text-field";
import type { AdminCaseStudy } from "~/modules/case-studies/admin.server";
import { caseStudyFormSchema } from "~/modules/case-studies/schema";
import { MaterialsField } from "./materials-field";

// A new case study starts with one empty material row to type into.
const NEW_CASE_STUDY = {
  title: "",
  categoryId: "",
  durationMonths: "",
  materials: [""],
  challenge: "",
  solution: "",
  result: "",
  imageUrl: "",
};

function toFormValues(row: AdminCaseStudy) {
  return {
    title: row.title,
    categoryId: row.categoryId ?? "",
    durationMonths: row.durationMonths === null ? "" : String(row.durationMonths),
    materials: row.materials.length > 0 ? row.materials : [""],
    challenge: row.challenge ?? "",
    solution: row.solution ?? "",
    result: row.result ?? "",
    imageUrl: row.imageUrl ?? "",
  } satisfies typeof NEW_CASE_STUDY;
}

function formatDuration(months: number | null) {
  if (months === null) return "—";
  return `${months} ${months === 1 ? "month" : "months"}`;
}

const TEXT_AREAS = [
  { name: "challenge", label: "Challenge" },
  { name: "solution", label: "Solution" },
  { name: "result", label: "Result" },
] as const;

const COLUMNS: DataTableColumn<AdminCaseStudy>[] = [
  imageColumn(),
  titleColumn(),
  categoryColumn(),
  { key: "duration", header: "Duration", cell: (row) => formatDuration(row.durationMonths) },
];

export function CaseStudiesList(props: {
  list: PagedListData<AdminCaseStudy>;
  categories: readonly PickListOption[];
}) {
  return (
    <EntityList
      singular="Case Study"
      noun="case studies"
      list={props.list}
      columns={COLUMNS}
      rowLabel={(row) => row.title}
      schema={caseStudyFormSchema}
      newValues={NEW_CASE_STUDY}
      toFormValues={toFormValues}
      failedMessage="Failed to fetch case studies"
      multipart
    >
      {(fields, form) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.title} label="Title" required className="sm:col-span-2" />
          <PickListField
            field={fields.categoryId}
            label="Category"
            emptyLabel="No category"
            options={props.categories}
          />
          <TextField field={fields.durationMonths} label="Duration (months)" type="number" min="0" step="1" />
          <div className="sm:col-span-2">
            <MaterialsField form={form} field={fields.materials} />
          </div>
          {TEXT_AREAS.map(({ name, label }) => (
            <TextareaField key={name} field={fields[name]} label={label} rows={3} className="sm:col-span-2" />
          ))}
          <div className="sm:col-span-2">
            <ImageField field={fields.imageUrl} label="Image" />
          </div>
        </div>
      )}
    </EntityList>
  );
}
