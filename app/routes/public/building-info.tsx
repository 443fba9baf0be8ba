// /catalog/SLUG/building-information: a published product's building product information sheet
// and its current certificates, to read or print. 404 for an unknown or unpublished product and
// for one without a sheet.
import { isRouteErrorResponse } from "react-router";
import { PrintableSheet } from "~/components/site/building-info/printable-sheet";
import { NotFoundScreen, PageFailedScreen } from "~/components/site/product-page/not-found-screen";
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { getBuildingInfoSheetPage } from "~/modules/compliance/public.server";
import { sheetPathFor, sheetTitleFor } from "~/modules/compliance/public-text";
import { pageMeta, privatePageMeta, siteFromMatches } from "~/modules/seo/meta";
import { notFound } from "~/server/http/not-found";
import type { Route } from "./+types/building-info";

/** The same page for every anonymous visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

export async function loader({ params }: Route.LoaderArgs) {
  const page = await getBuildingInfoSheetPage(params.slug);
  if (!page) throw notFound();
  return { page };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return privatePageMeta("Page not found");
  const { product } = loaderData.page;
  return pageMeta(siteFromMatches(matches), {
    title: sheetTitleFor(product.name),
    description: `The building product information for ${product.name}: its classification, Building Code clauses, requirements and current certificates, from Trade Counter.`,
    path: sheetPathFor(product.slug),
  });
}

export default function BuildingInformation({ loaderData }: Route.ComponentProps) {
  return <PrintableSheet page={loaderData.page} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundScreen /> : <PageFailedScreen />;
}
