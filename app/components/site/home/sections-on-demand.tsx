// Home page sections out of the page's first load. The server renders them whole; in the browser
// React leaves that HTML as it is (visible, its links working and the quick form posting without
// JavaScript) while their code arrives, then hydrates them, so nothing moves. On a navigation to
// the page, the home route's clientLoader waits for the code (loadLowerSections), so they never
// render empty.
import { type ComponentType, lazy, Suspense } from "react";
import type * as Sections from "./lower-sections";

export const loadLowerSections = () => import("./lower-sections");

function onDemand<Props extends object>(pick: (module: typeof Sections) => ComponentType<Props>) {
  const Section = lazy(() => loadLowerSections().then((module) => ({ default: pick(module) })));
  return function SectionOnDemand(props: Props) {
    return (
      <Suspense fallback={null}>
        <Section {...props} />
      </Suspense>
    );
  };
}

export const TrustedSuppliers = onDemand((module) => module.TrustedSuppliers);
export const CategoryTiles = onDemand((module) => module.CategoryTiles);
export const CatalogBanner = onDemand((module) => module.CatalogBanner);
export const FeaturedProducts = onDemand((module) => module.FeaturedProducts);
export const CustomerReviews = onDemand((module) => module.CustomerReviews);
export const PartnerLogos = onDemand((module) => module.PartnerLogos);
export const GetInTouchSection = onDemand((module) => module.GetInTouchSection);
