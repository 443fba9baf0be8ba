// A labelled on/off switch inside an admin form, with its first error; posts "on" when on,
// nothing when off (read it with checkbox() from app/lib/form-values.ts).
//
//   <SwitchField field={fields.isPublished} label="Published" description="Shown on the public site" />
import type { FieldMetadata } from "@conform-to/react";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";

export function SwitchField(props: {
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  label: string;
  description?: string;
}) {
  const { field } = props;
  const descriptionId = `${field.id}-description`;
  const initial = field.initialValue;
  const error = field.errors?.[0];
  const describedBy = [props.description ? descriptionId : null, error ? field.errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-4 rounded-md border p-3">
        <div className="grid gap-0.5">
          <Label htmlFor={field.id}>{props.label}</Label>
          {props.description ? (
            <p id={descriptionId} className="text-muted-foreground text-xs">
              {props.description}
            </p>
          ) : null}
        </div>
        <Switch
          id={field.id}
          name={field.name}
          form={field.formId}
          defaultChecked={initial === "on" || initial === "true"}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
        />
      </div>
      {error ? (
        <p id={field.errorId} className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
