// /quote-list/consent-pack: the visitor's quote list as a consent pack (a PDF to save). The form
// on /contact sends the job's name, site address and "needed until" date here by GET, so it works
// with scripts off and on alike; a list that is empty, or a date that is not one, sends the
// visitor back to their list with the reason. Visitors are limited per address an hour, and a
// busy server answers with how many packs are ahead (response.server.ts).
import { nzToday } from "~/lib/nz-date";
import { consentPackFileName, getConsentPack } from "~/modules/consent-pack/build.server";
import { answerPack, consentPackResponse, packRateRefusal } from "~/modules/consent-pack/response.server";
import { readConsentPackQuery } from "~/modules/consent-pack/schema";
import { getQuoteListItems } from "~/modules/quote-list/quote-list.server";
import { clientIpContext } from "~/server/security/request-context";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/quote-list-consent-pack";

const BACK = "/contact#quote-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readConsentPackQuery(new URL(request.url));
  if (!query.success)
    return redirectWithToast(BACK, {
      type: "error",
      title: "The consent pack was not made",
      description: query.error.issues[0]?.message,
    });
  const items = await getQuoteListItems(request, context);
  if (items.length === 0)
    return redirectWithToast(BACK, {
      type: "error",
      title: "Your quote list is empty",
      description: "Add products to your quote list to make their consent pack.",
    });
  const refused = await packRateRefusal(context.get(clientIpContext), BACK);
  if (refused) return refused;
  const job = { name: query.data.job, siteAddress: query.data.site };
  return answerPack(async () => {
    const pack = await getConsentPack({
      productIds: items.map((item) => item.productId),
      job,
      neededUntil: query.data.until,
      publishedOnly: true,
    });
    if (!pack)
      return redirectWithToast(BACK, {
        type: "error",
        title: "Your quote list is empty",
        description: "Add products to your quote list to make their consent pack.",
      });
    return consentPackResponse(pack, consentPackFileName(job, nzToday()));
  }, BACK);
}
