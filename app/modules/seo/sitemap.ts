// /sitemap.xml and /robots.txt as text: pure, so tests read exactly what search engines get.
import { absoluteUrl, type SiteSeo } from "./meta";

export type SitemapEntry = { path: string; lastmod?: Date | null };

/** The public pages that are not made from rows. */
export const STATIC_PAGES = [
  "/",
  "/catalog",
  "/case-study",
  "/certifications",
  "/terms-conditions",
  "/contact",
  "/privacy",
] as const;

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

export function escapeXml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export function renderSitemap(site: SiteSeo, entries: SitemapEntry[]) {
  const urls = entries.slice(0, SITEMAP_MAX_URLS).map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
    return `  <url><loc>${escapeXml(absoluteUrl(site, entry.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** The index of a sitemap in parts: /sitemap.xml?part=1 … ?part=`parts`. */
export function renderSitemapIndex(site: SiteSeo, parts: number) {
  const entries = Array.from(
    { length: parts },
    (_, i) => `  <sitemap><loc>${escapeXml(absoluteUrl(site, `/sitemap.xml?part=${i + 1}`))}</loc></sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</sitemapindex>",
    "",
  ].join("\n");
}

/** Crawlers keep out of the back office and sign-in; with indexing off, out of everything. */
export function renderRobots(site: SiteSeo) {
  if (!site.allowIndexing) return "User-agent: *\nDisallow: /\n";
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /auth",
    "",
    `Sitemap: ${absoluteUrl(site, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
