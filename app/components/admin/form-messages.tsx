// The messages of a Conform form outside a FormField: the form-level error (a refusal the server
// gave, e.g. "This content no longer exists.") and the first error of a field rendered on its own
// (a list of inputs, an upload). Both are what aria-describedby points at.
//
//   <FormError form={form} />
//   <FieldError field={fields.materials} />
import type { FieldMetadata, FormMetadata } from "@conform-to/react";

// biome-ignore lint/suspicious/noExplicitAny: any form's shape will do
export function FormError({ form }: { form: FormMetadata<any, string[]> }) {
  if (!form.errors?.length) return null;
  return (
    <p
      id={form.errorId}
      role="alert"
      className="rounded-md border border-destructive/50 p-3 text-destructive text-sm"
    >
      {form.errors[0]}
    </p>
  );
}

export function FieldError({ field }: { field: FieldMetadata<unknown, Record<string, unknown>, string[]> }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="font-medium text-destructive text-sm">
      {field.errors[0]}
    </p>
  );
}
