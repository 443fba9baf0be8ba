// The fields of the Add/Edit Product dialog (Catalog Management), inside an EntityDialog.
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { FormField } from "~/components/forms/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { STOCK_STATUSES } from "~/lib/vocabulary";
import type { productFormSchema } from "~/modules/products/schema";
import type { EntityFields } from "./entity-dialog";
import { ImageField } from "./image-field";
import { SwitchField } from "./switch-field";

type Option = { id: string; name: string };

export function ProductFormFields(props: {
  fields: EntityFields<typeof productFormSchema>;
  categories: readonly Option[];
  brands: readonly Option[];
}) {
  const { fields } = props;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label="Name"
        errors={fields.name.errors}
        errorId={fields.name.errorId}
        className="sm:col-span-2"
      >
        <Input {...getInputProps(fields.name, { type: "text" })} required />
      </FormField>
      <FormField
        label="Short description"
        errors={fields.shortDescription.errors}
        errorId={fields.shortDescription.errorId}
        className="sm:col-span-2"
      >
        <Input {...getInputProps(fields.shortDescription, { type: "text" })} />
      </FormField>
      <FormField
        label="Description"
        errors={fields.description.errors}
        errorId={fields.description.errorId}
        className="sm:col-span-2"
      >
        <Textarea {...getTextareaProps(fields.description)} rows={3} />
      </FormField>
      <FormField label="Price (NZD)" errors={fields.price.errors} errorId={fields.price.errorId}>
        <Input {...getInputProps(fields.price, { type: "number" })} step="0.01" min="0" inputMode="decimal" />
      </FormField>
      <FormField
        label="Original price (NZD)"
        errors={fields.originalPrice.errors}
        errorId={fields.originalPrice.errorId}
      >
        <Input
          {...getInputProps(fields.originalPrice, { type: "number" })}
          step="0.01"
          min="0"
          inputMode="decimal"
        />
      </FormField>
      <FormField
        label="Discount percentage"
        errors={fields.discountPercentage.errors}
        errorId={fields.discountPercentage.errorId}
      >
        <Input {...getInputProps(fields.discountPercentage, { type: "number" })} step="1" min="0" max="100" />
      </FormField>
      <FormField
        label="Stock quantity"
        errors={fields.stockQuantity.errors}
        errorId={fields.stockQuantity.errorId}
      >
        <Input {...getInputProps(fields.stockQuantity, { type: "number" })} step="1" min="0" />
      </FormField>
      <FormField label="Category" errors={fields.categoryId.errors} errorId={fields.categoryId.errorId}>
        <NativeSelect {...getSelectProps(fields.categoryId)}>
          <NativeSelectOption value="">No category</NativeSelectOption>
          {props.categories.map((c) => (
            <NativeSelectOption key={c.id} value={c.id}>
              {c.name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Brand" errors={fields.brandId.errors} errorId={fields.brandId.errorId}>
        <NativeSelect {...getSelectProps(fields.brandId)}>
          <NativeSelectOption value="">No brand</NativeSelectOption>
          {props.brands.map((b) => (
            <NativeSelectOption key={b.id} value={b.id}>
              {b.name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Stock status" errors={fields.stockStatus.errors} errorId={fields.stockStatus.errorId}>
        <NativeSelect {...getSelectProps(fields.stockStatus)}>
          {STOCK_STATUSES.map((status) => (
            <NativeSelectOption key={status} value={status}>
              {status}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid gap-2 sm:col-span-2 sm:grid-cols-2">
        <SwitchField
          field={fields.isPublished}
          label="Published"
          description="Shown in the public catalogue"
        />
        <SwitchField field={fields.isFeatured} label="Featured" description="Shown on the home page" />
      </div>
      <div className="sm:col-span-2">
        <ImageField field={fields.imageUrl} label="Product image" />
      </div>
    </div>
  );
}
