// The quick view's details of one published product, as JSON: the catalogue's page data carries
// only what its cards show, and the quick view asks for the description when it opens.
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { getQuickViewDetails } from "~/modules/products/page.server";
import type { Route } from "./+types/product-details";

/** The same answer for every visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

export async function loader({ params }: Route.LoaderArgs) {
  const details = await getQuickViewDetails(params.slug);
  return Response.json(details, { status: details ? 200 : 404 });
}
