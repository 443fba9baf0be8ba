// One select of a list's GET filter form: its label, the value in the URL, and its options by
// label. `children` go first (an "Any …" option). A new value from the URL resets what was chosen.
import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";

export function FilterSelect<Value extends string>({
  name,
  label,
  value,
  options,
  labels,
  width,
  children,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly Value[];
  labels: Readonly<Record<Value, string>>;
  width: string;
  children?: ReactNode;
}) {
  const id = `filter-${name}`;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        name={name}
        key={`${name}-${value}`}
        defaultValue={value}
        wrapperClassName={width}
      >
        {children}
        {options.map((option) => (
          <NativeSelectOption key={option} value={option}>
            {labels[option]}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </div>
  );
}
