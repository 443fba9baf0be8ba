// /catalog/:slug/consent-pack: one published product's consent pack (a PDF, or a ZIP of its
// documents), from the form on its page: the job's name, site address, "needed until" date and
// format by GET, so it works with scripts off. Limited per address an hour like the quote list's.

import { publishedProductBySlug } from "~/modules/consent-pack/queries.server";
import { servePublicPack } from "~/modules/consent-pack/response.server";
import { auditOriginOf } from "~/server/audit/audit.server";
import { visitorActor } from "~/server/commands/actor";
import { notFound } from "~/server/http/not-found";
import { clientIpContext } from "~/server/security/request-context";
import type { Route } from "./+types/product-consent-pack";

const GONE = "This product is not in the catalogue.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const product = await publishedProductBySlug(params.slug);
  if (!product) throw notFound(GONE);
  const clientIp = context.get(clientIpContext);
  return servePublicPack({
    request,
    clientIp,
    actor: visitorActor(auditOriginOf(request, clientIp)),
    back: `/catalog/${product.slug}#consent-pack`,
    productIds: [product.id],
    job: (fields) => ({ name: fields.job, siteAddress: fields.site, reference: product.name }),
    empty: () => {
      throw notFound(GONE);
    },
  });
}
