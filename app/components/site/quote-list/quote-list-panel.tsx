// "Your quote list" on /contact: each product with its quantity, Update and Remove, and Clear
// list. Every control is a form to /quote-list that works without JavaScript (the server sends the
// visitor back here); with JavaScript the forms post through fetchers and the page revalidates.

import { useId, useRef } from "react";
import { Link, useLocation } from "react-router";
import { StockBadge } from "~/components/site/catalog/stock-badge";
import { ProductImage } from "~/components/site/product-image";
import { QUANTITY_FIELD } from "~/components/site/quote-list/quantity-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ClipboardList, PackageSearch } from "~/components/ui/sprite-icons";
import { toast } from "~/components/ui/toast";
import { cx } from "~/lib/cx";
import type { QuoteListItem, QuoteListResult } from "~/modules/quote-list/schema";
import { QUOTE_LIST_TOASTS } from "~/modules/quote-list/toasts";
import { ConsentPackForm } from "./consent-pack-form";
import { describeQuoteCount } from "./quote-list-link";
import { useQuoteListForm } from "./use-quote-list";

const QUOTE_LIST_SECTION_ID = "quote-list";

function useReturnPath() {
  const location = useLocation();
  return `${location.pathname}${location.search}#${QUOTE_LIST_SECTION_ID}`;
}

function announce(result: QuoteListResult) {
  if (!result.ok) toast.error(result.error);
  else if (result.intent) toast.success(QUOTE_LIST_TOASTS[result.intent]);
}

export function QuoteListPanel({ items }: { items: QuoteListItem[] }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A removed line (or the whole list) takes the focused button with it: focus goes to the heading.
  const refocus = () => headingRef.current?.focus();
  // An empty list is a one-line hint, so the message form stays in view below it.
  const empty = items.length === 0;
  return (
    <section
      id={QUOTE_LIST_SECTION_ID}
      aria-labelledby="quote-list-heading"
      className={cx("scroll-mt-20 rounded-xl border bg-card shadow-sm", empty ? "px-5 py-4" : "p-5 sm:p-8")}
    >
      <h2
        id="quote-list-heading"
        ref={headingRef}
        tabIndex={-1}
        className={cx("flex items-center gap-2 font-bold outline-none", empty ? "text-lg" : "text-2xl")}
      >
        <ClipboardList aria-hidden="true" className={cx("text-primary", empty ? "size-5" : "size-6")} />
        Your quote list
      </h2>
      {empty ? (
        <div className="mt-1 flex gap-3 text-muted-foreground text-sm">
          <PackageSearch aria-hidden="true" className="size-5 shrink-0" />
          <p>
            Your quote list is empty. Ask about several products in one message:{" "}
            <Link to="/catalog" className="font-medium text-primary underline underline-offset-4">
              browse the catalogue
            </Link>{" "}
            and choose 'Add to quote list'.
          </p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-muted-foreground">
            {describeQuoteCount(items.length)}. The list, with these quantities, is sent with your message
            below.
          </p>
          <ul className="mt-4 divide-y border-y">
            {items.map((item) => (
              <QuoteListLine key={item.productId} item={item} onRemove={refocus} />
            ))}
          </ul>
          <ClearQuoteList onClear={refocus} />
          <ConsentPackForm description="One PDF for your council: each listed product's building product information and its current certificates, with an index. Name the job if you like; all fields are optional." />
        </>
      )}
    </section>
  );
}

function QuoteListLine({ item, onRemove }: { item: QuoteListItem; onRemove: () => void }) {
  const returnPath = useReturnPath();
  const { fetcher, onSubmit, busy } = useQuoteListForm(announce);
  const id = useId();
  const removing = busy && fetcher.formData?.get("intent") === "remove";
  const error = !busy && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  if (removing) return null;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 py-3">
      <div className="size-14 shrink-0 overflow-hidden rounded-md bg-muted">
        <ProductImage src={item.imageUrl} alt="" width={56} height={56} />
      </div>
      <div className="min-w-0 flex-1 basis-40">
        <p id={`${id}-name`} className="font-medium">
          {item.productName}
        </p>
        {item.stockStatus === "In Stock" ? null : <StockBadge status={item.stockStatus} />}
      </div>
      <form
        method="post"
        action="/quote-list"
        noValidate
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.value === "remove") onRemove();
          onSubmit(event);
        }}
        className="flex flex-wrap items-end gap-2"
      >
        <input type="hidden" name="productId" value={item.productId} />
        <input type="hidden" name="redirectTo" value={returnPath} />
        <div className="grid gap-1.5">
          <label id={`${id}-label`} htmlFor={`${id}-quantity`} className="font-medium text-xs">
            Quantity
          </label>
          <Input
            // A new quantity from the server replaces what was typed.
            key={item.quantity}
            id={`${id}-quantity`}
            {...QUANTITY_FIELD}
            defaultValue={item.quantity}
            aria-labelledby={`${id}-label ${id}-name`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="w-24"
          />
        </div>
        {/* The first submit button is the one Enter presses in the quantity field. */}
        <Button type="submit" name="intent" value="set" variant="outline" disabled={busy}>
          Update<span className="sr-only"> quantity of {item.productName}</span>
        </Button>
        <Button type="submit" name="intent" value="remove" variant="ghost" disabled={busy}>
          Remove<span className="sr-only"> {item.productName}</span>
        </Button>
        {error ? (
          <p id={`${id}-error`} className="basis-full font-medium text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </form>
    </li>
  );
}

function ClearQuoteList({ onClear }: { onClear: () => void }) {
  const returnPath = useReturnPath();
  const { onSubmit, busy } = useQuoteListForm(announce);
  return (
    <form
      method="post"
      action="/quote-list"
      onSubmit={(event) => {
        onClear();
        onSubmit(event);
      }}
      className="mt-4"
    >
      <input type="hidden" name="intent" value="clear" />
      <input type="hidden" name="redirectTo" value={returnPath} />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        Clear list
      </Button>
    </form>
  );
}
