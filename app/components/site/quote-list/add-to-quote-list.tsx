// 'Add to quote list' beside Enquire Now. A real form to /quote-list, so it works without
// JavaScript (the server sends the visitor back to this page); with JavaScript it posts through a
// fetcher, the header's count revalidates and a toast links to the list.

import { useId } from "react";
import { Link, useLocation } from "react-router";
import { QUANTITY_FIELD } from "~/components/site/quote-list/quantity-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Check, ClipboardPlus } from "~/components/ui/sprite-icons";
import { toast } from "~/components/ui/toast";
import { cx } from "~/lib/cx";
import type { QuoteListResult } from "~/modules/quote-list/schema";
import { QUOTE_LIST_TOASTS } from "~/modules/quote-list/toasts";
import { QUOTE_LIST_HREF } from "./quote-list-link";
import { useQuoteListForm, useQuoteListSummary } from "./use-quote-list";

type AddToQuoteListProps = {
  product: { id: string; name: string; stockStatus: string };
  /** The quick view asks how many; a card adds one. */
  withQuantity?: boolean;
  /** Where a post without JavaScript lands back on this page (the card's anchor). */
  returnHash?: string;
  className?: string;
};

function announce(result: QuoteListResult) {
  if (!result.ok) {
    toast.error(result.error);
    return;
  }
  const line = result.line;
  toast.success(QUOTE_LIST_TOASTS.add, {
    description: (
      <span>
        {line ? `${line.productName} × ${line.quantity}. ` : null}
        <Link to={QUOTE_LIST_HREF} className="font-medium underline underline-offset-4">
          View your quote list
        </Link>
      </span>
    ),
  });
}

export function AddToQuoteList({
  product,
  withQuantity = false,
  returnHash,
  className,
}: AddToQuoteListProps) {
  const location = useLocation();
  const { quantities } = useQuoteListSummary();
  const { onSubmit, busy } = useQuoteListForm(announce);
  const quantityId = useId();
  const listed = quantities[product.id];
  const outOfStock = product.stockStatus === "Out of Stock";

  return (
    <div className={cx("grid gap-1.5", className)}>
      <form
        method="post"
        action="/quote-list"
        onSubmit={onSubmit}
        // The quantity is checked by the server; a card's form has nothing to check.
        noValidate={withQuantity || undefined}
        className={cx("flex gap-2", withQuantity && "items-end")}
      >
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={product.id} />
        <input
          type="hidden"
          name="redirectTo"
          value={`${location.pathname}${location.search}${returnHash ?? ""}`}
        />
        {withQuantity ? (
          <div className="grid gap-1.5">
            <Label htmlFor={quantityId}>Quantity</Label>
            <Input
              id={quantityId}
              {...QUANTITY_FIELD}
              defaultValue={1}
              disabled={outOfStock}
              className="w-24"
            />
          </div>
        ) : null}
        <Button type="submit" variant="outline" disabled={outOfStock || busy} className="flex-1">
          <ClipboardPlus aria-hidden="true" />
          {busy ? "Adding..." : "Add to quote list"}
          <span className="sr-only">{` for ${product.name}`}</span>
        </Button>
      </form>
      {listed ? (
        <p className="flex items-center gap-1 text-muted-foreground text-xs">
          <Check aria-hidden="true" className="size-3.5 text-green-700" />
          <Link to={QUOTE_LIST_HREF} className="underline underline-offset-2 hover:text-foreground">
            {listed} in your quote list
          </Link>
        </p>
      ) : null}
    </div>
  );
}
