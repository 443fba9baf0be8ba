// Form schemas for brands and categories (Settings), shared by the browser and the server, and
// the text of the delete confirmation that says what a delete leaves behind.
import { z } from "zod";
import { checkbox, imageUrlField, optionalText, requiredText } from "~/lib/form-values";
import { CATEGORY_TYPES, type CategoryType } from "~/lib/vocabulary";

const id = z.uuid("Invalid record").optional();

export const brandFormSchema = z.object({
  id,
  name: requiredText("Brand name is required", 100),
  description: optionalText(1000),
  // An uploaded logo (its public /files/ path) or a web address.
  logoUrl: imageUrlField("Please enter a valid logo URL"),
  isActive: checkbox(),
});
export type BrandInput = z.output<typeof brandFormSchema>;

export const categoryFormSchema = z.object({
  id,
  name: requiredText("Category name is required", 100),
  type: z.enum(CATEGORY_TYPES, "Choose a category type"),
  description: optionalText(1000),
  isActive: checkbox(),
});
export type CategoryInput = z.output<typeof categoryFormSchema>;

export const CATEGORY_TYPE_LABELS = {
  products: "Products",
  case_studies: "Case Studies",
  certifications: "Certifications",
} as const satisfies Record<CategoryType, string>;

export const CATEGORY_FILTERS = ["all", ...CATEGORY_TYPES] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

export function parseCategoryFilter(value: string | null): CategoryFilter {
  return CATEGORY_FILTERS.find((filter) => filter === value) ?? "all";
}

export type TaxonomyUsage = { products: number; caseStudies: number; certifications: number };

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * "3 products use this brand; they will be left without a brand." — or the plain question when
 * nothing uses it, so the admin knows what a delete changes before confirming it.
 */
export function describeDeleteImpact(kind: "brand" | "category", usage: TaxonomyUsage) {
  const parts = [
    usage.products ? plural(usage.products, "product", "products") : null,
    usage.caseStudies ? plural(usage.caseStudies, "case study", "case studies") : null,
    usage.certifications ? plural(usage.certifications, "certification", "certifications") : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return `Are you sure you want to delete this ${kind}? This cannot be undone.`;
  const total = usage.products + usage.caseStudies + usage.certifications;
  const subject = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  const verb = total === 1 ? "uses" : "use";
  const pronoun = total === 1 ? "it" : "they";
  return `${subject} ${verb} this ${kind}; ${pronoun} will be left without a ${kind}.`;
}
