import { getSiteSeo } from "~/modules/seo/site.server";
import { renderSitemap } from "~/modules/seo/sitemap";
import { getSitemapEntries } from "~/modules/seo/sitemap.server";

export async function loader() {
  const xml = renderSitemap(getSiteSeo(), await getSitemapEntries());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
