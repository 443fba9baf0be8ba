import { lazy, Suspense } from "react";
import { Button } from "~/components/ui/button";
import { SlidersHorizontal } from "~/components/ui/sprite-icons";
import { useDialogOnDemand } from "~/components/ui/use-dialog-on-demand";
import type { CatalogParams } from "~/modules/products/catalog-params";
import type { CatalogOption } from "~/modules/products/queries.server";

const loadSheet = () => import("./mobile-filters-sheet");
const MobileFiltersSheet = lazy(loadSheet);

type MobileFiltersProps = {
  params: CatalogParams;
  brands: CatalogOption[];
  categories: CatalogOption[];
  total: number;
};

/**
 * Under 768px the filters slide in from the side; without JavaScript the side panel shows inline
 * instead. The sheet's code is fetched when the button is pointed at, focused or pressed.
 */
export function MobileFilters(props: MobileFiltersProps) {
  const { open, setOpen, requested, trigger, triggerProps } = useDialogOnDemand(loadSheet);
  return (
    <>
      <Button {...triggerProps} variant="outline" className="md:hidden noscript:hidden">
        <SlidersHorizontal aria-hidden="true" />
        Filters
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <MobileFiltersSheet {...props} open={open} onOpenChange={setOpen} returnFocusTo={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
