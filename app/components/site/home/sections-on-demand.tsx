// Home page sections out of the page's first script: their code is a chunk of its own. The server
// renders them whole. In the browser that chunk is asked for as soon as this module runs (before
// hydration), and a section whose code is there renders it directly, so the page hydrates in one
// pass with it. On a navigation to the page, the home route's clientLoader waits for the code
// (loadLowerSections), so they never render empty.
//
// No Suspense boundary of their own: React hydrates a boundary's content in a later pass of its
// own, and a router update that reached a boundary not hydrated yet (a tap on "Get Started Today"
// is a hash navigation) made React drop the server's HTML and render the boundary anew. The page
// shrank, the jump to #contact found no target and was sent to the top, and everything below moved.
import { type ComponentType, lazy, useState } from "react";
import type * as Sections from "./lower-sections";

let loaded: typeof Sections | undefined;

export const loadLowerSections = () =>
  import("./lower-sections").then((module) => {
    loaded = module;
    return module;
  });

if (typeof document !== "undefined") void loadLowerSections();

function onDemand<Props extends object>(pick: (module: typeof Sections) => ComponentType<Props>) {
  const Section = lazy(() => loadLowerSections().then((module) => ({ default: pick(module) })));
  return function SectionOnDemand(props: Props) {
    // Chosen once: a section's component never changes type under it (that would remount it).
    const [Loaded] = useState(() => (loaded ? pick(loaded) : Section));
    return <Loaded {...props} />;
  };
}

export const TrustedSuppliers = onDemand((module) => module.TrustedSuppliers);
export const CategoryTiles = onDemand((module) => module.CategoryTiles);
export const CatalogBanner = onDemand((module) => module.CatalogBanner);
export const FeaturedProducts = onDemand((module) => module.FeaturedProducts);
export const CustomerReviews = onDemand((module) => module.CustomerReviews);
export const PartnerLogos = onDemand((module) => module.PartnerLogos);
export const GetInTouchSection = onDemand((module) => module.GetInTouchSection);
