// /catalog/:slug/consent-pack: one published product's consent pack (a PDF, or a ZIP of its
// documents), from the form on its page: the job's name, site address, "needed until" date and
// format by GET, so it works with scripts off. Limited per address an hour like the quote list's.

import { publishedProductBySlug } from "~/modules/consent-pack/queries.server";
import { packRateRefusal, servePack } from "~/modules/consent-pack/response.server";
import { readConsentPackQuery } from "~/modules/consent-pack/schema";
import { auditOriginOf } from "~/server/audit/audit.server";
import { visitorActor } from "~/server/commands/actor";
import { notFound } from "~/server/http/not-found";
import { clientIpContext } from "~/server/security/request-context";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/product-consent-pack";

const GONE = "This product is not in the catalogue.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const product = await publishedProductBySlug(params.slug);
  if (!product) throw notFound(GONE);
  const back = `/catalog/${product.slug}#consent-pack`;
  const query = readConsentPackQuery(new URL(request.url));
  if (!query.success)
    return redirectWithToast(back, {
      type: "error",
      title: "The consent pack was not made",
      description: query.error.issues[0]?.message,
    });
  const refused = await packRateRefusal(context.get(clientIpContext), back);
  if (refused) return refused;
  const job = { name: query.data.job, siteAddress: query.data.site, reference: product.name };
  return servePack({
    request: { productIds: [product.id], job, neededUntil: query.data.until, publishedOnly: true },
    format: query.data.format,
    named: job,
    back,
    empty: () => {
      throw notFound(GONE);
    },
    actor: visitorActor(auditOriginOf(request, context.get(clientIpContext))),
    source: "visitor",
  });
}
