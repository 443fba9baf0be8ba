// The fields of the Create/Edit User dialog (User Management), inside an EntityDialog.
import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { FormField } from "~/components/forms/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { STAFF_PASSWORD_MIN } from "~/lib/password-rules";
import { ROLES } from "~/lib/vocabulary";

type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>;

const ROLE_LABELS = {
  admin: "Admin (full access)",
  sales: "Sales (catalogue)",
  user: "User (no back office)",
} as const;

export function UserFormFields(props: {
  fields: { name: Field; email: Field; password: Field; role: Field };
  mode: "create" | "edit";
  isSelf: boolean;
}) {
  const { fields } = props;
  return (
    <div className="grid gap-4">
      <FormField label="Name" errors={fields.name.errors} errorId={fields.name.errorId}>
        <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" required />
      </FormField>
      <FormField label="Email" errors={fields.email.errors} errorId={fields.email.errorId}>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" required />
      </FormField>
      <FormField
        label="Password"
        errors={fields.password.errors}
        errorId={fields.password.errorId}
        hint={
          props.mode === "edit"
            ? "Leave blank to keep the current password."
            : `At least ${STAFF_PASSWORD_MIN} characters for admin and sales accounts.`
        }
      >
        <Input
          {...getInputProps(fields.password, { type: "password" })}
          autoComplete="new-password"
          required={props.mode === "create"}
        />
      </FormField>
      <FormField
        label="Role"
        errors={fields.role.errors}
        errorId={fields.role.errorId}
        hint={props.isSelf ? "You cannot change your own role." : undefined}
      >
        <NativeSelect {...getSelectProps(fields.role)} disabled={props.isSelf}>
          {ROLES.map((role) => (
            <NativeSelectOption key={role} value={role}>
              {ROLE_LABELS[role]}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </FormField>
      {/* A disabled select posts nothing: keep the current role in the form. */}
      {props.isSelf ? <input type="hidden" name={fields.role.name} value="admin" /> : null}
    </div>
  );
}
