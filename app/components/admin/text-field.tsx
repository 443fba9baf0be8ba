// A labelled text input or textarea bound to a Conform field, with its first error: the one-line
// form of FormField + Input that admin dialogs repeat for most of their fields.
//
//   <TextField field={fields.title} label="Title" required className="sm:col-span-2" />
//   <TextField field={fields.durationMonths} label="Duration (months)" type="number" min="0" step="1" />
//   <TextareaField field={fields.challenge} label="Challenge" rows={3} />
import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import type { ComponentProps } from "react";
import { FormField } from "~/components/forms/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>;
type Common = { field: Field; label: string; hint?: string; className?: string };

export function TextField({
  field,
  label,
  hint,
  className,
  type = "text",
  ...input
}: Common & { type?: "text" | "number" | "email" | "url" } & Omit<
    ComponentProps<"input">,
    "type" | "name" | "id" | "form"
  >) {
  return (
    <FormField label={label} hint={hint} errors={field.errors} errorId={field.errorId} className={className}>
      <Input {...getInputProps(field, { type })} key={field.key} {...input} />
    </FormField>
  );
}

export function TextareaField({
  field,
  label,
  hint,
  className,
  ...textarea
}: Common & Omit<ComponentProps<"textarea">, "name" | "id" | "form">) {
  return (
    <FormField label={label} hint={hint} errors={field.errors} errorId={field.errorId} className={className}>
      <Textarea {...getTextareaProps(field)} {...textarea} />
    </FormField>
  );
}
