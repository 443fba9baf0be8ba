import {
  Award,
  BadgeCheck,
  HardHat,
  type IconComponent,
  Leaf,
  ShieldCheck,
  Warehouse,
} from "~/components/ui/sprite-icons";
import type { SupplierBrand } from "~/modules/content/home.server";
import { BrandLogo } from "./brand-logo";
import { SectionHeading } from "./section-heading";

// Built-in and fictional: marks that read as local accreditations without using anyone's trademark.
const ACCREDITATIONS: ReadonlyArray<{ label: string; detail: string; icon: IconComponent }> = [
  {
    label: "NZ Building Code Compliant",
    detail: "Products with current compliance documents",
    icon: ShieldCheck,
  },
  { label: "Registered Trade Supplier", detail: "Trade accounts for licensed builders", icon: BadgeCheck },
  { label: "Site Safety Accredited", detail: "Audited yard and delivery practices", icon: HardHat },
  { label: "ISO 9001 Quality Managed", detail: "Documented sourcing and stock checks", icon: Award },
  { label: "Responsibly Sourced Timber", detail: "Plantation-grown, chain-of-custody timber", icon: Leaf },
  {
    label: "Locally Owned & Operated",
    detail: "An Auckland yard serving the whole country",
    icon: Warehouse,
  },
];

/**
 * Trusted suppliers and accreditation badges, a band that builds confidence early: the
 * accreditations are built in; the suppliers are the active brands, each shown by its logo.
 */
export function TrustedSuppliers({ brands }: { brands: SupplierBrand[] }) {
  return (
    <section
      aria-labelledby="trusted-heading"
      data-testid="trusted-suppliers"
      className="border-b bg-muted/60 py-14"
    >
      <div className="container mx-auto px-4">
        <SectionHeading
          id="trusted-heading"
          title="Trusted Suppliers & Accreditations"
          description="We stock proven New Zealand brands and hold ourselves to the standards the trade expects."
        />
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-6">
          {ACCREDITATIONS.map(({ label, detail, icon: Icon }) => (
            <li key={label} className="accreditation">
              <span className="accreditation-icon">
                <Icon aria-hidden className="size-6" />
              </span>
              <span className="grid gap-1">
                <span className="font-semibold text-sm leading-snug">{label}</span>
                <span className="text-muted-foreground text-xs">{detail}</span>
              </span>
            </li>
          ))}
        </ul>
        {brands.length > 0 && (
          <>
            <h3 className="mt-12 text-center font-semibold text-muted-foreground text-sm uppercase tracking-wider">
              Brands we supply
            </h3>
            <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
              {brands.map((brand) => (
                <li key={brand.id} className="logo-tile">
                  <BrandLogo brand={brand} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
