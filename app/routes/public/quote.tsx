import { data, isRouteErrorResponse, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { NotFoundScreen, PageFailedScreen } from "~/components/site/product-page/not-found-screen";
import { QuoteAnswerForms } from "~/components/site/quote/quote-answer-forms";
import { QuoteDocument } from "~/components/site/quote/quote-document";
import { QuoteNotice, QuoteStatusLine } from "~/components/site/quote/quote-status";
import { ConsentPackForm } from "~/components/site/quote-list/consent-pack-form";
import type { ActionFailure } from "~/lib/action-error";
import { cn } from "~/lib/utils";
import { answerQuote, markQuoteViewed } from "~/modules/quotes/commands.server";
import { quoteAnswerSchema } from "~/modules/quotes/customer.schema";
import {
  answerOf,
  checkQuoteRate,
  couldBeQuoteToken,
  customerOf,
  customerQuoteView,
  findCustomerQuote,
  QUOTE_LINK_HEADERS,
  type QuoteActionData,
  type QuoteRateKind,
  refusedAnswer,
} from "~/modules/quotes/customer.server";
import { QUOTE_NOT_FOUND } from "~/modules/quotes/messages";
import { privatePageMeta } from "~/modules/seo/meta";
import { auditOriginOf } from "~/server/audit/audit.server";
import { customerActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { readForm } from "~/server/http/intake.server";
import { notFound } from "~/server/http/not-found";
import { clientIpContext } from "~/server/security/request-context";
import type { Route } from "./+types/quote";

// The customer's quote, through the secret link of its e-mail. Personal, so never page-cached
// (no `handle`), and every answer, refusals included, carries QUOTE_LINK_HEADERS. Opening it and
// answering it are commands run on behalf of the customer the quote names.

const TOO_MANY_VIEWS = "Too many requests from your connection. Please wait a minute and try again.";
const TOO_MANY_ANSWERS = "Too many attempts from your connection. Please wait a few minutes and try again.";

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

/** Every token that names no quote gets the same 404, so a guess learns nothing. */
function noQuote() {
  return notFound(QUOTE_NOT_FOUND, QUOTE_LINK_HEADERS);
}

/**
 * A token that could name no quote is a 404 before anything is counted; otherwise the request
 * is counted against the address. Returns the headers of a 429 when it is over the limit.
 */
async function admit(token: string, kind: QuoteRateKind, clientIp: string) {
  if (!couldBeQuoteToken(token)) throw noQuote();
  const retryAfterSeconds = await checkQuoteRate(kind, clientIp);
  return retryAfterSeconds === null
    ? null
    : { ...QUOTE_LINK_HEADERS, "Retry-After": String(retryAfterSeconds) };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const clientIp = context.get(clientIpContext);
  const limited = await admit(params.token, "view", clientIp);
  if (limited) throw data(TOO_MANY_VIEWS, { status: 429, headers: limited });
  const found = await findCustomerQuote(params.token);
  if (!found) throw noQuote();
  // The customer opening it (a GET) marks a sent quote viewed, the first time.
  if (request.method === "GET" && found.quote.status === "sent") {
    const customer = customerActor(customerOf(found), auditOriginOf(request, clientIp));
    await runCommand(markQuoteViewed, customer, { id: found.quote.id });
  }
  return data({ quote: await customerQuoteView(found) }, { headers: QUOTE_LINK_HEADERS });
}

function answer(body: QuoteActionData, status: number, headers: HeadersInit = QUOTE_LINK_HEADERS) {
  return data(body, { status, headers });
}

function refused(failure: { data: ActionFailure; init: ResponseInit | null }, fromCommand = false) {
  const { body, status } = refusedAnswer(failure, fromCommand);
  return answer(body, status);
}

/**
 * A refused answer (409: the quote closed meanwhile) reloads the quote, so the page shows where it
 * now stands instead of the forms; other failed answers (400, 429) changed nothing and keep it.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  const { token } = args.params;
  const limited = await admit(token, "answer", args.context.get(clientIpContext));
  if (limited) return answer({ intent: null, error: TOO_MANY_ANSWERS }, 429, limited);
  const found = await findCustomerQuote(token);
  if (!found) throw noQuote();
  const form = await readForm(args, {
    access: "customer",
    actor: (origin) => customerActor(customerOf(found), origin),
    schema: quoteAnswerSchema,
  });
  if (!form.ok) return refused(form.response);
  const input = { id: found.quote.id, answer: answerOf(form.value) };
  const done = await form.run(answerQuote, input, "Your answer was not sent");
  // Back to the page (303: a GET), which now shows the answer.
  if (done.ok) return redirect(`/quote/${token}`, { status: 303, headers: QUOTE_LINK_HEADERS });
  // Closed meanwhile (answered in another tab, expired, replaced): nothing was written.
  return refused(done.response, true);
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
      <ConsentPackForm
        action={`/quote/${params.token}/consent-pack`}
        headingLevel={2}
        className="print:hidden"
        description="The building product information and current certificates of this quote's products as one PDF for your council, with a cover and an index. Name the job if you like; all fields are optional."
      />
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
