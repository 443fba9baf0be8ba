// The filters' sheet for small screens, in a chunk of its own: MobileFilters loads it on demand.
import type { RefObject } from "react";
import { Button } from "~/components/ui/button";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet";
import type { CatalogParams } from "~/modules/products/catalog-params";
import type { CatalogOption } from "~/modules/products/queries.server";
import { CatalogFilters } from "./catalog-filters";

type MobileFiltersSheetProps = {
  params: CatalogParams;
  brands: CatalogOption[];
  categories: CatalogOption[];
  total: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus goes back there on close, as with a Radix trigger. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

export default function MobileFiltersSheet({
  params,
  brands,
  categories,
  total,
  open,
  onOpenChange,
  returnFocusTo,
}: MobileFiltersSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
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
