// The home page's sections below the hero, hydrated on their own after the rest (see
// sections-on-demand.tsx): content and links, and 'Get In Touch' with the quick enquiry form.
import type { ContactInfo } from "~/modules/content/contact-info";
import { QuickEnquiryForm } from "../enquiry/quick-enquiry-form";
import { GetInTouch } from "./get-in-touch";

export { CatalogBanner } from "./catalog-banner";
export { CategoryTiles } from "./category-tiles";
export { CustomerReviews } from "./customer-reviews";
export { FeaturedProducts } from "./featured-products";
export { PartnerLogos } from "./partner-logos";
export { TrustedSuppliers } from "./trusted-suppliers";

export function GetInTouchSection({
  contact,
  formToken,
}: {
  contact: ContactInfo | null;
  formToken: string;
}) {
  return (
    <GetInTouch contact={contact}>
      <QuickEnquiryForm formToken={formToken} />
    </GetInTouch>
  );
}
