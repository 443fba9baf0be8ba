// /quote/:token/consent-pack: the consent pack of the quote a customer's link names (a PDF, or a
// ZIP of its documents): its catalogue products as they are now, the job named by the form's
// fields or else the quote's number. Allowed exactly as the quote's PDF is: a token that could
// name no quote, an unknown one and a draft's are the same 404, and each request counts against
// the link's rate limit; a pack also counts against the hourly pack limit of the address.
import { data } from "react-router";
import { packRateRefusal, packRefusalPage, servePack } from "~/modules/consent-pack/response.server";
import { readConsentPackQuery } from "~/modules/consent-pack/schema";
import {
  checkQuoteRate,
  couldBeQuoteToken,
  customerOf,
  findCustomerQuote,
  QUOTE_LINK_HEADERS,
} from "~/modules/quotes/customer.server";
import { getQuote } from "~/modules/quotes/drafts.server";
import { QUOTE_NOT_FOUND } from "~/modules/quotes/messages";
import { auditOriginOf } from "~/server/audit/audit.server";
import { customerActor } from "~/server/commands/actor";
import { notFound } from "~/server/http/not-found";
import { clientIpContext } from "~/server/security/request-context";
import type { Route } from "./+types/quote-consent-pack";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!couldBeQuoteToken(params.token)) throw notFound(QUOTE_NOT_FOUND, QUOTE_LINK_HEADERS);
  const clientIp = context.get(clientIpContext);
  const retryAfterSeconds = await checkQuoteRate("view", clientIp);
  if (retryAfterSeconds !== null)
    throw data("Too many requests", {
      status: 429,
      headers: { ...QUOTE_LINK_HEADERS, "Retry-After": String(retryAfterSeconds) },
    });
  const found = await findCustomerQuote(params.token);
  const quote = found ? await getQuote(found.quote.id) : null;
  if (!found || !quote) throw notFound(QUOTE_NOT_FOUND, QUOTE_LINK_HEADERS);
  const back = `/quote/${params.token}`;
  const query = readConsentPackQuery(new URL(request.url));
  const fields = query.success ? query.data : { job: "", site: "", until: null, format: "pdf" as const };
  const refused = await packRateRefusal(clientIp, back);
  if (refused) return refused;
  const job = { name: fields.job, siteAddress: fields.site, reference: `Quote ${found.number}` };
  return servePack({
    request: {
      productIds: quote.lines.flatMap((line) => (line.productId ? [line.productId] : [])),
      job,
      neededUntil: fields.until,
      publishedOnly: false,
    },
    format: fields.format,
    named: fields.job ? job : { ...job, name: found.number },
    back,
    empty: () =>
      packRefusalPage(
        404,
        "No consent pack for this quote",
        "This quote has no catalogue products, so there is no consent pack to make.",
        null,
        back,
      ),
    actor: customerActor(customerOf(found), auditOriginOf(request, clientIp)),
    source: "customer",
  });
}
