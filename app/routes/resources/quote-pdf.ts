import { data } from "react-router";
import {
  checkQuoteRate,
  couldBeQuoteToken,
  openCustomerQuotePdf,
  QUOTE_LINK_HEADERS,
} from "~/modules/quotes/customer.server";
import { QUOTE_NOT_FOUND } from "~/modules/quotes/messages";
import { notFound } from "~/server/http/not-found";
import { customerPdfResponse } from "~/server/http/quote-pdf-response.server";
import { clientIpContext } from "~/server/security/request-context";
import type { Route } from "./+types/quote-pdf";

// The customer's quote as the PDF stored when it was sent, through the same secret link as the
// page: shown in the browser (inline), kept by no cache, counted against the page's rate limit.
// An unknown token, a draft's, or a quote without a stored PDF is the same 404.
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!couldBeQuoteToken(params.token)) throw notFound(QUOTE_NOT_FOUND, QUOTE_LINK_HEADERS);
  const retryAfterSeconds = await checkQuoteRate("view", context.get(clientIpContext));
  if (retryAfterSeconds !== null) {
    throw data("Too many requests", {
      status: 429,
      headers: { ...QUOTE_LINK_HEADERS, "Retry-After": String(retryAfterSeconds) },
    });
  }
  const pdf = await openCustomerQuotePdf(params.token);
  if (!pdf) throw notFound(QUOTE_NOT_FOUND, QUOTE_LINK_HEADERS);
  return customerPdfResponse(pdf, QUOTE_LINK_HEADERS);
}
