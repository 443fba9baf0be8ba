// Every address worth indexing, from the database: the static pages, the published products and
// the case studies, each row with its last change.
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { caseStudies, products } from "~/server/db/schema";
import { SITEMAP_MAX_URLS, type SitemapEntry, STATIC_PAGES } from "./sitemap";

export async function getSitemapEntries(): Promise<SitemapEntry[]> {
  const [productRows, studyRows] = await Promise.all([
    getDb()
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.isPublished, true))
      .orderBy(asc(products.slug))
      .limit(SITEMAP_MAX_URLS),
    getDb()
      .select({ slug: caseStudies.slug, updatedAt: caseStudies.updatedAt })
      .from(caseStudies)
      .orderBy(asc(caseStudies.slug))
      .limit(SITEMAP_MAX_URLS),
  ]);
  return [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...studyRows.map((row) => ({ path: `/case-study/${row.slug}`, lastmod: row.updatedAt })),
    ...productRows.map((row) => ({ path: `/catalog/${row.slug}`, lastmod: row.updatedAt })),
  ];
}
