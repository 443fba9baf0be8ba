// The public catalogue's view lives in the URL (q, brand, category, inStock, sort, page), so any
// view is a shareable link. Shared by the loader (the authority) and the page (to build links);
// the schema the loader reads a query string with is in catalog-params.schema.ts, out of the
// browser's way.
export const CATALOG_PAGE_SIZE = 10;
export const CATALOG_SORTS = ["relevance", "name", "discount", "stock"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const CATALOG_SORT_LABELS: Record<CatalogSort, string> = {
  relevance: "Best match",
  name: "Name",
  discount: "Discount (largest first)",
  stock: "Stock status",
};

/** The order a view has when none is chosen: best match while searching, name otherwise. */
export function defaultSort(q: string | undefined): CatalogSort {
  return q ? "relevance" : "name";
}

/** The orders a view offers: best match only while searching. */
export function sortsFor(q: string | undefined): readonly CatalogSort[] {
  return q ? CATALOG_SORTS : CATALOG_SORTS.filter((sort) => sort !== "relevance");
}
export const SEARCH_MAX_LENGTH = 100;

/** A catalogue view, normalised (catalog-params.schema.ts reads it from a query string). */
export type CatalogParams = {
  q: string;
  brand?: string | undefined;
  category?: string | undefined;
  inStock: boolean;
  sort: CatalogSort;
  page: number;
};

/** The query string of a view, defaults left out so links stay short ("" for the plain catalogue). */
export function toCatalogSearch(params: Partial<CatalogParams>): string {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.brand) search.set("brand", params.brand);
  if (params.category) search.set("category", params.category);
  if (params.inStock) search.set("inStock", "true");
  if (params.sort && params.sort !== defaultSort(params.q) && sortsFor(params.q).includes(params.sort))
    search.set("sort", params.sort);
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
