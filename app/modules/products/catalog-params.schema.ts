// How the catalogue's loader reads a view from a query string (the parameters are in
// catalog-params.ts), and corrects an address that names a filter the view set aside. Hostile or
// stale links never fail: every field falls back to "no filter".
import { z } from "zod";
import {
  CATALOG_SORTS,
  type CatalogParams,
  defaultSort,
  SEARCH_MAX_LENGTH,
  sortsFor,
  toCatalogSearch,
} from "./catalog-params";

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
  sort: z.enum(CATALOG_SORTS).optional().catch(undefined),
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

const PARAM_NAMES = ["q", "brand", "category", "inStock", "sort", "page"] as const;

/** Normalised parameters from a query string; repeated keys use the first value. */
export function parseCatalogParams(searchParams: URLSearchParams): CatalogParams {
  const raw: Record<string, string | undefined> = {};
  for (const name of PARAM_NAMES) raw[name] = searchParams.get(name) ?? undefined;
  const { sort, ...params } = catalogParamsSchema.parse(raw);
  // No order chosen, or best match without a search: the view's default order.
  return { ...params, sort: sort && sortsFor(params.q).includes(sort) ? sort : defaultSort(params.q) };
}

/**
 * The query string of the view the catalogue showed, when the one asked for named a brand or a
 * category that was set aside (an unknown brand; a category the brand does not carry, replaced by
 * all or by the brand's only one); null when the address already says what is shown. A category
 * chosen for the visitor stays out of the address, as it does when the brand is first chosen.
 */
export function correctedCatalogSearch(
  requested: CatalogParams,
  shown: CatalogParams,
  categories: ReadonlyArray<{ id: string; name: string }>,
): string | null {
  const shownId = categories.find((c) => c.name === shown.category)?.id;
  const keptCategory =
    requested.category !== undefined &&
    shown.category !== undefined &&
    (requested.category.toLowerCase() === shown.category.toLowerCase() || requested.category === shownId);
  const brandSetAside = requested.brand !== undefined && shown.brand === undefined;
  const categorySetAside = requested.category !== undefined && !keptCategory;
  if (!brandSetAside && !categorySetAside) return null;
  return toCatalogSearch({
    ...requested,
    brand: shown.brand,
    category: keptCategory ? requested.category : undefined,
    page: shown.page,
  });
}
