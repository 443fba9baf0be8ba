import { useLoaderData, useRouteLoaderData } from "react-router";
import { QuickEnquiryForm } from "~/components/site/enquiry/quick-enquiry-form";
import { CatalogBanner } from "~/components/site/home/catalog-banner";
import { CategoryTiles } from "~/components/site/home/category-tiles";
import { CustomerReviews } from "~/components/site/home/customer-reviews";
import { FeaturedProducts } from "~/components/site/home/featured-products";
import { GetInTouch } from "~/components/site/home/get-in-touch";
import { HeroCarousel } from "~/components/site/home/hero-carousel";
import { PartnerLogos } from "~/components/site/home/partner-logos";
import { Reveal } from "~/components/site/home/reveal";
import { TrustedSuppliers } from "~/components/site/home/trusted-suppliers";
import { getHomeContent } from "~/modules/content/home.server";
import { enquiryHeaders, quickEnquiryAction } from "~/modules/enquiries/actions.server";
import { issueFormToken } from "~/modules/enquiries/spam.server";
import { clientIpContext } from "~/server/security/request-context";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout";

export async function loader() {
  return { ...(await getHomeContent()), formToken: issueFormToken() };
}

export async function action(args: Route.ActionArgs) {
  return quickEnquiryAction(args.request, { clientIp: args.context.get(clientIpContext) });
}

export function headers(args: Route.HeadersArgs) {
  return enquiryHeaders(args);
}

export default function Home() {
  const home = useLoaderData<typeof loader>();
  const contact = useRouteLoaderData<typeof layoutLoader>("routes/public/layout")?.contact ?? null;
  return (
    <>
      <HeroCarousel slides={home.heroSlides} background={home.heroBackground} />
      <Reveal>
        <TrustedSuppliers />
      </Reveal>
      <Reveal>
        <CategoryTiles tiles={home.categories} />
      </Reveal>
      {home.catalogBanner && (
        <Reveal>
          <CatalogBanner banner={home.catalogBanner} />
        </Reveal>
      )}
      {home.featuredProducts.length > 0 && (
        <Reveal>
          <FeaturedProducts products={home.featuredProducts} />
        </Reveal>
      )}
      <Reveal>
        <CustomerReviews title={home.reviewsTitle} reviews={home.reviews} />
      </Reveal>
      <Reveal>
        <PartnerLogos />
      </Reveal>
      <Reveal>
        <GetInTouch contact={contact}>
          <QuickEnquiryForm formToken={home.formToken} />
        </GetInTouch>
      </Reveal>
    </>
  );
}
