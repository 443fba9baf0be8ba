// Contact Management > Subject Management: the subjects offered on the contact form, newest
// first and not paged (the list is short), with search, Add/Edit dialog, active switch and delete.
import { getInputProps } from "@conform-to/react";
import { ActiveSwitch } from "~/components/admin/active-switch";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { EntityList } from "~/components/admin/entity-list";
import { SwitchField } from "~/components/admin/switch-field";
import { FormField } from "~/components/forms/form-field";
import { Input } from "~/components/ui/input";
import type { PagedListData } from "~/lib/list-params";
import { formatNzDate } from "~/lib/nz-date";
import { subjectFormSchema } from "~/modules/enquiries/subjects.schema";

type SubjectListRow = { id: string; subjectName: string; isActive: boolean; createdAt: Date };

const NEW_SUBJECT = { subjectName: "", isActive: "on" };

const COLUMNS: DataTableColumn<SubjectListRow>[] = [
  {
    key: "name",
    header: "Subject Name",
    cell: (s) => <span className="font-medium">{s.subjectName}</span>,
    className: "whitespace-normal",
  },
  {
    key: "status",
    header: "Status",
    cell: (s) => (
      <ActiveSwitch id={s.id} active={s.isActive} itemLabel={s.subjectName} intent="toggle-subject" />
    ),
  },
  {
    key: "created",
    header: "Created",
    cell: (s) => <time dateTime={s.createdAt.toISOString()}>{formatNzDate(s.createdAt)}</time>,
    tableFrom: "4xl",
  },
];

function toFormValues(subject: SubjectListRow) {
  return { subjectName: subject.subjectName, isActive: subject.isActive ? "on" : "" };
}

export function SubjectsTab({ list }: { list: PagedListData<SubjectListRow> }) {
  return (
    <EntityList
      singular="Subject"
      noun="subjects"
      list={list}
      columns={COLUMNS}
      rowLabel={(s) => s.subjectName}
      schema={subjectFormSchema}
      newValues={NEW_SUBJECT}
      toFormValues={toFormValues}
      failedMessage="Error fetching subjects"
      keep={{ tab: "subjects" }}
      emptyText="No subjects yet. Add the first subject for the contact form."
      dialog={{ intents: { create: "create-subject", edit: "update-subject" }, className: "sm:max-w-lg" }}
      deleteFor={(s) => ({
        intent: "delete-subject",
        description: `This will permanently delete the subject "${s.subjectName}". Queries already sent keep their subject.`,
      })}
    >
      {(fields, _form, record) => (
        <>
          <FormField
            label="Subject name"
            errors={fields.subjectName.errors}
            errorId={fields.subjectName.errorId}
          >
            <Input {...getInputProps(fields.subjectName, { type: "text" })} required />
          </FormField>
          {/* New records are always created active: the switch is for changing one later. */}
          {record ? (
            <SwitchField field={fields.isActive} label="Active" description="Offered on the contact form" />
          ) : null}
        </>
      )}
    </EntityList>
  );
}
