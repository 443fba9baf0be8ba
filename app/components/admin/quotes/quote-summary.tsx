// A sent quote as staff see it: the lines and totals as the customer's page shows them, the
// customer's answer, and the quote's history.
import { QuoteLines } from "~/components/site/quote/quote-lines";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatNzDate, formatNzDateTime } from "~/lib/nz-date";
import type { QuoteDeclineReason, QuoteEventKind, QuoteStatus } from "~/lib/vocabulary";
import { DECLINE_REASON_LABELS, QUOTE_EVENT_LABELS } from "~/modules/quotes/labels";
import type { QuoteDocument } from "~/modules/quotes/pdf.server";

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
  lines: QuoteDocument["lines"];
  events: {
    id: string;
    kind: QuoteEventKind;
    actorName: string | null;
    note: string | null;
    createdAt: Date | string;
  }[];
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
          <QuoteLines quote={quote} />
          <p className="text-muted-foreground text-sm">Valid until {formatNzDate(quote.validUntil)}.</p>
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
                <span className="font-medium">{QUOTE_EVENT_LABELS[event.kind]}</span>
                <span className="text-muted-foreground">
                  {formatNzDateTime(event.createdAt)}
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
