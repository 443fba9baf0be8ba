// A labelled pick-list of records (a category, a brand) with an empty first choice that is saved
// as null. A native <select>, so it needs no JavaScript and reads well with a screen reader.
//
//   <PickListField field={fields.categoryId} label="Category" emptyLabel="No category" options={categories} />
import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { FormField } from "~/components/forms/form-field";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";

export type PickListOption = { id: string; name: string };

export function PickListField(props: {
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  label: string;
  emptyLabel: string;
  options: readonly PickListOption[];
  className?: string;
}) {
  const { field } = props;
  return (
    <FormField label={props.label} errors={field.errors} errorId={field.errorId} className={props.className}>
      <NativeSelect {...getSelectProps(field)}>
        <NativeSelectOption value="">{props.emptyLabel}</NativeSelectOption>
        {props.options.map((option) => (
          <NativeSelectOption key={option.id} value={option.id}>
            {option.name}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </FormField>
  );
}
