// What Catalog Management's list is narrowed to, read from its address: the search (q) and the
// building-information filter (building=missing keeps the published products the dashboard counts
// as missing it). The list and its export read it the same way.
import { parseListParams } from "~/lib/list-params";

export type BuildingFilter = "missing" | "";

export type AdminProductFilter = { q: string; building?: BuildingFilter };

export function readAdminProductFilter(url: URL): AdminProductFilter {
  return {
    q: parseListParams(url).q,
    building: url.searchParams.get("building") === "missing" ? "missing" : "",
  };
}

/** The filter as a query string ("q=pine&building=missing"; "" for the whole list). */
export function toAdminProductSearch(filter: AdminProductFilter) {
  const search = new URLSearchParams();
  if (filter.q) search.set("q", filter.q);
  if (filter.building) search.set("building", filter.building);
  return search.toString();
}
