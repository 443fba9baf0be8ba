// The card's Quick View button. The dialog's code (Radix Dialog and the quick view) is fetched
// when the visitor points at or focuses the button, and shown once it has arrived: the catalogue
// does not wait for it. Without JavaScript the button is hidden and the card's links do the job.
import { lazy, Suspense } from "react";
import { Button } from "~/components/ui/button";
import { Eye } from "~/components/ui/sprite-icons";
import { useDialogOnDemand } from "~/components/ui/use-dialog-on-demand";
import type { ProductCardData } from "~/modules/products/card";

const loadDialog = () => import("./quick-view-dialog");
const QuickViewDialog = lazy(loadDialog);

export function QuickViewButton({ product }: { product: ProductCardData }) {
  const { open, setOpen, requested, trigger, triggerProps } = useDialogOnDemand(loadDialog);
  return (
    <>
      <Button {...triggerProps} variant="outline" className="noscript:hidden">
        <Eye aria-hidden="true" />
        Quick View<span className="sr-only">{` of ${product.name}`}</span>
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <QuickViewDialog product={product} open={open} onOpenChange={setOpen} returnFocusTo={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
