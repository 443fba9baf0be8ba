import { isRouteErrorResponse, redirect } from "react-router";
import { CaseStudyArticle } from "~/components/site/case-studies/case-study-article";
import { GetInTouch } from "~/components/site/case-studies/case-study-states";
import { JsonLd, usePublicSite } from "~/components/site/json-ld";
import { Breadcrumbs } from "~/components/site/product-page/breadcrumbs";
import { NotFoundScreen, PageFailedScreen } from "~/components/site/product-page/not-found-screen";
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { getCaseStudyPage } from "~/modules/case-studies/page.server";
import type { PublicCaseStudy } from "~/modules/case-studies/queries.server";
import { breadcrumbJsonLd, type Crumb } from "~/modules/seo/json-ld";
import { pageMeta, privatePageMeta, siteFromMatches, socialImageFor, summarize } from "~/modules/seo/meta";
import { notFound } from "~/server/http/not-found";
import type { Route } from "./+types/case-study";

/** The same page for every anonymous visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

// One case study by slug; an old slug (before a retitle) moves for good to the current one.
export async function loader({ params }: Route.LoaderArgs) {
  const result = await getCaseStudyPage(params.slug);
  if (result.kind === "moved") throw redirect(`/case-study/${result.slug}`, 301);
  if (result.kind === "not-found") throw notFound();
  return { study: result.study };
}

function describeStudy(study: PublicCaseStudy) {
  const text = [study.challenge, study.solution, study.result].find(Boolean);
  if (text) return summarize(text);
  return `${study.title}: a project supplied by Trade Counter, New Zealand building supplies.`;
}

function crumbsFor(study: PublicCaseStudy): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: "Case Studies", path: "/case-study" },
    { name: study.title, path: `/case-study/${study.slug}` },
  ];
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return privatePageMeta("Page not found");
  const { study } = loaderData;
  return pageMeta(siteFromMatches(matches), {
    title: `${study.title} | Case Studies`,
    description: describeStudy(study),
    path: `/case-study/${study.slug}`,
    image: socialImageFor(study.asset, study.title),
    type: "article",
  });
}

export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  const { study } = loaderData;
  const { site } = usePublicSite();
  const crumbs = crumbsFor(study);
  return (
    <>
      <JsonLd data={breadcrumbJsonLd(site, crumbs)} />
      <div className="container mx-auto max-w-4xl px-4 py-8">
        <div className="mb-6">
          <Breadcrumbs crumbs={crumbs} />
        </div>
        <CaseStudyArticle study={study} />
      </div>
      <GetInTouch />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundScreen /> : <PageFailedScreen />;
}
