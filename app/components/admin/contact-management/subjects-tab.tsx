// Contact Management > Subject Management: the subjects offered on the contact form, newest
// first and not paged (the list is short), with search, Add/Edit dialog, active switch and delete.
import { getInputProps } from "@conform-to/react";
import { PlusIcon } from "lucide-react";
import { ActiveSwitch } from "~/components/admin/active-switch";
import { DataTable, type DataTableColumn } from "~/components/admin/data-table/data-table";
import { DataTableToolbar } from "~/components/admin/data-table/data-table-toolbar";
import { RowActions } from "~/components/admin/data-table/row-actions";
import { EntityDialog } from "~/components/admin/entity-dialog";
import { FetchError } from "~/components/admin/fetch-error";
import { SwitchField } from "~/components/admin/switch-field";
import { useEntityDialog } from "~/components/admin/use-entity-dialog";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { subjectFormSchema } from "~/modules/enquiries/subjects.schema";

export type SubjectListRow = { id: string; subjectName: string; isActive: boolean; createdAt: Date };

const NEW_SUBJECT = { subjectName: "", isActive: "on" };

const created = new Intl.DateTimeFormat("en-NZ", { dateStyle: "medium", timeZone: "Pacific/Auckland" });

export function SubjectsTab({ rows, q, failed }: { rows: SubjectListRow[]; q: string; failed: boolean }) {
  const dialog = useEntityDialog<SubjectListRow>();
  const columns: DataTableColumn<SubjectListRow>[] = [
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
      cell: (s) => <time dateTime={s.createdAt.toISOString()}>{created.format(s.createdAt)}</time>,
      tableFrom: "4xl",
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (s) => (
        <RowActions
          itemLabel={s.subjectName}
          onEdit={() => dialog.openFor(s)}
          deleteId={s.id}
          deleteProps={{
            intent: "delete-subject",
            description: `This will permanently delete the subject "${s.subjectName}". Queries already sent keep their subject.`,
          }}
        />
      ),
    },
  ];

  return (
    <>
      <DataTableToolbar
        label="Search subjects"
        placeholder="Search subjects..."
        query={q}
        keep={{ tab: "subjects" }}
      >
        <Button type="button" onClick={() => dialog.openFor(null)}>
          <PlusIcon aria-hidden />
          Add Subject
        </Button>
      </DataTableToolbar>
      <FetchError failed={failed} message="Error fetching subjects" />
      <DataTable
        caption="Subjects"
        columns={columns}
        rows={rows}
        getRowKey={(s) => s.id}
        emptyText={
          q ? `No subjects match "${q}".` : "No subjects yet. Add the first subject for the contact form."
        }
      />
      <EntityDialog
        {...dialog.dialogProps}
        title={{ create: "Add Subject", edit: "Edit Subject" }}
        submitLabel={{ create: "Create Subject", edit: "Update Subject" }}
        intents={{ create: "create-subject", edit: "update-subject" }}
        schema={subjectFormSchema}
        defaultValue={
          dialog.record
            ? { subjectName: dialog.record.subjectName, isActive: dialog.record.isActive ? "on" : "" }
            : NEW_SUBJECT
        }
      >
        {(fields) => (
          <>
            <FormField
              label="Subject name"
              errors={fields.subjectName.errors}
              errorId={fields.subjectName.errorId}
            >
              <Input {...getInputProps(fields.subjectName, { type: "text" })} required />
            </FormField>
            {/* New records are always created active: the switch is for changing one later. */}
            {dialog.record ? (
              <SwitchField field={fields.isActive} label="Active" description="Offered on the contact form" />
            ) : null}
          </>
        )}
      </EntityDialog>
    </>
  );
}
