// Every address worth indexing, from the database: the static pages, the case studies, the
// published products and the printable building information sheets of those with one, each row
// with its last change. Past 50,000 addresses (a sitemap file's
// limit) /sitemap.xml becomes an index of parts, /sitemap.xml?part=N, in the same order.
import { sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { getSiteSeo } from "./site.server";
import {
  renderSitemap,
  renderSitemapIndex,
  SITEMAP_MAX_URLS,
  type SitemapEntry,
  STATIC_PAGES,
} from "./sitemap";

/** How many addresses there are in all. */
export async function countSitemapEntries(): Promise<number> {
  const result = await getDb().execute<{ n: number }>(sql`
    select ((select count(*) from case_studies) + (select count(*) from products where is_published)
      + (select count(*) from products where is_published and building_info_id is not null))::int as n`);
  const [row] = (result as unknown as { rows: { n: number | string }[] }).rows;
  return STATIC_PAGES.length + Number(row?.n ?? 0);
}

/** The addresses of part `part` (from 1), `size` a part. */
export async function getSitemapEntries(part = 1, size = SITEMAP_MAX_URLS): Promise<SitemapEntry[]> {
  const start = (part - 1) * size;
  const staticEntries = STATIC_PAGES.slice(start, start + size).map((path) => ({ path }));
  const limit = size - staticEntries.length;
  if (limit <= 0) return staticEntries;
  const offset = Math.max(0, start - STATIC_PAGES.length);
  const result = await getDb().execute<{ path: string; lastmod: string | Date }>(sql`
    select path, lastmod from (
      select 0 as kind, slug, '/case-study/' || slug as path, updated_at as lastmod from case_studies
      union all
      select 1, slug, '/catalog/' || slug, updated_at from products where is_published
      union all
      select 2, p.slug, '/catalog/' || p.slug || '/building-information', greatest(p.updated_at, s.updated_at)
      from products p join building_info_sheets s on s.id = p.building_info_id where p.is_published
    ) entries
    order by kind, slug
    limit ${limit} offset ${offset}`);
  const rows = (result as unknown as { rows: { path: string; lastmod: string | Date }[] }).rows;
  return [...staticEntries, ...rows.map((row) => ({ path: row.path, lastmod: new Date(row.lastmod) }))];
}

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=300",
};

/**
 * The answer to /sitemap.xml: every address, or past `size` (50,000) of them an index of
 * /sitemap.xml?part=N; a part that does not exist is a 404.
 */
export async function sitemapResponse(url: URL, size = SITEMAP_MAX_URLS) {
  const site = getSiteSeo();
  const parts = Math.max(1, Math.ceil((await countSitemapEntries()) / size));
  const partParam = url.searchParams.get("part");
  if (partParam === null) {
    const xml =
      parts === 1 ? renderSitemap(site, await getSitemapEntries(1, size)) : renderSitemapIndex(site, parts);
    return new Response(xml, { headers: XML_HEADERS });
  }
  const part = /^[1-9]\d{0,5}$/.test(partParam) ? Number(partParam) : 0;
  if (part < 1 || part > parts) {
    return new Response("No such sitemap part", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  return new Response(renderSitemap(site, await getSitemapEntries(part, size)), { headers: XML_HEADERS });
}
