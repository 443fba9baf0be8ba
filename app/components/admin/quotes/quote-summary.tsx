// A sent quote as staff see it: the lines and totals as the customer got them, the customer's
// answer, and the quote's history.
import { nzDateTime } from "~/components/admin/contact-management/enquiry-timeline";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCents, formatPercent, formatQuantity } from "~/lib/money";
import type { QuoteDeclineReason, QuoteEventKind, QuoteStatus } from "~/lib/vocabulary";
import { DECLINE_REASON_LABELS, QUOTE_STATUS_LABELS } from "~/modules/quotes/labels";

type SummaryQuote = {
  status: QuoteStatus;
  validUntil: string;
  sentAt: Date | string | null;
  subtotalCents: number;
  gstBasisPoints: number;
  gstCents: number;
  totalCents: number;
  noteToCustomer: string | null;
  internalNotes: string | null;
  acceptedBy: string | null;
  purchaseOrder: string | null;
  declineReason: QuoteDeclineReason | null;
  answerMessage: string | null;
  answeredAt: Date | string | null;
  lines: {
    id: string;
    description: string;
    brandName: string | null;
    note: string | null;
    quantityMilli: number;
    unit: string;
    unitPriceCents: number;
    discountBasisPoints: number;
    lineTotalCents: number;
  }[];
  events: {
    id: string;
    kind: QuoteEventKind;
    actorName: string | null;
    note: string | null;
    createdAt: Date | string;
  }[];
};

const EVENT_LABELS: Record<QuoteEventKind, string> = {
  ...QUOTE_STATUS_LABELS,
  draft: "Drafted",
  edited: "Edited",
  reminded: "Reminder sent",
};

function answerOf(quote: SummaryQuote) {
  if (quote.status === "accepted")
    return `Accepted by ${quote.acceptedBy ?? "the customer"}${quote.purchaseOrder ? `, purchase order ${quote.purchaseOrder}` : ""}.`;
  if (quote.status === "declined")
    return `Declined: ${quote.declineReason ? DECLINE_REASON_LABELS[quote.declineReason] : "no reason given"}${quote.answerMessage ? `. "${quote.answerMessage}"` : ""}`;
  if (quote.status === "changes_requested") return `Changes asked for: "${quote.answerMessage ?? ""}"`;
  return null;
}

export function QuoteSummary({ quote }: { quote: SummaryQuote }) {
  const answer = answerOf(quote);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">As sent</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {answer ? <p className="rounded-md border p-3 text-sm">{answer}</p> : null}
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Quote lines</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-2 font-medium">
                    Description
                  </th>
                  <th scope="col" className="py-2 pr-2 text-right font-medium">
                    Qty
                  </th>
                  <th scope="col" className="py-2 pr-2 text-right font-medium">
                    Unit price
                  </th>
                  <th scope="col" className="py-2 pr-2 text-right font-medium">
                    Disc.
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {quote.lines.map((line) => (
                  <tr key={line.id} className="border-b align-top">
                    <td className="py-2 pr-2">
                      <span className="wrap-anywhere">{line.description}</span>
                      {line.brandName || line.note ? (
                        <span className="block text-muted-foreground text-xs">
                          {[line.brandName, line.note].filter(Boolean).join(" · ")}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-2 text-right tabular-nums">
                      {formatQuantity(line.quantityMilli)}
                      {line.unit === "each" ? "" : ` ${line.unit}`}
                    </td>
                    <td className="py-2 pr-2 text-right tabular-nums">{formatCents(line.unitPriceCents)}</td>
                    <td className="py-2 pr-2 text-right tabular-nums">
                      {line.discountBasisPoints ? `${formatPercent(line.discountBasisPoints)}%` : ""}
                    </td>
                    <td className="py-2 text-right tabular-nums">{formatCents(line.lineTotalCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
            <dt>Subtotal excl. GST</dt>
            <dd className="text-right">{formatCents(quote.subtotalCents)}</dd>
            <dt>GST {formatPercent(quote.gstBasisPoints)}%</dt>
            <dd className="text-right">{formatCents(quote.gstCents)}</dd>
            <dt className="font-semibold">Total incl. GST</dt>
            <dd className="text-right font-semibold">{formatCents(quote.totalCents)}</dd>
          </dl>
          <p className="text-muted-foreground text-sm">Valid until {quote.validUntil}.</p>
          {quote.noteToCustomer ? (
            <p className="text-sm">Note to the customer: {quote.noteToCustomer}</p>
          ) : null}
          {quote.internalNotes ? (
            <p className="text-muted-foreground text-sm">Internal notes: {quote.internalNotes}</p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">History</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-3 text-sm">
            {quote.events.map((event) => (
              <li key={event.id} className="grid">
                <span className="font-medium">{EVENT_LABELS[event.kind]}</span>
                <span className="text-muted-foreground">
                  {nzDateTime.format(new Date(event.createdAt))}
                  {event.actorName ? ` · ${event.actorName}` : ""}
                </span>
                {event.note ? <span className="wrap-anywhere">{event.note}</span> : null}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}
