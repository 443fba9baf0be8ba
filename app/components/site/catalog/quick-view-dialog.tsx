// The quick view's dialog, in a chunk of its own: QuickViewButton loads it on demand.
import type { RefObject } from "react";
import { Dialog } from "~/components/ui/dialog";
import type { ProductCardData } from "~/modules/products/card";
import { ProductQuickView } from "./product-quick-view";

type QuickViewDialogProps = {
  product: ProductCardData;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus goes back there on close, as with a Radix trigger. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

export default function QuickViewDialog({
  product,
  open,
  onOpenChange,
  returnFocusTo,
}: QuickViewDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <ProductQuickView
        product={product}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      />
    </Dialog>
  );
}
