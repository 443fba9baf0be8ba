import { Suspense } from "react";
import { Await, useLoaderData, useRouteLoaderData } from "react-router";
import { FeaturedProductsSkeleton } from "~/components/site/home/featured-products-skeleton";
import { HeroCarousel } from "~/components/site/home/hero-carousel";
import { Reveal } from "~/components/site/home/reveal";
import {
  CatalogBanner,
  CategoryTiles,
  CustomerReviews,
  FeaturedProducts,
  GetInTouchSection,
  loadLowerSections,
  PartnerLogos,
  TrustedSuppliers,
} from "~/components/site/home/sections-on-demand";
import { JsonLd } from "~/components/site/json-ld";
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { getHomeContent, getHomeFeaturedProducts } from "~/modules/content/home.server";
import {
  enquiryHeaders,
  enquiryOf,
  enquiryReceived,
  QUICK_ENQUIRY,
  SEND_FAILED,
} from "~/modules/enquiries/actions.server";
import { receiveEnquiry } from "~/modules/enquiries/commands.server";
import { businessJsonLd } from "~/modules/seo/json-ld";
import { pageMeta, siteFromMatches } from "~/modules/seo/meta";
import { readForm } from "~/server/http/intake.server";
import { issueFormToken } from "~/server/security/form-token.server";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout";

/** The same page for every anonymous visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Building supplies for New Zealand builders | Trade Counter",
    description:
      "Timber, roofing, cladding, insulation, tools and hardware for builders and contractors. Contact us for trade pricing.",
    path: "/",
  });
}

export async function loader() {
  // Not awaited: a navigation to the page shows it with the featured section's placeholders while
  // the products stream in. The first HTML still holds them (entry.server waits for everything).
  const featuredProducts = getHomeFeaturedProducts();
  return { ...(await getHomeContent()), featuredProducts, formToken: issueFormToken() };
}

/** On a navigation to the page (not on its first load), the sections' code comes with the data. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadLowerSections()]);
  return data;
}

// The quick enquiry form: read and judged by the intake (spam rules included), stored by
// receiveEnquiry.
export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, QUICK_ENQUIRY);
  if (!form.ok) return form.response;
  const input = await enquiryOf("quick", form, args);
  const done = await form.run(receiveEnquiry, input, SEND_FAILED);
  if (!done.ok) return done.response;
  return enquiryReceived("quick", form, args, input);
}

export function headers(args: Route.HeadersArgs) {
  return enquiryHeaders(args);
}

export default function Home() {
  const home = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/public/layout");
  const contact = layout?.contact ?? null;
  return (
    <>
      {layout ? <JsonLd data={businessJsonLd(layout.site, layout.contact)} /> : null}
      <HeroCarousel slides={home.heroSlides} background={home.heroBackground} />
      <Reveal>
        <TrustedSuppliers brands={home.brands} />
      </Reveal>
      <Reveal>
        <CategoryTiles tiles={home.categories} />
      </Reveal>
      {home.catalogBanner && (
        <Reveal>
          <CatalogBanner banner={home.catalogBanner} />
        </Reveal>
      )}
      <Suspense fallback={<FeaturedProductsSkeleton />}>
        {/* The section is left out when there are no featured products (or they failed to arrive). */}
        <Await resolve={home.featuredProducts} errorElement={<NoSection />}>
          {(products) =>
            products.length > 0 && (
              <Reveal>
                <FeaturedProducts products={products} />
              </Reveal>
            )
          }
        </Await>
      </Suspense>
      <Reveal>
        <CustomerReviews title={home.reviewsTitle} reviews={home.reviews} />
      </Reveal>
      <Reveal>
        <PartnerLogos />
      </Reveal>
      <Reveal>
        <GetInTouchSection contact={contact} formToken={home.formToken} />
      </Reveal>
    </>
  );
}

function NoSection() {
  return null;
}
