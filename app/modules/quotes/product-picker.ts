// The quote builder's product picker: what the server answers, each option the line it adds.

/** A quote line as the builder's form holds it (figures as typed text). */
export type PickerLine = {
  productId: string;
  description: string;
  brandName: string;
  productSlug: string;
  sku: string;
  quantityMilli: string;
  unit: string;
  unitPriceCents: string;
  discountBasisPoints: string;
  note: string;
};

export type PickerOption = { key: string; label: string; detail: string; line: PickerLine };

/** Fewer characters than this ask for nothing. */
export const PICKER_MIN_LENGTH = 2;
