// The overview's word on the customer's quotes: how many are open to an answer, and the way to them.
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export function QuotesSummary({ open, total }: { open: number; total: number }) {
  const words =
    total === 0
      ? "No quotes yet."
      : open === 0
        ? `None of your ${total === 1 ? "quote is" : `${total} quotes are`} waiting for your answer.`
        : `${open} ${open === 1 ? "quote is" : "quotes are"} waiting for your answer.`;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Your quotes</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p>{words}</p>
        <p>
          <Link to="/account/quotes" className="font-medium text-primary underline underline-offset-4">
            See your quotes
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
