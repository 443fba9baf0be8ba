// The catalogue search box's suggestions, as JSON: the products and categories a search of the
// words so far would bring first (published products only, so the same for every visitor).
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { SEARCH_MAX_LENGTH } from "~/modules/products/catalog-params";
import { catalogueSuggestions } from "~/modules/products/suggest.server";
import type { Route } from "./+types/search-suggestions";

/** The same answer for every visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  if (q.length > SEARCH_MAX_LENGTH)
    return Response.json({ error: "The search is too long." }, { status: 400 });
  return Response.json(await catalogueSuggestions(q));
}
