// The fields of the Add/Edit Product dialog (Catalog Management), inside an EntityDialog.
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useId } from "react";
import { Link } from "react-router";
import { FormField } from "~/components/forms/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { STOCK_STATUSES } from "~/lib/vocabulary";
import type { Completeness } from "~/modules/compliance/completeness";
import { type productFormSchema, SKU_MAX } from "~/modules/products/schema";
import { UNIT_MAX, UNITS_OF_SALE } from "~/modules/products/unit-of-sale";
import { CompletenessBadge } from "./building-info/completeness-badge";
import type { EntityFields } from "./entity-dialog";
import { ImageField } from "./image-field";
import { SwitchField } from "./switch-field";

type Option = { id: string; name: string };
type SheetOption = { id: string; title: string; completeness: Completeness["state"] };

export function ProductFormFields(props: {
  fields: EntityFields<typeof productFormSchema>;
  categories: readonly Option[];
  brands: readonly Option[];
  sheets: readonly SheetOption[];
  /** The edited product's building information as stored; null when adding. */
  buildingInfo: { sheetId: string | null; state: Completeness["state"] } | null;
}) {
  const { fields } = props;
  const unitsId = useId();
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
        label="Stock code"
        errors={fields.sku.errors}
        errorId={fields.sku.errorId}
        hint="Optional. Unique, whatever its case: letters, digits, spaces and - _ . /"
      >
        <Input
          {...getInputProps(fields.sku, { type: "text" })}
          maxLength={SKU_MAX}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
      </FormField>
      <FormField
        label="Unit"
        errors={fields.unit.errors}
        errorId={fields.unit.errorId}
        hint="How one is sold: pick one or type your own. A quote line starts with it."
      >
        <Input
          {...getInputProps(fields.unit, { type: "text" })}
          list={unitsId}
          maxLength={UNIT_MAX}
          autoComplete="off"
        />
      </FormField>
      <datalist id={unitsId}>
        {UNITS_OF_SALE.map((unit) => (
          <option key={unit} value={unit} />
        ))}
      </datalist>
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
      <FormField
        label="Building information"
        errors={fields.buildingInfoId.errors}
        errorId={fields.buildingInfoId.errorId}
        hint="A designated product (Class 1 or 2) is published only with complete or linked information."
        className="sm:col-span-2"
      >
        <NativeSelect {...getSelectProps(fields.buildingInfoId)}>
          <NativeSelectOption value="">None</NativeSelectOption>
          {props.sheets.map((s) => (
            <NativeSelectOption key={s.id} value={s.id}>
              {s.title}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </FormField>
      {props.buildingInfo ? (
        <p className="flex flex-wrap items-center gap-2 text-sm sm:col-span-2">
          <span>Building information as saved:</span>
          <CompletenessBadge state={props.buildingInfo.state} />
          {props.buildingInfo.sheetId ? (
            <Link
              to={`/admin/catalog/building-information/${props.buildingInfo.sheetId}`}
              className="underline underline-offset-4"
            >
              Edit the sheet
            </Link>
          ) : null}
        </p>
      ) : null}
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
