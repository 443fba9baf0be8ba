// Sending a quote asks first. In the browser the builder's Send to Customer opens a dialog; before
// the page's scripts run (or without them) it saves the draft and comes here, to the quote's page
// in its "send?" state: the saved draft as the customer will get it, Send Quote, or back to the
// draft. Both say the same: who gets it, the total, until when, and that it is then locked.
//
//   <ConfirmSend quote={quote} />
import { SendIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { QuoteLines } from "~/components/site/quote/quote-lines";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCents } from "~/lib/money";
import { formatNzDate } from "~/lib/nz-date";
import type { QuoteDocument } from "~/modules/quotes/pdf.server";

/** "It goes to Mere Parata (mere@example.co.nz) …": the words of both ways of asking. */
export function sendQuestion(quote: {
  customerName: string;
  customerEmail: string;
  totalCents: number;
  validUntil: string;
}) {
  return `It goes by e-mail to ${quote.customerName} (${quote.customerEmail}), with the PDF and a link to accept it: ${formatCents(quote.totalCents)} including GST, valid until ${formatNzDate(quote.validUntil)}. Once sent it is locked; a change is then a new revision.`;
}

type ConfirmQuote = Pick<
  QuoteDocument,
  "lines" | "subtotalCents" | "gstBasisPoints" | "gstCents" | "totalCents"
> & {
  id: string;
  number: string;
  customerName: string;
  customerEmail: string;
  validUntil: string;
};

export function ConfirmSend({ quote }: { quote: ConfirmQuote }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "send-saved";
  return (
    <section aria-labelledby="confirm-send-heading">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="confirm-send-heading" className="text-lg">
              Send quote {quote.number} to the customer?
            </h2>
          </CardTitle>
          <CardDescription>{sendQuestion(quote)}</CardDescription>
        </CardHeader>
        <CardContent>
          <QuoteLines quote={quote} />
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          <Form method="post" action={`/admin/quotes/${quote.id}`}>
            <input type="hidden" name="intent" value="send-saved" />
            <Button type="submit" disabled={sending}>
              <SendIcon aria-hidden />
              {sending ? "Sending..." : "Send Quote"}
            </Button>
          </Form>
          <Button asChild variant="outline">
            <Link to={`/admin/quotes/${quote.id}`}>Back to the draft</Link>
          </Button>
        </CardFooter>
      </Card>
    </section>
  );
}
