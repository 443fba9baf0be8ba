import { ArrowLeftIcon, FileTextIcon } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
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
import { quotingRoles, quotingRolesForAction } from "~/modules/quotes/access.server";
import { quoteAuditDetail } from "~/modules/quotes/admin.server";
import { getQuote, openQuoteDraft, saveQuoteDraft } from "~/modules/quotes/drafts.server";
import { sendQuote, withdrawQuote } from "~/modules/quotes/lifecycle.server";
import type { LineEdits } from "~/modules/quotes/line-edits";
import { quoteDraftSchema } from "~/modules/quotes/schema";
import { requireRole } from "~/server/auth/guards.server";
import { readStaffForm } from "~/server/http/staff-action.server";
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
  if (!parsed.success) throw data({ message: "This quote does not exist." }, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, await quotingRoles());
  const quote = await getQuote(quoteId(params));
  if (!quote) throw data({ message: "This quote does not exist." }, { status: 404 });
  const confirmSend = quote.status === "draft" && new URL(request.url).searchParams.get("step") === "send";
  return { quote, confirmSend };
}

const intentSchema = z.discriminatedUnion("intent", [
  quoteDraftSchema.extend({ intent: z.literal("save") }),
  // Saves, then asks whether to send (the page's ?step=send state).
  quoteDraftSchema.extend({ intent: z.literal("review") }),
  // Saves and sends (the dialog's Send Quote).
  quoteDraftSchema.extend({ intent: z.literal("send") }),
  // Sends the draft as saved (the ?step=send state's Send Quote).
  z.object({ intent: z.literal("send-saved") }),
  z.object({
    intent: z.literal("withdraw"),
    reason: z
      .string({ error: "Say why the quote is withdrawn" })
      .trim()
      .min(3, "Say why the quote is withdrawn")
      .max(300, "The reason must be at most 300 characters"),
  }),
  z.object({ intent: z.literal("revise") }),
]);

const FAILED = {
  save: "Failed to save the quote",
  review: "Failed to save the quote",
  send: "Failed to send the quote",
  "send-saved": "Failed to send the quote",
  withdraw: "Failed to withdraw the quote",
  revise: "Failed to create the revision",
} as const;

const ACTION = {
  save: "update",
  review: "update",
  send: "send",
  "send-saved": "send",
  withdraw: "withdraw",
  revise: "create",
} as const;

export async function action(args: Route.ActionArgs) {
  const id = quoteId(args.params);
  const form = await readStaffForm(args, {
    role: await quotingRolesForAction(args.request),
    schema: intentSchema,
  });
  if (!form.ok) return form.response;
  const value = form.value;
  const actor = form.staff.user;
  const quote = await getQuote(id);
  if (!quote) throw data({ message: "This quote does not exist." }, { status: 404 });
  let next: { id: string; number: string } | undefined;
  let edits: LineEdits | undefined;
  const failed = await form.commit(
    {
      entity: "quote",
      action: ACTION[value.intent],
      id: value.intent === "revise" ? null : id,
      detail: () =>
        next
          ? quoteAuditDetail(next.number, undefined, `revision of ${quote.number}`)
          : quoteAuditDetail(
              quote.number,
              edits,
              ...(value.intent === "withdraw" ? [`Reason: ${value.reason}`] : []),
            ),
    },
    async () => {
      switch (value.intent) {
        case "save":
        case "review":
          edits = (await saveQuoteDraft(actor, id, value)).lineEdits;
          return;
        case "send":
          edits = (await saveQuoteDraft(actor, id, value)).lineEdits;
          return sendQuote(actor, id, quote.number);
        case "send-saved":
          return sendQuote(actor, id, quote.number);
        case "withdraw":
          return withdrawQuote(actor, id, value.reason);
        case "revise":
          next = await openQuoteDraft(actor, quote.enquiryId);
          return next;
      }
    },
    FAILED[value.intent],
  );
  if (failed) return failed;
  const here = `/admin/quotes/${id}`;
  switch (value.intent) {
    case "save":
      return redirectWithToast(here, { type: "success", title: "Quote saved" });
    case "review":
      return redirect(`${here}?step=send`);
    case "send":
    case "send-saved":
      return redirectWithToast(here, {
        type: "success",
        title: "Quote sent",
        description: `${quote.number} is on its way to ${value.intent === "send" ? value.customerEmail : quote.customerEmail}, with the PDF attached.`,
      });
    case "withdraw":
      return redirectWithToast(here, { type: "success", title: "Quote withdrawn" });
    case "revise":
      return redirectWithToast(next ? `/admin/quotes/${next.id}` : here, {
        type: "success",
        title: next ? `Revision ${next.number} ready to edit` : "The revision is open",
      });
  }
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
