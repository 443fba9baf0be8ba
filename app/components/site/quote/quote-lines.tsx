// A quote's lines and totals. From the `sm` width up (and on paper) a table; on a phone, where
// seven columns cannot fit, each line is a small block of its own. Only one of the two is ever
// displayed, so a screen reader meets the lines once.

import { formatCents, formatPercent, formatQuantity } from "~/lib/money";
import type { QuoteDocument } from "~/modules/quotes/pdf.server";

/** What the table needs of a quote: the customer's page and the back office both show it so. */
type QuoteFigures = Pick<
  QuoteDocument,
  "lines" | "subtotalCents" | "gstBasisPoints" | "gstCents" | "totalCents"
>;
type Line = QuoteFigures["lines"][number];

function quantityOf(line: Line) {
  return `${formatQuantity(line.quantityMilli)} ${line.unit}`;
}

function discountOf(line: Line) {
  return line.discountBasisPoints > 0 ? `${formatPercent(line.discountBasisPoints)}%` : "–";
}

function LineDescription({ line }: { line: Line }) {
  return (
    <>
      <span className="font-medium">{line.description}</span>
      {line.sku ? <span className="block text-muted-foreground text-xs">Code: {line.sku}</span> : null}
      {line.brandName ? <span className="block text-muted-foreground text-xs">{line.brandName}</span> : null}
      {line.note ? <span className="block text-muted-foreground text-xs italic">{line.note}</span> : null}
    </>
  );
}

const NUMBER_CELL = "whitespace-nowrap px-2 py-2 text-right align-top tabular-nums";

function LinesTable({ lines }: { lines: Line[] }) {
  return (
    <div className="hidden overflow-x-auto sm:block print:block">
      <table className="w-full text-sm">
        <caption className="sr-only">Quoted items</caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="px-2 py-2 font-semibold">
              Description
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              Quantity
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              Unit price excl. GST
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              Discount
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sent quote's lines never change order
            <tr key={index} className="break-inside-avoid border-b last:border-0">
              <td className="px-2 py-2 align-top">
                <LineDescription line={line} />
              </td>
              <td className={NUMBER_CELL}>{quantityOf(line)}</td>
              <td className={NUMBER_CELL}>{formatCents(line.unitPriceCents)}</td>
              <td className={NUMBER_CELL}>{discountOf(line)}</td>
              <td className={NUMBER_CELL}>{formatCents(line.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LinesList({ lines }: { lines: Line[] }) {
  return (
    <ol aria-label="Quoted items" className="grid gap-3 sm:hidden print:hidden">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a sent quote's lines never change order
        <li key={index} className="rounded-md border p-3 text-sm">
          <p>
            <LineDescription line={line} />
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Quantity</dt>
            <dd className="text-right tabular-nums">{quantityOf(line)}</dd>
            <dt className="text-muted-foreground">Unit price excl. GST</dt>
            <dd className="text-right tabular-nums">{formatCents(line.unitPriceCents)}</dd>
            <dt className="text-muted-foreground">Discount</dt>
            <dd className="text-right tabular-nums">{discountOf(line)}</dd>
            <dt className="font-medium">Amount</dt>
            <dd className="text-right font-medium tabular-nums">{formatCents(line.lineTotalCents)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}

export function QuoteLines({ quote }: { quote: QuoteFigures }) {
  return (
    <section aria-labelledby="quote-items" className="grid gap-4">
      <h2 id="quote-items" className="font-semibold text-lg">
        Items
      </h2>
      <LinesTable lines={quote.lines} />
      <LinesList lines={quote.lines} />
      <dl className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        <dt>Subtotal excl. GST</dt>
        <dd className="text-right tabular-nums">{formatCents(quote.subtotalCents)}</dd>
        <dt>{`GST (${formatPercent(quote.gstBasisPoints)}%)`}</dt>
        <dd className="text-right tabular-nums">{formatCents(quote.gstCents)}</dd>
        <dt className="border-t pt-2 font-bold text-base">Total incl. GST</dt>
        <dd className="border-t pt-2 text-right font-bold text-base tabular-nums">
          {formatCents(quote.totalCents)}
        </dd>
      </dl>
    </section>
  );
}
