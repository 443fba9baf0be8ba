import { findAccountQuote } from "~/modules/quotes/account.server";
import { openQuotePdfOf } from "~/modules/quotes/customer.server";
import { QUOTE_NOT_FOUND } from "~/modules/quotes/messages";
import { requireCustomer } from "~/server/auth/guards.server";
import { notFound } from "~/server/http/not-found";
import { customerPdfResponse } from "~/server/http/quote-pdf-response.server";
import type { Route } from "./+types/account-quote-pdf";

// The PDF of one of the signed-in customer's quotes, as stored when it was sent: the same file
// as its link's. Another customer's quote, a draft, a quote without a PDF: the same 404.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const pdf = await openQuotePdfOf(await findAccountQuote(user.id, params.id));
  if (!pdf) throw notFound(QUOTE_NOT_FOUND);
  return customerPdfResponse(pdf, { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
}
