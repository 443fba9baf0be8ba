// /admin/catalog/consent-pack: the consent pack of the products staff ticked in the catalogue list
// (drafts and unpublished products too), in the list's order: a PDF, or a ZIP of its documents.
// The list's plain GET form sends the ticked ids (repeated `id`) with the job's name, site
// address, "needed until" date and format, so it works with scripts off. For whoever may see
// the catalogue list; each download is in the audit log. No selection sends staff back to the
// list; a selection that is not one (an id that is no product's, more than one pack holds) is
// 400 with the reason.
import { recordSelectionConsentPack } from "~/modules/consent-pack/commands.server";
import { productsInSelection } from "~/modules/consent-pack/queries.server";
import { packRefusalPage, servePack } from "~/modules/consent-pack/response.server";
import { readConsentPackQuery, readPackSelection } from "~/modules/consent-pack/schema";
import { runCommand } from "~/server/commands/runner.server";
import { requireActor } from "~/server/http/intake.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/catalog-consent-pack";

const BACK = "/admin/catalog";
const NOT_MADE = "The consent pack was not made";

const refused = (message: string) => packRefusalPage(400, NOT_MADE, message, null, BACK);

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "staff");
  const url = new URL(args.request.url);
  const selection = readPackSelection(url);
  if (!selection.ok && selection.reason === "none")
    return redirectWithToast(BACK, {
      type: "error",
      title: "No products ticked",
      description: selection.message,
    });
  if (!selection.ok) return refused(selection.message);
  const query = readConsentPackQuery(url);
  if (!query.success) return refused(query.error.issues[0]?.message ?? "Check the form and try again.");
  const chosen = await productsInSelection(selection.ids);
  const gone = selection.ids.length - chosen.length;
  if (gone > 0)
    return refused(
      `${gone === 1 ? "One of the ticked products is" : `${gone} of the ticked products are`} no longer in the catalogue. Tick the products in the list again.`,
    );
  const job = { name: query.data.job, siteAddress: query.data.site };
  return servePack({
    request: {
      productIds: chosen.map((product) => product.id),
      job,
      neededUntil: query.data.until,
      publishedOnly: false,
    },
    format: query.data.format,
    named: job,
    back: BACK,
    empty: () => refused("None of the ticked products is in the catalogue any more."),
    actor,
    source: "staff",
    downloaded: () =>
      runCommand(recordSelectionConsentPack, actor, { products: chosen.map((product) => product.name) }),
  });
}
