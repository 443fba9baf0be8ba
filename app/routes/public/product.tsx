import { isRouteErrorResponse, redirect } from "react-router";
import { BuildingInfoSection } from "~/components/site/building-info/building-info-section";
import { JsonLd, usePublicSite } from "~/components/site/json-ld";
import { Breadcrumbs } from "~/components/site/product-page/breadcrumbs";
import { NotFoundScreen, PageFailedScreen } from "~/components/site/product-page/not-found-screen";
import { ProductDetails } from "~/components/site/product-page/product-details";
import { RelatedProducts } from "~/components/site/product-page/related-products";
import { ConsentPackForm } from "~/components/site/quote-list/consent-pack-form";
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { SEARCHED_PARAM } from "~/lib/search-link";
import { getPublicBuildingInfo } from "~/modules/compliance/public.server";
import { getActiveJobChoices } from "~/modules/jobs/queries.server";
import { toProductCard } from "~/modules/products/card";
import { getProductPage, type ProductDetails as Product } from "~/modules/products/page.server";
import { countOpenedResult } from "~/modules/search/search-log.server";
import { breadcrumbJsonLd, type Crumb, productJsonLd } from "~/modules/seo/json-ld";
import { pageMeta, privatePageMeta, siteFromMatches, socialImageFor, summarize } from "~/modules/seo/meta";
import { getSessionUser } from "~/server/auth/guards.server";
import { notFound } from "~/server/http/not-found";
import type { Route } from "./+types/product";

/** The same page for every anonymous visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

// A published product by slug; an old slug (before a rename) moves for good to the current one.
export async function loader({ params, request }: Route.LoaderArgs) {
  const result = await getProductPage(params.slug);
  if (result.kind === "not-found") throw notFound();
  // Opened from a search's results: counted in the search log, then sent on to the product's own
  // address, so the page is cached and bookmarked under one address and counted once per click.
  const searched = new URL(request.url).searchParams.get(SEARCHED_PARAM);
  if (searched !== null) countOpenedResult(searched);
  if (result.kind === "moved") throw redirect(`/catalog/${result.slug}`, 301);
  if (searched !== null) throw redirect(`/catalog/${result.product.slug}`);
  const [buildingInfo, jobs] = await Promise.all([
    getPublicBuildingInfo(result.product.id),
    customerJobs(request),
  ]);
  return { product: result.product, related: result.related.map(toProductCard), buildingInfo, jobs };
}

/**
 * A signed-in customer's active jobs, for "Add to job"; null for anyone else. A signed-in browser
 * is never served from the page cache, so the cached page stays the same for every visitor.
 */
async function customerJobs(request: Request) {
  const user = await getSessionUser(request);
  return user?.role === "user" ? getActiveJobChoices(user.id) : null;
}

function describeProduct(product: Product) {
  const text = product.shortDescription || product.description;
  if (text) return summarize(text);
  const from = [
    product.brandName && `by ${product.brandName}`,
    product.categoryName && `in ${product.categoryName}`,
  ]
    .filter(Boolean)
    .join(" ");
  return `${product.name}${from ? ` ${from}` : ""} from Trade Counter, New Zealand building supplies. Contact us for trade pricing.`;
}

function crumbsFor(product: Product): Crumb[] {
  const crumbs: Crumb[] = [
    { name: "Home", path: "/" },
    { name: "Catalogue", path: "/catalog" },
  ];
  if (product.categoryName) {
    crumbs.push({
      name: product.categoryName,
      path: `/catalog?category=${encodeURIComponent(product.categoryName)}`,
    });
  }
  crumbs.push({ name: product.name, path: `/catalog/${product.slug}` });
  return crumbs;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return privatePageMeta("Page not found");
  const { product } = loaderData;
  return pageMeta(siteFromMatches(matches), {
    title: product.name,
    description: describeProduct(product),
    path: `/catalog/${product.slug}`,
    image: socialImageFor(product.asset, product.name),
    type: "product",
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related, buildingInfo, jobs } = loaderData;
  const { site } = usePublicSite();
  const crumbs = crumbsFor(product);
  return (
    <div className="container mx-auto px-4 py-8">
      <JsonLd data={[productJsonLd(site, product, buildingInfo), breadcrumbJsonLd(site, crumbs)]} />
      <div className="mb-6">
        <Breadcrumbs crumbs={crumbs} />
      </div>
      <ProductDetails product={product} jobs={jobs} />
      <BuildingInfoSection info={buildingInfo} slug={product.slug} />
      {buildingInfo.sheet || buildingInfo.certificates.length > 0 ? (
        <ConsentPackForm
          id="consent-pack"
          action={`/catalog/${product.slug}/consent-pack`}
          headingLevel={2}
          className="mt-6 scroll-mt-20"
          description="This product's building product information and current certificates as one PDF for your council, with a cover and an index. Name the job if you like; all fields are optional."
        />
      ) : null}
      <RelatedProducts products={related} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundScreen /> : <PageFailedScreen />;
}
