// The admin product form (Catalog Management), shared by the browser and the action.
// Name and price required (a blank price is refused, not saved as 0.00); price and original price
// decimals (step 0.01), discount and stock whole numbers, non-numeric input becoming 0; empty
// category or brand saved as null. The stock code and unit of sale are optional: trimmed, runs of
// spaces made one, blank saved as null; a code taken by another product (in any case) is refused
// by the save command, which alone can see the others.
import { z } from "zod";
import {
  checkbox,
  decimalField,
  imageUrlField,
  integerField,
  optionalId,
  optionalText,
  requiredText,
} from "~/lib/form-values";
import { STOCK_STATUSES } from "~/lib/vocabulary";
import { UNIT_MAX } from "./unit-of-sale";

const MAX_PRICE = 9_999_999_999.99; // numeric(12, 2)

/** The longest stock code (the products_sku_format check holds the same). */
export const SKU_MAX = 40;
/** Letters and digits, with - _ . / and spaces inside; it starts with a letter or digit. */
const SKU_PATTERN = /^[A-Za-z0-9]([A-Za-z0-9._/ -]*[A-Za-z0-9._/-])?$/;

/** Trimmed, each run of spaces one space; blank is undefined. */
function tidyText(value: unknown) {
  if (typeof value !== "string") return value;
  const tidy = value.replace(/\s+/g, " ").trim();
  return tidy === "" ? undefined : tidy;
}

/** The product's stock code (SKU): optional; blank is null. */
export const skuField = z
  .preprocess(
    tidyText,
    z
      .string()
      .max(SKU_MAX, `A stock code must be at most ${SKU_MAX} characters`)
      .regex(
        SKU_PATTERN,
        "A stock code may hold only letters, digits, spaces and - _ . / and starts with a letter or digit",
      )
      .optional(),
  )
  .transform((value) => value ?? null);

/** What one of the product is when sold ("sheet", "length", "m²"): optional; blank is null. */
const unitField = z
  .preprocess(tidyText, z.string().max(UNIT_MAX, `A unit must be at most ${UNIT_MAX} characters`).optional())
  .transform((value) => value ?? null);

export const productFormSchema = z.object({
  name: requiredText("Product name is required", 200),
  sku: skuField,
  unit: unitField,
  shortDescription: optionalText(500),
  description: optionalText(5000),
  price: decimalField({ label: "Price", min: 0, max: MAX_PRICE, required: "Price is required" }),
  // Empty means "no original price" (null); anything else follows the price rules.
  originalPrice: z
    .unknown()
    .optional()
    .transform((value) => (value === undefined || String(value).trim() === "" ? undefined : value))
    .pipe(decimalField({ label: "Original price", min: 0, max: MAX_PRICE }).optional())
    .transform((value) => value ?? null),
  discountPercentage: integerField({ label: "Discount percentage", min: 0, max: 100 }),
  stockQuantity: integerField({ label: "Stock quantity", min: 0 }),
  categoryId: optionalId("Please choose a category from the list"),
  brandId: optionalId("Please choose a brand from the list"),
  buildingInfoId: optionalId("Please choose a building information sheet from the list"),
  stockStatus: z.enum(STOCK_STATUSES, { error: "Please choose a stock status" }).default("In Stock"),
  isPublished: checkbox(),
  isFeatured: checkbox(),
  imageUrl: imageUrlField(),
});

export type ProductInput = z.output<typeof productFormSchema>;

const idSchema = z.uuid("Invalid product");

export const productIntentSchema = z.discriminatedUnion("intent", [
  productFormSchema.extend({ intent: z.literal("create") }),
  productFormSchema.extend({ intent: z.literal("update"), id: idSchema }),
  z.object({ intent: z.literal("delete"), id: idSchema }),
]);

/** The Add Product form's starting values: price 0, stock 0, In Stock, published. */
export const PRODUCT_FORM_DEFAULTS = {
  name: "",
  sku: "",
  unit: "",
  shortDescription: "",
  description: "",
  price: "0",
  originalPrice: "",
  discountPercentage: "0",
  stockQuantity: "0",
  categoryId: "",
  brandId: "",
  buildingInfoId: "",
  stockStatus: "In Stock",
  isPublished: "on",
  isFeatured: "",
  imageUrl: "",
} satisfies Record<keyof z.input<typeof productFormSchema>, string>;
