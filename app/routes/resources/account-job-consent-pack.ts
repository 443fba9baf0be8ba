// /account/jobs/:id/consent-pack: the consent pack of one of the signed-in customer's jobs (a PDF,
// or a ZIP of its documents, to save): the products of its list that are in the catalogue, in
// the list's order, with the job's name and site address on the cover. The job page's plain GET
// form sends the "needed until" date and the format, so it works with scripts off. Another
// customer's job, or an id that is not one, is not found; a job with no product in the catalogue
// is told so. Limited per address an hour like the quote list's pack.
import { packRefusalPage, servePublicPack } from "~/modules/consent-pack/response.server";
import { getJobLines, requireOwnJob } from "~/modules/jobs/queries.server";
import { auditOriginOf } from "~/server/audit/audit.server";
import { requireCustomer } from "~/server/auth/guards.server";
import { accountActor } from "~/server/commands/actor";
import { clientIpContext } from "~/server/security/request-context";
import type { Route } from "./+types/account-job-consent-pack";

const EMPTY_JOB_MESSAGE =
  "This job's list has no products in the catalogue, so there is no consent pack to make. Add products to the job, then download its pack.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const job = await requireOwnJob(user.id, params.id);
  const back = `/account/jobs/${job.id}#consent-pack`;
  const clientIp = context.get(clientIpContext);
  const lines = await getJobLines(job.id);
  return servePublicPack({
    request,
    clientIp,
    actor: accountActor(user, auditOriginOf(request, clientIp)),
    back,
    productIds: lines.flatMap((line) => (line.product ? [line.productId] : [])),
    job: () => ({ name: job.name, siteAddress: job.siteAddress }),
    empty: () => packRefusalPage(409, "No consent pack for this job", EMPTY_JOB_MESSAGE, null, back),
  });
}
