import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { StockStatus } from "~/lib/vocabulary";
import { toEnquiryHref } from "~/modules/products/catalog-params";

/** Enquire Now: to the contact form about this product, or disabled when it is out of stock. */
type EnquireButtonProps = { product: { name: string; stockStatus: StockStatus }; className?: string };

export function EnquireButton({ product, className }: EnquireButtonProps) {
  if (product.stockStatus === "Out of Stock") {
    return (
      <Button disabled className={className}>
        Enquire Now
      </Button>
    );
  }
  return (
    <Button asChild className={className}>
      <Link to={toEnquiryHref(product.name)}>
        Enquire Now<span className="sr-only">{` about ${product.name}`}</span>
      </Link>
    </Button>
  );
}

/** The Out of Stock veil over a product photo. */
export function OutOfStockOverlay() {
  return (
    <div className="absolute inset-0 flex items-center justify-center bg-black/60">
      <span className="rounded-md bg-background px-3 py-1 font-semibold text-foreground text-sm uppercase tracking-wide">
        Out of Stock
      </span>
    </div>
  );
}
