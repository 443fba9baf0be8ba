// The customer's quote laid out like the PDF: its number and dates, the trader and the customer,
// the lines and totals, the note and the terms. The status line (children) sits under the title.

import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Download } from "~/components/ui/sprite-icons";
import type { CustomerQuote } from "~/modules/quotes/customer.server";
import { QuoteLines } from "./quote-lines";

function Party({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-1 text-sm">
      <h2 id={id} className="font-semibold text-muted-foreground text-xs uppercase tracking-wide">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function QuoteDocument({
  quote,
  pdfHref,
  children,
}: {
  quote: CustomerQuote;
  pdfHref: string;
  children?: ReactNode;
}) {
  const { trader, customer } = quote;
  return (
    <article
      aria-labelledby="quote-title"
      className="grid gap-8 rounded-xl border bg-card p-5 shadow-sm sm:p-8 print:gap-6 print:border-0 print:p-0 print:shadow-none"
    >
      <header className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1">
            <p className="font-semibold text-primary text-sm uppercase tracking-wide">{trader.name}</p>
            {/* The number is one word: it wraps to a line of its own, never inside. */}
            <h1 id="quote-title" className="font-extrabold text-2xl sm:text-3xl">
              Quote <span className="whitespace-nowrap">{quote.number}</span>
            </h1>
            <p className="text-muted-foreground text-sm">
              Issued {quote.issuedOn} · Valid until {quote.validUntilOn}
            </p>
          </div>
          {quote.hasPdf ? (
            <Button asChild variant="outline" className="print:hidden">
              <a href={pdfHref} rel="noreferrer">
                <Download aria-hidden="true" />
                Download PDF
              </a>
            </Button>
          ) : null}
        </div>
        {children}
      </header>

      <div className="grid gap-6 sm:grid-cols-2">
        <Party id="quote-from" title="From">
          <p className="font-medium">{trader.name}</p>
          {trader.address ? <p className="whitespace-pre-line">{trader.address}</p> : null}
          {trader.phone ? <p>Phone: {trader.phone}</p> : null}
          {trader.email ? <p className="break-all">Email: {trader.email}</p> : null}
          {trader.gstNumber ? <p>GST number: {trader.gstNumber}</p> : null}
          {trader.nzbn ? <p>NZBN: {trader.nzbn}</p> : null}
        </Party>
        <Party id="quote-for" title="Prepared for">
          <p className="font-medium">{customer.name}</p>
          {customer.company ? <p>{customer.company}</p> : null}
          <p className="break-all">{customer.email}</p>
        </Party>
      </div>

      <QuoteLines quote={quote} />

      {quote.noteToCustomer ? (
        <section aria-labelledby="quote-note" className="grid gap-2">
          <h2 id="quote-note" className="font-semibold text-lg">
            Note
          </h2>
          <p className="whitespace-pre-line text-sm">{quote.noteToCustomer}</p>
        </section>
      ) : null}

      {quote.terms ? (
        <section aria-labelledby="quote-terms" className="grid gap-2">
          <h2 id="quote-terms" className="font-semibold text-lg">
            Terms
          </h2>
          <p className="whitespace-pre-line text-muted-foreground text-sm">{quote.terms}</p>
        </section>
      ) : null}
    </article>
  );
}
