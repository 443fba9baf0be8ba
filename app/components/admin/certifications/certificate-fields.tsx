// The certificate's own details in the certification dialog: scheme (none for a plain document),
// number, holder, body, scope, dates, public register and its last check, and standing.
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { PickListField } from "~/components/admin/pick-list-field";
import { TextareaField, TextField } from "~/components/admin/text-field";
import { FormField } from "~/components/forms/form-field";
import { Input } from "~/components/ui/input";
import { CERTIFICATE_SCHEMES, CERTIFICATE_STANDINGS } from "~/lib/vocabulary";
import { SCHEME_LABELS, STANDING_LABELS } from "~/modules/certifications/labels";

type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>;

const SCHEME_OPTIONS = CERTIFICATE_SCHEMES.map((id) => ({ id, name: SCHEME_LABELS[id] }));
const STANDING_OPTIONS = CERTIFICATE_STANDINGS.filter((id) => id !== "active").map((id) => ({
  id,
  name: STANDING_LABELS[id],
}));

function DateField({ field, label, hint }: { field: Field; label: string; hint?: string }) {
  return (
    <FormField label={label} hint={hint} errors={field.errors} errorId={field.errorId}>
      <Input {...getInputProps(field, { type: "date" })} key={field.key} />
    </FormField>
  );
}

export function CertificateFields(props: {
  fields: {
    scheme: Field;
    certificateNumber: Field;
    holder: Field;
    certificationBody: Field;
    scope: Field;
    issuedOn: Field;
    expiresOn: Field;
    registerUrl: Field;
    registerCheckedOn: Field;
    registerCheckedBy: Field;
    standing: Field;
  };
}) {
  const { fields } = props;
  return (
    <fieldset className="grid items-start gap-4 rounded-md border p-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 font-medium text-sm">Certificate details</legend>
      <PickListField
        field={fields.scheme}
        label="Scheme"
        emptyLabel="None (a plain document)"
        options={SCHEME_OPTIONS}
      />
      <TextField
        field={fields.certificateNumber}
        label="Certificate number"
        hint="Required when a scheme is chosen."
      />
      <TextField field={fields.holder} label="Holder" />
      <TextField field={fields.certificationBody} label="Certification body" />
      <TextareaField field={fields.scope} label="Scope" rows={2} className="sm:col-span-2" />
      <DateField field={fields.issuedOn} label="Issue date" />
      <DateField
        field={fields.expiresOn}
        label="Expiry or next review date"
        hint="The last day it is valid. Leave empty if it does not expire."
      />
      <TextField
        field={fields.registerUrl}
        label="Public register URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        className="sm:col-span-2"
      />
      <DateField field={fields.registerCheckedOn} label="Register last checked on" />
      <TextField field={fields.registerCheckedBy} label="Register last checked by" />
      <PickListField
        field={fields.standing}
        label="Standing"
        emptyLabel={STANDING_LABELS.active}
        options={STANDING_OPTIONS}
      />
    </fieldset>
  );
}
