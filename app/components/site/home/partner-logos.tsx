import {
  Building2,
  DraftingCompass,
  HardHat,
  House,
  type IconComponent,
  PaintRoller,
  Truck,
} from "~/components/ui/sprite-icons";
import { SectionHeading } from "./section-heading";

// Fictional partners, drawn as simple wordmarks: no real company's name or logo.
const PARTNERS: ReadonlyArray<{ name: string; kind: string; icon: IconComponent }> = [
  { name: "Tasman Homes", kind: "Residential builder", icon: House },
  { name: "Harbour Line Architects", kind: "Architecture", icon: DraftingCompass },
  { name: "Southern Cross Construction", kind: "Commercial builder", icon: Building2 },
  { name: "Waitematā Site Services", kind: "Site preparation", icon: HardHat },
  { name: "Kōwhai Painters", kind: "Painting & decorating", icon: PaintRoller },
  { name: "Northern Freight Co.", kind: "Delivery partner", icon: Truck },
];

/** Partner logos under 'We also work with': a static, built-in list. */
export function PartnerLogos() {
  return (
    <section aria-labelledby="partners-heading" data-testid="partners" className="border-y bg-muted/60 py-14">
      <div className="container mx-auto px-4">
        <SectionHeading id="partners-heading" title="We also work with" />
        <ul className="mt-10 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-6">
          {PARTNERS.map(({ name, kind, icon: Icon }) => (
            <li key={name} className="partner">
              <Icon aria-hidden className="size-7 shrink-0 text-stone-600" />
              <span className="grid min-w-0">
                <span className="font-bold text-sm leading-tight">{name}</span>
                <span className="text-muted-foreground text-xs">{kind}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
