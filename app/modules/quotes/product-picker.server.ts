// The quote builder's "Add a catalogue product": the products a staff search finds first (the
// catalogue's search, drafts included), each as the line it adds, filled as a line from an
// enquiry's quote list is: the product's name, brand and stock code, one of its unit of sale, at
// its price, with no discount.
import { centsFromStoredPrice, centsToText } from "~/lib/money";
import { findProductsToQuote } from "~/modules/products/admin.server";
import { unitOfSale } from "~/modules/products/unit-of-sale";
import { PICKER_MIN_LENGTH, type PickerOption } from "./product-picker";

export async function productPickerOptions(q: string): Promise<PickerOption[]> {
  if (q.trim().length < PICKER_MIN_LENGTH) return [];
  const found = await findProductsToQuote(q.trim());
  return found.map((product) => {
    const unit = unitOfSale({ name: product.name, description: product.description, unit: product.unit });
    const price = product.price === null ? 0 : centsFromStoredPrice(product.price);
    return {
      key: product.id,
      label: product.name,
      detail: [
        product.sku,
        product.categoryName,
        product.price === null ? "no price" : `$${centsToText(price)} / ${unit}`,
        product.isPublished ? null : "Draft",
      ]
        .filter(Boolean)
        .join(" · "),
      line: {
        productId: product.id,
        description: product.name,
        brandName: product.brandName ?? "",
        productSlug: product.slug,
        sku: product.sku ?? "",
        quantityMilli: "1",
        unit,
        unitPriceCents: centsToText(price),
        discountBasisPoints: "",
        note: "",
      },
    };
  });
}
