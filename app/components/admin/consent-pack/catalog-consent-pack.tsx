// The consent pack of products ticked in Catalog Management's list: a checkbox per row (and one
// for the whole page) and a "Consent pack" disclosure with the public forms' fields (job name,
// site address, certificates needed until, PDF or ZIP), one plain GET form to
// /admin/catalog/consent-pack that answers with the file to save, so the page stays as it is.
// Without JavaScript the row checkboxes belong to that form (their `form` attribute) and send the
// ticks of the page shown; with it, the selection is kept while staff page and search, and sent
// whole as hidden fields in the pack's order (selection.ts). None ticked, or more than one pack
// holds, is said in words instead of asking the server.
import { ChevronDownIcon, FileStackIcon } from "lucide-react";
import { type MouseEvent, useId, useState } from "react";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { ConsentPackFields } from "~/components/site/quote-list/consent-pack-fields";
import { ConsentPackFormat } from "~/components/site/quote-list/consent-pack-format";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { cx } from "~/lib/cx";
import { SELECTION_MAX_PRODUCTS, tooManyTickedMessage } from "~/modules/consent-pack/limits";
import type { PackSelection, Ticked } from "./selection";

const PACK_FORM = "catalog-consent-pack";
const NONE_TICKED = "Tick at least one product first, with the box at the start of its row.";

/** The list's first column: a checkbox per product, and one in the heading for the whole page. */
export function packSelectColumn<Row extends Ticked>(selection: PackSelection): DataTableColumn<Row> {
  return {
    key: "select",
    header: (
      <NativeCheckbox
        aria-label="Select all products on this page"
        checked={selection.wholePage}
        disabled={selection.rows.length === 0}
        onChange={(event) => selection.tickPage(event.currentTarget.checked)}
      />
    ),
    cell: (product) => (
      <NativeCheckbox
        // Before scripts run the ticks themselves are sent; after, the hidden fields in pack order.
        name={selection.hydrated ? undefined : "id"}
        value={product.id}
        form={PACK_FORM}
        aria-label={`Select ${product.name}`}
        checked={selection.has(product.id)}
        onChange={(event) => selection.toggle(product.id, event.currentTarget.checked)}
      />
    ),
    className: "w-10",
    headerOnCards: true,
  };
}

export function CatalogConsentPack({ selection }: { selection: PackSelection }) {
  const { hydrated } = selection;
  const id = useId();
  // Whether Download was pressed with nothing ticked: said until a product is ticked.
  const [askedEmpty, setAskedEmpty] = useState(false);
  const count = selection.ticked.length;
  const tooMany = count > SELECTION_MAX_PRODUCTS;
  const refusal = tooMany ? tooManyTickedMessage(count) : askedEmpty && count === 0 ? NONE_TICKED : null;

  function download(event: MouseEvent<HTMLButtonElement>) {
    if (count > 0 && !tooMany) return;
    event.preventDefault();
    setAskedEmpty(true);
  }

  return (
    <form
      id={PACK_FORM}
      method="get"
      action="/admin/catalog/consent-pack"
      aria-labelledby={`${id}-title`}
      className="rounded-md border bg-muted/40 p-2"
    >
      {hydrated
        ? selection.ticked.map((item) => <input key={item.id} type="hidden" name="id" value={item.id} />)
        : null}
      <details className="group">
        <summary
          className={cx(
            buttonVariants({ variant: "outline", size: "sm" }),
            "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          )}
        >
          <FileStackIcon aria-hidden />
          <span id={`${id}-title`}>Consent pack</span>
          {count > 0 ? <span>({count} ticked)</span> : null}
          <ChevronDownIcon aria-hidden className="transition-transform group-open:rotate-180" />
        </summary>
        <div className="grid gap-3 px-1 pt-3 pb-1">
          {count === 0 ? (
            <p className="text-muted-foreground text-sm">
              Tick the products for the pack with the box at the start of each row
              {hydrated ? ", on any page of the list or search" : ""}, then download it here: each product's
              building information and certificates, drafts included.
            </p>
          ) : (
            <div className="grid gap-1 text-sm">
              <p>
                The pack holds the {count === 1 ? "ticked product" : `${count} ticked products`}, in this
                order:
              </p>
              <ol className="list-decimal pl-6">
                {selection.ticked.map((item) => (
                  <li key={item.id}>{item.name}</li>
                ))}
              </ol>
              <div>
                <Button type="button" variant="ghost" size="sm" onClick={selection.clear}>
                  Untick all
                </Button>
              </div>
            </div>
          )}
          <ConsentPackFields id={id} />
          <ConsentPackFormat />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="outline" onClick={hydrated ? download : undefined}>
              <FileStackIcon aria-hidden />
              Download the consent pack
            </Button>
            <p role="alert" className="font-medium text-destructive text-sm">
              {refusal}
            </p>
          </div>
        </div>
      </details>
    </form>
  );
}
