import type { SubmissionResult } from "@conform-to/react";
import { data, isRouteErrorResponse, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { NotFoundScreen, PageFailedScreen } from "~/components/site/product-page/not-found-screen";
import { QuoteAnswerForms } from "~/components/site/quote/quote-answer-forms";
import { QuoteDocument } from "~/components/site/quote/quote-document";
import { QuoteNotice, QuoteStatusLine } from "~/components/site/quote/quote-status";
import { cn } from "~/lib/utils";
import {
  QUOTE_ANSWER_INTENTS,
  type QuoteAnswerIntent,
  quoteAnswerSchema,
} from "~/modules/quotes/customer.schema";
import {
  answerCustomerQuote,
  checkQuoteRate,
  couldBeQuoteToken,
  QUOTE_LINK_HEADERS,
  type QuoteRateKind,
  readCustomerQuote,
} from "~/modules/quotes/customer.server";
import { privatePageMeta } from "~/modules/seo/meta";
import { parseSubmission, readFormData } from "~/server/http/intents";
import { clientIpContext } from "~/server/security/request-context";
import type { Route } from "./+types/quote";

// The customer's quote, through the secret link of its e-mail. Personal, so never page-cached
// (no `handle`), and every answer, refusals included, carries QUOTE_LINK_HEADERS.

export type QuoteActionData = {
  /** The form the answer is for; null when it is for none (too many attempts, an unreadable post). */
  intent: QuoteAnswerIntent | null;
  result?: SubmissionResult<string[]>;
  /** Shown above the quote: the quote closed meanwhile, or too many attempts. */
  error?: string;
};

const TOO_MANY_VIEWS = "Too many requests from your connection. Please wait a minute and try again.";
const TOO_MANY_ANSWERS = "Too many attempts from your connection. Please wait a few minutes and try again.";
const UNREADABLE = "Your answer could not be read. Please reload the page and try again.";

export function headers({ loaderHeaders, actionHeaders, errorHeaders }: Route.HeadersArgs) {
  const headers = new Headers(QUOTE_LINK_HEADERS);
  const retryAfter = [errorHeaders, actionHeaders, loaderHeaders]
    .map((source) => source?.get("Retry-After"))
    .find(Boolean);
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (loaderData) return privatePageMeta(`Quote ${loaderData.quote.number}`);
  const limited = isRouteErrorResponse(error) && error.status === 429;
  return privatePageMeta(limited ? "Too many requests" : "Page not found");
}

function notFound() {
  return data(null, { status: 404, headers: QUOTE_LINK_HEADERS });
}

/**
 * A token that could name no quote is a 404 before anything is counted; otherwise the request
 * is counted against the address. Returns the headers of a 429 when it is over the limit.
 */
async function admit(token: string, kind: QuoteRateKind, clientIp: string) {
  if (!couldBeQuoteToken(token)) throw notFound();
  const retryAfterSeconds = await checkQuoteRate(kind, clientIp);
  return retryAfterSeconds === null
    ? null
    : { ...QUOTE_LINK_HEADERS, "Retry-After": String(retryAfterSeconds) };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const limited = await admit(params.token, "view", context.get(clientIpContext));
  if (limited) throw data(TOO_MANY_VIEWS, { status: 429, headers: limited });
  const quote = await readCustomerQuote(params.token, { view: request.method === "GET" });
  if (!quote) throw notFound();
  return data({ quote }, { headers: QUOTE_LINK_HEADERS });
}

function answer(body: QuoteActionData, status: number, headers: HeadersInit = QUOTE_LINK_HEADERS) {
  return data(body, { status, headers });
}

/**
 * A refused answer (409: the quote closed meanwhile) reloads the quote, so the page shows where it
 * now stands instead of the forms; other failed answers (400, 429) changed nothing and keep it.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { token } = params;
  const limited = await admit(token, "answer", context.get(clientIpContext));
  if (limited) return answer({ intent: null, error: TOO_MANY_ANSWERS }, 429, limited);
  const formData = await readFormData(request);
  if (!formData) return answer({ intent: null, error: UNREADABLE }, 400);
  const posted = formData.get("intent");
  const intent = QUOTE_ANSWER_INTENTS.find((known) => known === posted) ?? null;
  const submission = parseSubmission(formData, quoteAnswerSchema);
  if (submission.status !== "success") return answer({ intent, result: submission.reply() }, 400);

  const outcome = await answerCustomerQuote(token, submission.value);
  // Back to the page (303: a GET), which now shows the answer.
  if (outcome.ok) return redirect(`/quote/${token}`, { status: 303, headers: QUOTE_LINK_HEADERS });
  if (outcome.reason === "not_found") throw notFound();
  // Closed meanwhile (answered in another tab, expired, replaced): nothing was written.
  return answer(
    { intent, result: submission.reply({ formErrors: [outcome.message] }), error: outcome.message },
    409,
  );
}

export default function QuotePage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { quote } = loaderData;
  return (
    <div
      className={cn(
        "container mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:py-10",
        // Printed, the quote is the page: the site's header and footer stay off paper.
        "print:max-w-none print:gap-4 print:px-0 print:py-0",
        "print:[:root:has(&)_[data-testid=site-header]]:hidden print:[:root:has(&)_footer]:hidden",
      )}
    >
      {actionData?.error ? <QuoteNotice tone="error">{actionData.error}</QuoteNotice> : null}
      <QuoteDocument quote={quote} pdfHref={`/quote/${params.token}/pdf`}>
        <QuoteStatusLine state={quote.state} validUntil={quote.validUntilOn} />
      </QuoteDocument>
      {quote.state.kind === "open" ? (
        <QuoteAnswerForms actionData={actionData} traderName={quote.trader.name} />
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isRouteErrorResponse(error) && error.status === 429) {
    return (
      <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="font-bold text-4xl">Too many requests</h1>
        <p className="text-lg text-muted-foreground">{TOO_MANY_VIEWS}</p>
      </section>
    );
  }
  return <PageFailedScreen />;
}
