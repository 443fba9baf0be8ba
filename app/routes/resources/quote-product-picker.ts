// The quote builder's product search, as JSON: the products a search finds first, each as the
// quote line it adds. Staff who may quote only.
import { SEARCH_MAX_LENGTH } from "~/modules/products/catalog-params";
import { quotingRoles } from "~/modules/quotes/access.server";
import { productPickerOptions } from "~/modules/quotes/product-picker.server";
import { requireRole } from "~/server/auth/guards.server";
import type { Route } from "./+types/quote-product-picker";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, await quotingRoles());
  const q = new URL(request.url).searchParams.get("q") ?? "";
  if (q.length > SEARCH_MAX_LENGTH)
    return Response.json({ error: "The search is too long." }, { status: 400 });
  return Response.json(await productPickerOptions(q));
}
