// One of the customer's quotes in their account: the same page as the quote's e-mailed link, with
// its PDF and the same three answers, run by the same commands with the account's holder as the
// actor. A quote not sent to the account's confirmed address (another customer's, a draft, an
// id that is not one) is the same 404.
import { data, isRouteErrorResponse, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { NotFoundScreen, PageFailedScreen } from "~/components/site/product-page/not-found-screen";
import { QuoteAnswerForms } from "~/components/site/quote/quote-answer-forms";
import { QuoteDocument } from "~/components/site/quote/quote-document";
import { QuoteNotice, QuoteStatusLine } from "~/components/site/quote/quote-status";
import { findAccountQuote } from "~/modules/quotes/account.server";
import { answerQuote, markQuoteViewed } from "~/modules/quotes/commands.server";
import { quoteAnswerSchema } from "~/modules/quotes/customer.schema";
import {
  answerOf,
  customerQuoteView,
  type QuoteActionData,
  refusedAnswer,
} from "~/modules/quotes/customer.server";
import { QUOTE_NOT_FOUND } from "~/modules/quotes/messages";
import { privatePageMeta } from "~/modules/seo/meta";
import { auditOriginOf } from "~/server/audit/audit.server";
import { requireCustomer } from "~/server/auth/guards.server";
import { accountActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { readForm } from "~/server/http/intake.server";
import { notFound } from "~/server/http/not-found";
import { clientIpContext } from "~/server/security/request-context";
import type { Route } from "./+types/quote";

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData ? `Quote ${loaderData.quote.number}` : "Page not found");
}

/** The account's quote `id`, or the 404 every other id gets. */
async function ownQuote(request: Request, id: string) {
  const user = await requireCustomer(request);
  const found = await findAccountQuote(user.id, id);
  if (!found) throw notFound(QUOTE_NOT_FOUND);
  return { user, found };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, found } = await ownQuote(request, params.id);
  // Opened by its customer (a GET), a sent quote is viewed, as through its link.
  if (request.method === "GET" && found.quote.status === "sent") {
    const holder = accountActor(user, auditOriginOf(request, context.get(clientIpContext)));
    await runCommand(markQuoteViewed, holder, { id: found.quote.id });
  }
  return { id: found.quote.id, quote: await customerQuoteView(found) };
}

function answer(body: QuoteActionData, status: number) {
  return data(body, { status });
}

/** A refused answer that closed the quote meanwhile (409) reloads it; others changed nothing. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  const { found } = await ownQuote(args.request, args.params.id);
  const form = await readForm(args, { access: "account", schema: quoteAnswerSchema, conformIntents: false });
  if (!form.ok) {
    const { body, status } = refusedAnswer(form.response);
    return answer(body, status);
  }
  const input = { id: found.quote.id, answer: answerOf(form.value) };
  const done = await form.run(answerQuote, input, "Your answer was not sent");
  // Back to the page (303: a GET), which now shows the answer.
  if (done.ok) return redirect(`/account/quotes/${found.quote.id}`, { status: 303 });
  const { body, status } = refusedAnswer(done.response, true);
  return answer(body, status);
}

/** Asking for a new quote starts from this one's lines, on the contact form. */
const ASK_AGAIN = new Set(["expired", "declined", "withdrawn", "superseded"]);

export default function AccountQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { id, quote } = loaderData;
  const newQuoteHref = ASK_AGAIN.has(quote.state.kind) ? `/contact?from-quote=${id}` : undefined;
  return (
    <div className="grid gap-6">
      <p className="print:hidden">
        <Link to="/account/quotes" className="text-primary text-sm underline underline-offset-4">
          ← All your quotes
        </Link>
      </p>
      {actionData?.error ? <QuoteNotice tone="error">{actionData.error}</QuoteNotice> : null}
      <QuoteDocument quote={quote} pdfHref={`/account/quotes/${id}/pdf`}>
        <QuoteStatusLine state={quote.state} validUntil={quote.validUntilOn} newQuoteHref={newQuoteHref} />
      </QuoteDocument>
      {quote.state.kind === "open" ? (
        <QuoteAnswerForms actionData={actionData} traderName={quote.trader.name} />
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return <PageFailedScreen />;
}
