import { CategoryNav } from "~/components/site/case-studies/category-nav";
import { CertificationCard } from "~/components/site/certifications/certification-card";
import { PageHero } from "~/components/site/page-hero";
import { FileSearch } from "~/components/ui/sprite-icons";
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { getCertificationsPage } from "~/modules/certifications/queries.server";
import { pageMeta, siteFromMatches } from "~/modules/seo/meta";
import type { Route } from "./+types/certifications";

/** The same page for every anonymous visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

const BASE_PATH = "/certifications";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const category = loaderData?.activeCategory?.name;
  return pageMeta(siteFromMatches(matches), {
    title: category ? `${category} | Certifications` : "Certifications",
    description:
      "Product certifications, quality and health and safety documents for the building supplies Trade Counter sells in New Zealand. View or download them here.",
    path: category ? `/certifications?category=${encodeURIComponent(category)}` : "/certifications",
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  return getCertificationsPage({ category: new URL(request.url).searchParams.get("category") });
}

export default function Certifications({ loaderData }: Route.ComponentProps) {
  const { categories, activeCategory, certifications } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Quality you can check"
        title="Certifications"
        subtitle="Compliance certificates, quality management and health and safety documents for the products we supply."
      />
      <div className="container mx-auto px-4 py-12">
        <CategoryNav
          basePath={BASE_PATH}
          categories={categories}
          activeName={activeCategory?.name ?? null}
          label="Certification categories"
          phones="tabs"
        />
        {certifications.length === 0 ? (
          <div className="mx-auto grid max-w-md justify-items-center gap-4 py-16 text-center">
            <FileSearch aria-hidden className="size-12 text-muted-foreground" />
            <p className="text-lg text-muted-foreground">
              {activeCategory
                ? "No certifications found for the selected category."
                : "No certifications available at this time."}
            </p>
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {certifications.map((certification, index) => (
              <li key={certification.id} className="flex">
                <CertificationCard certification={certification} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
