// The follow-up forms of an enquiry's detail view: its status, its owner (an active staff member
// or nobody) and a new internal note. Each is a Conform form checked in the browser with the
// action's own schema and sent by a fetcher; without JavaScript it is a plain post. Success is a
// redirect back here with a toast; a refusal keeps the form with the server's message.
//
//   <StatusForm key={status} status={status} />
//   <OwnerForm key={ownerId ?? ""} ownerId={ownerId} ownerName={ownerName} staff={staff} />
//   <NoteForm />
import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FormError } from "~/components/admin/form-messages";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { ENQUIRY_STATUSES, type EnquiryStatus } from "~/lib/vocabulary";
import {
  addNoteSchema,
  NOTE_MAX,
  setOwnerSchema,
  setStatusSchema,
} from "~/modules/enquiries/follow-up.schema";

type OwnerOption = { id: string; name: string; role: string };

export function StatusForm({ status }: { status: EnquiryStatus }) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "enquiry-status",
    lastResult: busy ? undefined : fetcher.data?.result,
    defaultValue: { status },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setStatusSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="set-status" />
      <FormError form={form} />
      <FormField label="Status" errors={fields.status.errors} errorId={fields.status.errorId}>
        <NativeSelect {...getSelectProps(fields.status)} key={fields.status.key}>
          {ENQUIRY_STATUSES.map((option) => (
            <NativeSelectOption key={option} value={option}>
              {option}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" variant="secondary" disabled={busy} className="justify-self-start">
        {busy ? "Saving..." : "Update status"}
      </Button>
    </fetcher.Form>
  );
}

export function OwnerForm({
  ownerId,
  ownerName,
  staff,
}: {
  ownerId: string | null;
  ownerName: string | null;
  staff: OwnerOption[];
}) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "enquiry-owner",
    lastResult: busy ? undefined : fetcher.data?.result,
    defaultValue: { ownerId: ownerId ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setOwnerSchema }),
    shouldValidate: "onSubmit",
  });
  // An owner who is no longer active staff is still shown as the owner until someone changes it.
  const formerOwner = ownerId && !staff.some((person) => person.id === ownerId);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="set-owner" />
      <FormError form={form} />
      <FormField label="Owner" errors={fields.ownerId.errors} errorId={fields.ownerId.errorId}>
        <NativeSelect {...getSelectProps(fields.ownerId)} key={fields.ownerId.key}>
          <NativeSelectOption value="">Unassigned</NativeSelectOption>
          {staff.map((person) => (
            <NativeSelectOption key={person.id} value={person.id}>
              {person.name} ({person.role})
            </NativeSelectOption>
          ))}
          {formerOwner ? (
            <NativeSelectOption value={ownerId}>
              {ownerName ?? "Former owner"} (no longer staff)
            </NativeSelectOption>
          ) : null}
        </NativeSelect>
      </FormField>
      <Button type="submit" variant="secondary" disabled={busy} className="justify-self-start">
        {busy ? "Saving..." : "Assign owner"}
      </Button>
    </fetcher.Form>
  );
}

export function NoteForm() {
  const fetcher = useAdminFetcher({ onSuccess: () => form.reset() });
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "enquiry-note",
    lastResult: busy ? undefined : fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addNoteSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="add-note" />
      <FormError form={form} />
      <FormField
        label="Internal note"
        hint="Seen by staff only, never by the customer."
        errors={fields.body.errors}
        errorId={fields.body.errorId}
      >
        <Textarea {...getTextareaProps(fields.body)} key={fields.body.key} rows={4} maxLength={NOTE_MAX} />
      </FormField>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? "Adding..." : "Add note"}
      </Button>
    </fetcher.Form>
  );
}
