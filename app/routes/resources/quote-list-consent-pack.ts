// /quote-list/consent-pack: the visitor's quote list as a consent pack (a PDF, or a ZIP of its
// documents, to save). The form on /contact sends the job's name, site address, "needed until"
// date and format here by GET, so it works with scripts off and on alike; a list that is empty,
// or a date that is not one, sends the visitor back to their list with the reason. Visitors are
// limited per address an hour, and a busy server answers with how many packs are ahead.
import { servePublicPack } from "~/modules/consent-pack/response.server";
import { getQuoteListItems } from "~/modules/quote-list/quote-list.server";
import { auditOriginOf } from "~/server/audit/audit.server";
import { visitorActor } from "~/server/commands/actor";
import { clientIpContext } from "~/server/security/request-context";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/quote-list-consent-pack";

const BACK = "/contact#quote-list";

const empty = () =>
  redirectWithToast(BACK, {
    type: "error",
    title: "Your quote list is empty",
    description: "Add products to your quote list to make their consent pack.",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const clientIp = context.get(clientIpContext);
  const items = await getQuoteListItems(request, context);
  return servePublicPack({
    request,
    clientIp,
    actor: visitorActor(auditOriginOf(request, clientIp)),
    back: BACK,
    productIds: items.map((item) => item.productId),
    job: (fields) => ({ name: fields.job, siteAddress: fields.site }),
    empty,
  });
}
