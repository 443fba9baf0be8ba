import { getSiteSeo } from "~/modules/seo/site.server";
import { renderRobots } from "~/modules/seo/sitemap";

export function loader() {
  return new Response(renderRobots(getSiteSeo()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
