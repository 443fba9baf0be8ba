// Materials entered as a list: one input per material, with Add and Remove buttons (Conform list
// intents, so the rows survive a failed save). A row may also hold several lines; the server
// splits them, trims each and drops the empty ones.

import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { PlusIcon, XIcon } from "lucide-react";
import { FieldError } from "~/components/admin/form-messages";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { MAX_MATERIALS } from "~/modules/case-studies/schema";

export function MaterialsField(props: {
  // biome-ignore lint/suspicious/noExplicitAny: the form's own shape does not matter here
  form: FormMetadata<any, string[]>;
  field: FieldMetadata<(string | undefined)[] | undefined, Record<string, unknown>, string[]>;
}) {
  const { form, field } = props;
  const rows = field.getFieldList();
  const legendId = `${field.id}-legend`;
  return (
    <fieldset className="grid gap-2" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend id={legendId} className="mb-2 font-medium text-sm">
        Materials
      </legend>
      {rows.length === 0 ? <p className="text-muted-foreground text-sm">No materials yet.</p> : null}
      <ul className="grid gap-2">
        {rows.map((row, index) => (
          <li key={row.key} className="flex items-center gap-2">
            <Input
              {...getInputProps(row, { type: "text" })}
              aria-label={`Material ${index + 1}`}
              placeholder="e.g. H3.2 pine decking"
            />
            <Button
              {...form.remove.getButtonProps({ name: field.name, index })}
              variant="ghost"
              size="icon"
              aria-label={`Remove material ${index + 1}`}
            >
              <XIcon aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button
          {...form.insert.getButtonProps({ name: field.name, defaultValue: "" })}
          variant="outline"
          size="sm"
          disabled={rows.length >= MAX_MATERIALS}
        >
          <PlusIcon aria-hidden />
          Add material
        </Button>
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}
