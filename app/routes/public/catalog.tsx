import { useEffect } from "react";
import { redirect, type ShouldRevalidateFunctionArgs, useLoaderData } from "react-router";
import { BargainsStrip } from "~/components/site/catalog/bargains-strip";
import { CatalogFilters } from "~/components/site/catalog/catalog-filters";
import { CatalogHero } from "~/components/site/catalog/catalog-hero";
import { CatalogPager } from "~/components/site/catalog/catalog-pager";
import { CatalogResults, describeRange } from "~/components/site/catalog/catalog-results";
import { MobileFilters } from "~/components/site/catalog/mobile-filters";
import { DidYouMean } from "~/components/site/catalog/search-help";
import { JsonLd, usePublicSite } from "~/components/site/json-ld";
import { toast } from "~/components/ui/toast";
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { toProductCard } from "~/modules/products/card";
import { correctedCatalogSearch, parseCatalogParams } from "~/modules/products/catalog-params.schema";
import { getCatalogView } from "~/modules/products/queries.server";
import { countSearch } from "~/modules/search/search-log.server";
import { breadcrumbJsonLd } from "~/modules/seo/json-ld";
import { pageMeta, siteFromMatches } from "~/modules/seo/meta";
import type { Route } from "./+types/catalog";

/** The same page for every anonymous visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const params = loaderData?.params;
  const filtered = Boolean(
    params && (params.q || params.brand || params.category || params.inStock || params.sort !== "name"),
  );
  const page = params?.page ?? 1;
  // A filtered or re-sorted view is the catalogue seen another way: its canonical page is
  // /catalog. The plain listing's further pages are pages of their own.
  const own = !filtered && page > 1;
  return pageMeta(siteFromMatches(matches), {
    title: own ? `Product Catalogue | Page ${page}` : "Product Catalogue",
    description:
      "Browse timber, roofing, cladding, insulation, tools and hardware from Trade Counter. Filter by brand and category, then enquire for trade pricing.",
    path: own ? `/catalog?page=${page}` : "/catalog",
  });
}

const CATALOG_CRUMBS = [
  { name: "Home", path: "/" },
  { name: "Catalogue", path: "/catalog" },
];

// Filtering, sorting, search and paging all happen here, from the URL: every view is a link.
export async function loader({ request }: Route.LoaderArgs) {
  const params = parseCatalogParams(new URL(request.url).searchParams);
  const view = await getCatalogView(params);
  // The address names no brand or category the page does not show (a brand change can set the
  // chosen category aside), with JavaScript or without.
  const corrected = correctedCatalogSearch(params, view.params, view.categories);
  if (corrected !== null) throw redirect(`/catalog${corrected}`);
  // A search's first page counts in the search log (never waited for; no visitor data).
  // A page asked for past the end shows the last; only page 1 as asked for is a new search.
  if (params.q && params.page === 1 && !view.failed) countSearch(params.q, view.total);
  // The page's data carries what the cards draw; the quick view fetches the rest when opened.
  return { ...view, products: view.products.map(toProductCard), bargains: view.bargains.map(toProductCard) };
}

// A post from the page (adding to the quote list) changes nothing this loader reads: the listing
// is not searched again, nor counted again in the search log. The header's count has its own loader.
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET" && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export default function CatalogPage() {
  const view = useLoaderData<typeof loader>();
  const { params, failed } = view;
  const { site } = usePublicSite();

  useEffect(() => {
    if (failed) toast.error("Error", { description: "Failed to load products. Please try again." });
  }, [failed]);

  return (
    <div>
      <JsonLd data={breadcrumbJsonLd(site, CATALOG_CRUMBS)} />
      <CatalogHero params={params} />
      <div className="container mx-auto flex flex-col gap-8 px-4 py-10 md:flex-row">
        {/* On small screens the sheet holds the filters; without JavaScript this panel shows instead. */}
        <aside aria-labelledby="filters-heading" className="hidden shrink-0 md:block md:w-60 noscript:block">
          <h2 id="filters-heading" className="mb-4 font-semibold text-lg">
            Filters
          </h2>
          <CatalogFilters
            idPrefix="panel"
            params={params}
            brands={view.brands}
            categories={view.categories}
          />
        </aside>
        <section aria-labelledby="products-heading" data-testid="catalog-results" className="min-w-0 flex-1">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 id="products-heading" className="font-semibold text-lg">
                {params.category ?? "All products"}
                {params.q ? (
                  <span className="font-normal text-muted-foreground"> matching “{params.q}”</span>
                ) : null}
              </h2>
              {failed ? null : (
                <p className="text-muted-foreground text-sm" aria-live="polite">
                  {describeRange(params, view.products.length, view.total)}
                </p>
              )}
            </div>
            <MobileFilters
              params={params}
              brands={view.brands}
              categories={view.categories}
              total={view.total}
            />
          </div>
          {view.suggestion ? <DidYouMean params={params} suggestion={view.suggestion} /> : null}
          <CatalogResults products={view.products} failed={failed} params={params} help={view.help} />
          <CatalogPager params={params} totalPages={view.totalPages} />
        </section>
      </div>
      <BargainsStrip products={view.bargains} />
    </div>
  );
}
