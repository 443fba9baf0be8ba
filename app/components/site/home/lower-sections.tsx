// The home page's sections that are hydrated on their own, after the rest (see
// sections-on-demand.tsx): static content, and 'Get In Touch' with the quick enquiry form.
import type { ContactInfo } from "~/modules/content/contact-info";
import { QuickEnquiryForm } from "../enquiry/quick-enquiry-form";
import { GetInTouch } from "./get-in-touch";

export { CustomerReviews } from "./customer-reviews";
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
