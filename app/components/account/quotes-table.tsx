// The customer's quotes, newest first: each one's number (a link to it), when it was sent, its
// last valid day, where it stands and its total. The prices are theirs: these are their quotes.
import { Link } from "react-router";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cx } from "~/lib/cx";
import { formatCents } from "~/lib/money";
import { CUSTOMER_STATE_LABELS, type CustomerStateKind } from "~/modules/quotes/labels";

export type AccountQuoteItem = {
  id: string;
  number: string;
  sentOn: string;
  validUntilOn: string;
  state: CustomerStateKind;
  totalCents: number;
};

const STATE_TONES: Partial<Record<CustomerStateKind, string>> = {
  open: "border-primary/40 bg-primary/10 text-foreground",
  accepted: "border-green-700/40 bg-green-50 text-green-900",
};

function StateBadge({ state }: { state: CustomerStateKind }) {
  return (
    <span
      className={cx(
        "inline-block whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-xs",
        STATE_TONES[state] ?? "border-border bg-muted text-foreground",
      )}
    >
      {CUSTOMER_STATE_LABELS[state]}
    </span>
  );
}

export function AccountQuotesTable({ quotes }: { quotes: readonly AccountQuoteItem[] }) {
  if (quotes.length === 0) {
    return (
      <p className="rounded-xl border bg-card p-5 text-muted-foreground text-sm">
        No quotes yet. The quotes we send to your account's e-mail address appear here.
      </p>
    );
  }
  return (
    <div className="rounded-xl border bg-card shadow-sm">
      <Table>
        <caption className="sr-only">Your quotes, newest first</caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Quote</TableHead>
            <TableHead scope="col">Sent</TableHead>
            <TableHead scope="col">Valid until</TableHead>
            <TableHead scope="col">State</TableHead>
            <TableHead scope="col" className="text-right">
              Total
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {quotes.map((quote) => (
            <TableRow key={quote.id}>
              <TableCell>
                <Link
                  to={`/account/quotes/${quote.id}`}
                  className="whitespace-nowrap font-medium text-primary underline underline-offset-4"
                >
                  {quote.number}
                </Link>
              </TableCell>
              <TableCell className="whitespace-nowrap">{quote.sentOn}</TableCell>
              <TableCell className="whitespace-nowrap">{quote.validUntilOn}</TableCell>
              <TableCell>
                <StateBadge state={quote.state} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">
                {formatCents(quote.totalCents)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
