import { getSiteSeo } from "~/modules/seo/site.server";
import { renderSitemap, renderSitemapIndex, SITEMAP_MAX_URLS } from "~/modules/seo/sitemap";
import { countSitemapEntries, getSitemapEntries } from "~/modules/seo/sitemap.server";
import type { Route } from "./+types/sitemap";

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=300",
};

/**
 * /sitemap.xml: every address, or past 50,000 of them an index of /sitemap.xml?part=N.
 * `size` is the part size (tests use a small one).
 */
export async function sitemapResponse(url: URL, size = SITEMAP_MAX_URLS) {
  const site = getSiteSeo();
  const parts = Math.max(1, Math.ceil((await countSitemapEntries()) / size));
  const partParam = url.searchParams.get("part");
  if (partParam === null) {
    if (parts === 1)
      return new Response(renderSitemap(site, await getSitemapEntries(1, size)), { headers: XML_HEADERS });
    return new Response(renderSitemapIndex(site, parts), { headers: XML_HEADERS });
  }
  const part = /^[1-9]\d{0,5}$/.test(partParam) ? Number(partParam) : 0;
  if (part < 1 || part > parts) {
    return new Response("No such sitemap part", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  return new Response(renderSitemap(site, await getSitemapEntries(part, size)), { headers: XML_HEADERS });
}

export function loader({ request }: Route.LoaderArgs) {
  return sitemapResponse(new URL(request.url));
}
