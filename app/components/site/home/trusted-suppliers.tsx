import {
  Award,
  BadgeCheck,
  HardHat,
  type IconComponent,
  Leaf,
  ShieldCheck,
  Warehouse,
} from "~/components/ui/sprite-icons";
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

// The suppliers we stock: the same fictional brands as the catalogue's demo data.
const SUPPLIERS: ReadonlyArray<{ name: string; tagline: string; colour: string }> = [
  { name: "Kauri Ridge Timber", tagline: "Framing & outdoor timber", colour: "#b45309" },
  { name: "Ironsand Roofing", tagline: "Roofing & flashings", colour: "#334155" },
  { name: "Coastline Cladding", tagline: "Weathertight cladding", colour: "#0f766e" },
  { name: "Fernleaf Insulation", tagline: "Warm, dry homes", colour: "#4d7c0f" },
  { name: "Hauraki Pro Tools", tagline: "Built for the trade", colour: "#c2410c" },
  { name: "Harbourside Hardware", tagline: "Marine-grade hardware", colour: "#1e3a5f" },
];

function initials(name: string) {
  return name
    .split(" ")
    .slice(0, 2)
    .map((word) => word[0])
    .join("");
}

/** Trusted suppliers and accreditation badges: a static band that builds confidence early. */
export function TrustedSuppliers() {
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
        <h3 className="mt-12 text-center font-semibold text-muted-foreground text-sm uppercase tracking-wider">
          Brands we supply
        </h3>
        <ul className="mt-6 grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-3">
          {SUPPLIERS.map((supplier) => (
            <li key={supplier.name} className="supplier">
              <span aria-hidden className="supplier-mark" style={{ backgroundColor: supplier.colour }}>
                {initials(supplier.name)}
              </span>
              <span className="grid min-w-0">
                <span className="font-semibold text-sm">{supplier.name}</span>
                <span className="text-muted-foreground text-xs">{supplier.tagline}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
