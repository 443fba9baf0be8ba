import harbourLine from "./partners/harbour-line-architects.svg?no-inline";
import kowhai from "./partners/kowhai-painters.svg?no-inline";
import northernFreight from "./partners/northern-freight.svg?no-inline";
import southernCross from "./partners/southern-cross-construction.svg?no-inline";
import tasmanHomes from "./partners/tasman-homes.svg?no-inline";
import waitemata from "./partners/waitemata-site-services.svg?no-inline";
import { SectionHeading } from "./section-heading";

// Fictional partners with logos drawn for this site: no real company's name or mark. Each file is
// its own asset (never inlined), so the page's HTML stays small and browsers keep them cached.
const PARTNERS: ReadonlyArray<{ name: string; logo: string }> = [
  { name: "Tasman Homes", logo: tasmanHomes },
  { name: "Harbour Line Architects", logo: harbourLine },
  { name: "Southern Cross Construction", logo: southernCross },
  { name: "Waitematā Site Services", logo: waitemata },
  { name: "Kōwhai Painters", logo: kowhai },
  { name: "Northern Freight Co.", logo: northernFreight },
];

/** Partner logos under 'We also work with': a built-in list. */
export function PartnerLogos() {
  return (
    <section aria-labelledby="partners-heading" data-testid="partners" className="border-y bg-muted/60 py-14">
      <div className="container mx-auto px-4">
        <SectionHeading id="partners-heading" title="We also work with" />
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-6">
          {PARTNERS.map(({ name, logo }) => (
            <li key={name} className="logo-tile">
              <img
                src={logo}
                alt={name}
                width={320}
                height={120}
                loading="lazy"
                decoding="async"
                className="logo-tile-image"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
