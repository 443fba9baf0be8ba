// The public catalogue's view lives in the URL (q, brand, category, inStock, sort, page), so any
// view is a shareable link. Shared by the loader (the authority) and the page (to build links).
import { z } from "zod";

export const CATALOG_PAGE_SIZE = 10;
export const CATALOG_SORTS = ["name", "discount", "stock"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const CATALOG_SORT_LABELS: Record<CatalogSort, string> = {
  name: "Name",
  discount: "Discount (largest first)",
  stock: "Stock status",
};
export const SEARCH_MAX_LENGTH = 100;

// Hostile or stale links never fail: every field falls back to "no filter" instead of erroring.
// A NUL is dropped from text: PostgreSQL refuses a query that carries one.
export const catalogParamsSchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((value) => value.replaceAll("\u0000", "").trim().slice(0, SEARCH_MAX_LENGTH)),
  brand: z.uuid().optional().catch(undefined),
  // A category name (matched case-insensitively) or id; resolved against the listed categories.
  category: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => {
      const trimmed = value?.replaceAll("\u0000", "").trim().slice(0, SEARCH_MAX_LENGTH);
      return trimmed && trimmed.toLowerCase() !== "all" ? trimmed : undefined;
    }),
  inStock: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => value === "true" || value === "on" || value === "1"),
  sort: z.enum(CATALOG_SORTS).catch("name"),
  // Too large a page is clamped to the last page by the query, so only its shape is checked here.
  page: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => {
      if (!value || !/^\d+$/.test(value.trim())) return 1;
      const page = Number(value.trim());
      return Number.isSafeInteger(page) ? Math.max(1, page) : Number.MAX_SAFE_INTEGER;
    }),
});
export type CatalogParams = z.output<typeof catalogParamsSchema>;

const PARAM_NAMES = ["q", "brand", "category", "inStock", "sort", "page"] as const;

/** Normalised parameters from a query string; repeated keys use the first value. */
export function parseCatalogParams(searchParams: URLSearchParams): CatalogParams {
  const raw: Record<string, string | undefined> = {};
  for (const name of PARAM_NAMES) raw[name] = searchParams.get(name) ?? undefined;
  return catalogParamsSchema.parse(raw);
}

/** The query string of a view, defaults left out so links stay short ("" for the plain catalogue). */
export function toCatalogSearch(params: Partial<CatalogParams>): string {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.brand) search.set("brand", params.brand);
  if (params.category) search.set("category", params.category);
  if (params.inStock) search.set("inStock", "true");
  if (params.sort && params.sort !== "name") search.set("sort", params.sort);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The contact page, prefilled for an enquiry about one product. */
export function toEnquiryHref(productName: string) {
  return `/contact?subject=Product%20Information&product=${encodeURIComponent(productName)}`;
}

/** Card text: the first 100 characters, then "..." when there was more. */
export function truncateText(text: string | null | undefined, max = 100) {
  const clean = (text ?? "").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max).trimEnd()}...`;
}
