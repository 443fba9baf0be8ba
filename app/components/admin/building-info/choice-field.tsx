// A labelled native select of a fixed list, each value shown by its label, with its error.
//
//   <ChoiceField field={fields.classification} label="Classification"
//     values={BUILDING_PRODUCT_CLASSES} labels={CLASSIFICATION_LABELS} />
import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { FormField } from "~/components/forms/form-field";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";

export function ChoiceField<Value extends string>(props: {
  field: FieldMetadata<string | undefined>;
  label: string;
  values: readonly Value[];
  labels: Record<Value, string>;
}) {
  const { field } = props;
  return (
    <FormField label={props.label} errors={field.errors} errorId={field.errorId}>
      <NativeSelect {...getSelectProps(field)} key={field.key}>
        {props.values.map((value) => (
          <NativeSelectOption key={value} value={value}>
            {props.labels[value]}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </FormField>
  );
}
