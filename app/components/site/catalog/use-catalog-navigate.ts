import { useNavigate } from "react-router";
import { type CatalogParams, toCatalogSearch } from "~/modules/products/catalog-params";

/**
 * With JavaScript, filter forms navigate to a tidy URL (no empty or default fields) and keep the
 * scroll position; without it they are plain GET forms and the server tidies up.
 */
export function useCatalogNavigate() {
  const navigate = useNavigate();
  return function goTo(params: Partial<CatalogParams>, options: { preventScrollReset?: boolean } = {}) {
    // A new search or filter always starts at page 1.
    navigate(`/catalog${toCatalogSearch({ ...params, page: undefined })}`, {
      preventScrollReset: options.preventScrollReset ?? true,
    });
  };
}
