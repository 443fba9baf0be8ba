// The Quotes card of an enquiry: its revisions (number, state, total) and the button that opens
// the draft, creating it (from the quote-list lines, or from the last revision) when there is none.
import { PlusIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCents } from "~/lib/money";
import type { QuoteStatus } from "~/lib/vocabulary";
import { QuoteStatusBadge } from "./quote-status-badge";

type EnquiryQuote = { id: string; number: string; status: QuoteStatus; totalCents: number };

export function EnquiryQuotes({ quotes }: { quotes: EnquiryQuote[] }) {
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create-quote";
  const draft = quotes.find((quote) => quote.status === "draft");
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Quotes</h2>
        </CardTitle>
        <CardDescription>
          {quotes.length === 0 ? "No quote yet: prices from the quote list fill the first draft." : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {quotes.length > 0 ? (
          <ul className="grid gap-2 text-sm">
            {quotes.map((quote) => (
              <li key={quote.id} className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`/admin/quotes/${quote.id}`} className="font-medium underline underline-offset-2">
                  {quote.number}
                </Link>
                <span className="flex items-center gap-2">
                  <QuoteStatusBadge status={quote.status} />
                  <span className="tabular-nums">{formatCents(quote.totalCents)}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {draft ? (
          <Button asChild variant="outline" className="justify-self-start">
            <Link to={`/admin/quotes/${draft.id}`}>Continue Draft {draft.number}</Link>
          </Button>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="create-quote" />
            <Button type="submit" disabled={creating}>
              <PlusIcon aria-hidden />
              {quotes.length === 0 ? "Create Quote" : "Create Revision"}
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
