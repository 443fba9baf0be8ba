// Building information sheets live in the catalogue (/admin/catalog/building-information): an
// address from before, bookmarked or linked, is sent to its new one for good (301), query kept.
// Staff only, like the page it leads to; anyone else meets the admin area's own answer first.
import { redirect } from "react-router";
import { requireStaff } from "~/server/auth/guards.server";
import type { Route } from "./+types/building-information-moved";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const rest = params["*"] ? `/${encodeURIComponent(params["*"])}` : "";
  throw redirect(`/admin/catalog/building-information${rest}${new URL(request.url).search}`, 301);
}
