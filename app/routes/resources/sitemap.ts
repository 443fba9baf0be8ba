import { sitemapResponse } from "~/modules/seo/sitemap.server";
import type { Route } from "./+types/sitemap";

export function loader({ request }: Route.LoaderArgs) {
  return sitemapResponse(new URL(request.url));
}
