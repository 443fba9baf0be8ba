import { ArrowLeftIcon, FileTextIcon } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/admin/page-header";
import { ConfirmSend } from "~/components/admin/quotes/confirm-send";
import { QuoteBuilder } from "~/components/admin/quotes/quote-builder";
import { QuoteStatusBadge } from "~/components/admin/quotes/quote-status-badge";
import { QuoteSummary } from "~/components/admin/quotes/quote-summary";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ActionFailure } from "~/lib/action-error";
import { centsToText, formatPercent, formatQuantity } from "~/lib/money";
import { consentPackForQuoteMail } from "~/modules/consent-pack/quote-mail.server";
import { quotingRoles, quotingRolesForAction } from "~/modules/quotes/access.server";
import { reviseQuote, saveQuoteDraft, sendQuote, withdrawQuote } from "~/modules/quotes/commands.server";
import { getQuote } from "~/modules/quotes/drafts.server";
import { QUOTE_NOT_FOUND } from "~/modules/quotes/messages";
import { quoteActionSchema } from "~/modules/quotes/schema";
import { requireRole } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { notFound } from "~/server/http/not-found";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/quote";

// One quote in the back office (admins, and sales when they may quote): a draft is edited
// and sent here (sending asks first: a dialog in the browser, else this page's ?step=send state
// after the draft is saved); a sent revision is shown as sent, with its answer and history, and
// can be withdrawn or followed by a new revision.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Quote ${loaderData?.quote.number ?? ""} | Trade Counter Admin` }];
}

function quoteId(params: { id?: string }) {
  const parsed = z.uuid().safeParse(params.id);
  if (!parsed.success) throw notFound(QUOTE_NOT_FOUND);
  return parsed.data;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, await quotingRoles());
  const quote = await getQuote(quoteId(params));
  if (!quote) throw notFound(QUOTE_NOT_FOUND);
  const confirmSend = quote.status === "draft" && new URL(request.url).searchParams.get("step") === "send";
  return { quote, confirmSend };
}

const FAILED = {
  save: "Failed to save the quote",
  review: "Failed to save the quote",
  send: "Failed to send the quote",
  "send-saved": "Failed to send the quote",
  withdraw: "Failed to withdraw the quote",
  revise: "Failed to create the revision",
} as const;

/** What the sent e-mail carries, in the toast's words. */
const SENT_WITH = {
  none: "with the PDF attached",
  attached: "with the PDF and the consent pack attached",
  linked: "with the PDF attached and a link to the consent pack",
} as const;

export async function action(args: Route.ActionArgs) {
  const id = quoteId(args.params);
  const access = await quotingRolesForAction(args.request);
  const form = await readForm(args, { access, schema: quoteActionSchema });
  if (!form.ok) return form.response;
  const value = form.value;
  const failed = FAILED[value.intent];
  const here = `/admin/quotes/${id}`;
  if (value.intent === "save" || value.intent === "review") {
    const done = await form.run(saveQuoteDraft, { id, draft: value }, failed);
    if (!done.ok) return done.response;
    if (value.intent === "review") return redirect(`${here}?step=send`);
    return redirectWithToast(here, { type: "success", title: "Quote saved" });
  }
  if (value.intent === "send" || value.intent === "send-saved") {
    const draft = value.intent === "send" ? value : undefined;
    const done = await form.run(sendQuote, { id, draft, consentPack: consentPackForQuoteMail }, failed);
    if (!done.ok) return done.response;
    const sent = done.result;
    return redirectWithToast(here, {
      type: "success",
      title: "Quote sent",
      description:
        sent && `${sent.number} is on its way to ${sent.customerEmail}, ${SENT_WITH[sent.pack ?? "none"]}.`,
    });
  }
  if (value.intent === "withdraw") {
    const done = await form.run(withdrawQuote, { id, reason: value.reason }, failed);
    if (!done.ok) return done.response;
    return redirectWithToast(here, { type: "success", title: "Quote withdrawn" });
  }
  const done = await form.run(reviseQuote, { id }, failed);
  if (!done.ok) return done.response;
  const next = done.result;
  return redirectWithToast(next ? `/admin/quotes/${next.id}` : here, {
    type: "success",
    title: next ? `Revision ${next.number} ready to edit` : "The revision is open",
  });
}

type LoadedQuote = Route.ComponentProps["loaderData"]["quote"];

function builderValues(quote: LoadedQuote) {
  return {
    customerName: quote.customerName,
    customerEmail: quote.customerEmail,
    customerCompany: quote.customerCompany ?? "",
    validUntil: quote.validUntil,
    noteToCustomer: quote.noteToCustomer ?? "",
    internalNotes: quote.internalNotes ?? "",
    lines: quote.lines.map((line) => ({
      productId: line.productId ?? "",
      description: line.description,
      brandName: line.brandName ?? "",
      productSlug: line.productSlug ?? "",
      sku: line.sku ?? "",
      quantityMilli: formatQuantity(line.quantityMilli),
      unit: line.unit,
      unitPriceCents: centsToText(line.unitPriceCents),
      discountBasisPoints: line.discountBasisPoints ? formatPercent(line.discountBasisPoints) : "",
      note: line.note ?? "",
    })),
  };
}

const OPEN = new Set(["sent", "viewed", "changes_requested"]);
const REVISABLE = new Set(["sent", "viewed", "changes_requested", "declined", "expired", "withdrawn"]);

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, confirmSend } = loaderData;
  const result = (actionData as ActionFailure | undefined)?.result;
  return (
    <>
      <PageHeader
        title={`Quote ${quote.number}`}
        description={`For ${quote.customerName} (${quote.customerEmail})`}
      >
        <Button asChild variant="outline">
          <Link to={`/admin/contact-management/${quote.enquiryId}`}>
            <ArrowLeftIcon aria-hidden />
            Back to the enquiry
          </Link>
        </Button>
        {quote.pdfPath ? (
          <Button asChild variant="outline">
            <a href={`/admin/quotes/${quote.id}/pdf`}>
              <FileTextIcon aria-hidden />
              PDF
            </a>
          </Button>
        ) : null}
        {quote.lines.some((line) => line.productId) ? (
          <Button asChild variant="outline">
            <a href={`/admin/quotes/${quote.id}/consent-pack`} download>
              <FileTextIcon aria-hidden />
              Consent pack
            </a>
          </Button>
        ) : null}
      </PageHeader>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <QuoteStatusBadge status={quote.status} />
        {quote.isLatest ? null : <span className="text-muted-foreground">A newer revision exists.</span>}
      </p>
      {quote.status === "draft" && confirmSend ? (
        <ConfirmSend quote={quote} />
      ) : quote.status === "draft" ? (
        <QuoteBuilder
          number={quote.number}
          defaultValue={builderValues(quote)}
          gstBasisPoints={quote.gstBasisPoints}
          lastResult={result}
        />
      ) : (
        <QuoteSummary quote={quote} />
      )}
      {quote.status !== "draft" &&
      (OPEN.has(quote.status) || (quote.isLatest && REVISABLE.has(quote.status))) ? (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Change this quote</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6 md:grid-cols-2">
            {quote.isLatest && REVISABLE.has(quote.status) ? (
              <Form method="post" className="grid content-start gap-2">
                <p className="text-muted-foreground text-sm">
                  A sent quote is locked. A new revision starts from this one; sending it replaces this one.
                </p>
                <Button type="submit" name="intent" value="revise" className="justify-self-start">
                  Create Revision
                </Button>
              </Form>
            ) : null}
            {OPEN.has(quote.status) ? (
              <Form method="post" className="grid content-start gap-2">
                <input type="hidden" name="intent" value="withdraw" />
                <Label htmlFor="withdraw-reason">Reason for withdrawing</Label>
                <Input
                  id="withdraw-reason"
                  name="reason"
                  required
                  minLength={3}
                  maxLength={300}
                  aria-describedby="withdraw-reason-help"
                />
                <p id="withdraw-reason-help" className="text-muted-foreground text-sm">
                  The customer is e-mailed this reason and sees it on their quote page.
                </p>
                <Button type="submit" variant="destructive" className="justify-self-start">
                  Withdraw Quote
                </Button>
              </Form>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
