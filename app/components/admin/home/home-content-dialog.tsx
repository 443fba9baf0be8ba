// The Add/Edit dialog of a home content row: the home content list (any section type) and the
// Browse Categories and Monthly Catalog tabs of Home Management (their section type fixed).

import { getSelectProps } from "@conform-to/react";
import { EntityDialog } from "~/components/admin/entity-dialog";
import { ImageField } from "~/components/admin/image-field";
import { SwitchField } from "~/components/admin/switch-field";
import { TextareaField, TextField } from "~/components/admin/text-field";
import { FormField } from "~/components/forms/form-field";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { SECTION_TYPES, type SectionType } from "~/lib/vocabulary";
import {
  type HomeContentItem,
  homeContentFormSchema,
  SECTION_TYPE_LABELS,
} from "~/modules/content/home.schema";

function toFormValues(item: HomeContentItem) {
  return {
    sectionType: item.sectionType,
    title: item.title ?? "",
    subtitle: item.subtitle ?? "",
    content: item.content ?? "",
    imageUrl: item.imageUrl ?? "",
    linkText: item.linkText ?? "",
    linkUrl: item.linkUrl ?? "",
    isActive: item.isActive ? "on" : "",
    displayOrder: String(item.displayOrder),
  };
}

/** The display order a new row starts with: after the last of the rows shown. */
export function nextDisplayOrder(items: readonly HomeContentItem[]) {
  return items.reduce((max, item) => Math.max(max, item.displayOrder + 1), 1);
}

export function HomeContentDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: HomeContentItem | null;
  /** Fixed for a Home Management tab; chosen in the dialog otherwise. */
  sectionType?: SectionType;
  /** The display order a new row starts with. */
  nextOrder: number;
  title: { create: string; edit: string };
}) {
  const { sectionType } = props;
  const defaults = props.record
    ? toFormValues(props.record)
    : {
        ...toFormValues(EMPTY_ITEM),
        sectionType: sectionType ?? "hero",
        displayOrder: String(props.nextOrder),
      };
  return (
    <EntityDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      recordId={props.record?.id}
      title={props.title}
      schema={homeContentFormSchema}
      defaultValue={defaults}
      multipart
      className="sm:max-w-2xl"
    >
      {(fields) => (
        <div className="grid gap-4 sm:grid-cols-2">
          {sectionType ? (
            <input type="hidden" name={fields.sectionType.name} value={sectionType} />
          ) : (
            <FormField
              label="Section type"
              errors={fields.sectionType.errors}
              errorId={fields.sectionType.errorId}
            >
              <NativeSelect {...getSelectProps(fields.sectionType)}>
                {SECTION_TYPES.map((type) => (
                  <NativeSelectOption key={type} value={type}>
                    {SECTION_TYPE_LABELS[type]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
          )}
          <TextField
            field={fields.displayOrder}
            label="Display order"
            hint={props.record ? "Blank keeps its place." : "Blank puts it after the last of its section."}
            type="number"
            min="0"
            step="1"
          />
          <TextField field={fields.title} label="Title" className="sm:col-span-2" />
          <TextField field={fields.subtitle} label="Subtitle" className="sm:col-span-2" />
          <TextareaField field={fields.content} label="Content" rows={3} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <ImageField field={fields.imageUrl} label="Image" />
          </div>
          <TextField field={fields.linkText} label="Link text" />
          <TextField field={fields.linkUrl} label="Link URL" placeholder="/catalog" />
          <div className="sm:col-span-2">
            <SwitchField field={fields.isActive} label="Active" description="Shown on the home page" />
          </div>
        </div>
      )}
    </EntityDialog>
  );
}

const EMPTY_ITEM: HomeContentItem = {
  id: "",
  sectionType: "hero",
  title: null,
  subtitle: null,
  content: null,
  imageUrl: null,
  linkText: null,
  linkUrl: null,
  isActive: true,
  displayOrder: 0,
};
