import { Button } from "~/components/ui/button";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "~/components/ui/sheet";
import { SlidersHorizontal } from "~/components/ui/sprite-icons";
import type { CatalogParams } from "~/modules/products/catalog-params";
import type { CatalogOption } from "~/modules/products/queries.server";
import { CatalogFilters } from "./catalog-filters";

type MobileFiltersProps = {
  params: CatalogParams;
  brands: CatalogOption[];
  categories: CatalogOption[];
  total: number;
};

/** Under 768px the filters slide in from the side; without JavaScript the side panel shows inline instead. */
export function MobileFilters({ params, brands, categories, total }: MobileFiltersProps) {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" className="md:hidden noscript:hidden">
          <SlidersHorizontal aria-hidden="true" />
          Filters
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="overflow-y-auto">
        <SheetHeader>
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>Narrow the catalogue by brand, category and stock.</SheetDescription>
        </SheetHeader>
        <div className="px-4">
          <CatalogFilters idPrefix="sheet" params={params} brands={brands} categories={categories} />
        </div>
        <SheetFooter>
          <SheetClose asChild>
            <Button>
              Show {total} product{total === 1 ? "" : "s"}
            </Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
