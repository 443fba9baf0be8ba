// The card's Quick View button. The dialog's code (Radix Dialog and the quick view) is fetched
// when the visitor points at or focuses the button, and shown once it has arrived: the catalogue
// does not wait for it. Without JavaScript the button is hidden and the card's links do the job.
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Eye } from "~/components/ui/sprite-icons";
import type { ProductCardProduct } from "../product-card";

const loadDialog = () => import("./quick-view-dialog");
const QuickViewDialog = lazy(loadDialog);

export function QuickViewButton({ product }: { product: ProductCardProduct }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        type="button"
        variant="outline"
        className="noscript:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
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
