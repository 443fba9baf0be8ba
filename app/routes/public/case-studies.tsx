import { useEffect } from "react";
import {
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
} from "react-router";
import { CaseStudyCard } from "~/components/site/case-studies/case-study-card";
import { CaseStudyDetailsSection, CaseStudyDialog } from "~/components/site/case-studies/case-study-details";
import {
  CaseStudiesEmpty,
  CaseStudiesError,
  CaseStudyGridSkeleton,
  GetInTouch,
} from "~/components/site/case-studies/case-study-states";
import { CategoryNav } from "~/components/site/case-studies/category-nav";
import { PageHero } from "~/components/site/page-hero";
import { toast } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { getCaseStudiesPage } from "~/modules/case-studies/queries.server";
import { pageMeta, siteFromMatches } from "~/modules/seo/meta";
import type { Route } from "./+types/case-studies";

/** The same page for every anonymous visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

const BASE_PATH = "/case-study";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const category = loaderData?.activeCategory?.name;
  return pageMeta(siteFromMatches(matches), {
    title: category ? `${category} | Case Studies` : "Case Studies",
    description:
      "Homes, commercial builds and renovations around New Zealand supplied by Trade Counter: the challenge, the materials we supplied and the result.",
    // The ?study= dialog is a view of this page; the study's own page is /case-study/SLUG.
    path: category ? `/case-study?category=${encodeURIComponent(category)}` : "/case-study",
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return getCaseStudiesPage({
    category: url.searchParams.get("category"),
    study: url.searchParams.get("study"),
  });
}

function withoutStudy(search: string) {
  const params = new URLSearchParams(search);
  params.delete("study");
  return params.toString();
}

// Opening or closing a case study only changes ?study=: the list on screen already holds it.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const onlyStudyChanged =
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get("study") !== nextUrl.searchParams.get("study") &&
    withoutStudy(currentUrl.search) === withoutStudy(nextUrl.search);
  return onlyStudyChanged ? false : defaultShouldRevalidate;
}

function hrefWithStudy(search: string, id: string | null) {
  const params = new URLSearchParams(search);
  params.delete("study");
  if (id) params.set("study", id);
  const query = params.toString();
  return `${BASE_PATH}${query ? `?${query}` : ""}`;
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { categories, activeCategory, caseStudies, selected, failed } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();

  useEffect(() => {
    if (failed) toast.error("Failed to load case studies");
  }, [failed]);

  const studyId = searchParams.get("study");
  const study = studyId
    ? (caseStudies.find((s) => s.id === studyId) ?? (selected?.id === studyId ? selected : null))
    : null;
  const closeHref = hrefWithStudy(location.search, null);
  // Skeletons only while another category loads, not while a dialog opens or closes.
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === BASE_PATH &&
    withoutStudy(navigation.location.search) !== withoutStudy(location.search);

  function closeStudy() {
    if ((location.state as { openedFromList?: boolean } | null)?.openedFromList) navigate(-1);
    else navigate(closeHref, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <PageHero
        eyebrow="Our work"
        title="Case Studies"
        subtitle="Real projects from around New Zealand: the challenge on site, the materials we supplied and how the job turned out."
      />
      <div className="container mx-auto px-4 py-12">
        <CategoryNav
          basePath={BASE_PATH}
          categories={categories}
          activeName={activeCategory?.name ?? null}
          label="Case study categories"
          phones="dropdown"
        />
        {!hydrated && study && <CaseStudyDetailsSection study={study} closeHref={closeHref} />}
        {failed ? (
          <CaseStudiesError basePath={BASE_PATH} category={searchParams.get("category")} />
        ) : loading ? (
          <CaseStudyGridSkeleton />
        ) : caseStudies.length === 0 ? (
          <CaseStudiesEmpty basePath={BASE_PATH} categoryName={activeCategory?.name ?? null} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {caseStudies.map((item, index) => (
              <li key={item.id} className="flex">
                <CaseStudyCard
                  study={item}
                  detailsHref={`${hrefWithStudy(location.search, item.id)}#case-study-details`}
                  priority={index === 0}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <GetInTouch />
      {hydrated && <CaseStudyDialog study={study} onClose={closeStudy} />}
    </>
  );
}
