// A quote's consent pack for staff who may quote: its products (the lines that are catalogue
// products, in line order, as they are now), the job named by the quote's customer and number;
// a PDF, or with ?format=zip a ZIP of its documents. Each download is in the audit log.
import { z } from "zod";
import { recordQuoteConsentPack } from "~/modules/consent-pack/commands.server";
import { servePack } from "~/modules/consent-pack/response.server";
import { quotingRoles } from "~/modules/quotes/access.server";
import { getQuote } from "~/modules/quotes/drafts.server";
import { QUOTE_NOT_FOUND } from "~/modules/quotes/messages";
import { runCommand } from "~/server/commands/runner.server";
import { requireActor } from "~/server/http/intake.server";
import { notFound } from "~/server/http/not-found";
import type { Route } from "./+types/quote-consent-pack-staff";

const NO_PRODUCTS = "This quote has no catalogue products, so there is no consent pack to make.";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, await quotingRoles());
  const id = z.uuid().safeParse(args.params.id);
  const quote = id.success ? await getQuote(id.data) : null;
  if (!quote) throw notFound(QUOTE_NOT_FOUND);
  const productIds = quote.lines.flatMap((line) => (line.productId ? [line.productId] : []));
  const job = {
    name: [quote.customerName, quote.customerCompany].filter(Boolean).join(", "),
    siteAddress: "",
    reference: `Quote ${quote.number}`,
  };
  return servePack({
    request: { productIds, job, neededUntil: null, publishedOnly: false },
    format: new URL(args.request.url).searchParams.get("format") === "zip" ? "zip" : "pdf",
    named: { ...job, name: quote.number },
    back: `/admin/quotes/${quote.id}`,
    empty: () => {
      throw notFound(NO_PRODUCTS);
    },
    actor,
    source: "staff",
    downloaded: (products) =>
      runCommand(recordQuoteConsentPack, actor, { quoteId: quote.id, number: quote.number, products }),
  });
}
