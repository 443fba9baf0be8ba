// A quote's consent pack for its e-mail (the quote module decides whether it goes attached or as
// a link): the pack staff download for the quote (its catalogue products as they are now, the job
// named by the customer and the quote's number), made in turn like any other and stored in the
// consent_packs bucket, where the mail worker reads it when the message goes. A send never waits
// for it longer than the drawing's time limit, its wait for a turn included: past that it is
// "timed out" for the e-mail, and a drawing still under way finishes and is kept for the link.
import { nzToday } from "~/lib/nz-date";
import { getEnv } from "~/server/env.server";
import type { MadeConsentPack, QuoteForPack } from "../quotes/consent-pack-mail.server";
import { consentPackFileName, getConsentPack, type ServedPack } from "./build.server";
import { PackBusy, PackTimedOut } from "./gate.server";
import { loadPackRecords } from "./queries.server";

export async function consentPackForQuoteMail(quote: QuoteForPack): Promise<MadeConsentPack | null> {
  // Something to pack: a sheet or a certificate of one of its products, not only their names.
  const records = await loadPackRecords(quote.productIds, { publishedOnly: false });
  if (!records.products.some((product) => product.sheet) && records.certificates.length === 0) return null;
  const job = {
    name: [quote.customerName, quote.customerCompany].filter(Boolean).join(", "),
    siteAddress: "",
    reference: `Quote ${quote.number}`,
  };
  const asked = getConsentPack({
    productIds: quote.productIds,
    job,
    neededUntil: null,
    publishedOnly: false,
    now: quote.now,
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), getEnv().CONSENT_PACK_TIMEOUT_SECONDS * 1000);
  });
  // Only the pack's name and size are needed here: its stream is let go unread.
  const letGo = (pack: ServedPack | null) => pack?.body.destroy();
  try {
    const pack = await Promise.race([asked, late]);
    if (pack === "late") {
      void asked.then(letGo, () => undefined);
      return { made: false, reason: "timed_out" };
    }
    if (!pack) return null;
    letGo(pack);
    return {
      made: true,
      path: `consent_packs/${pack.name}`,
      size: pack.size,
      fileName: consentPackFileName({ ...job, name: quote.number }, nzToday(quote.now)),
    };
  } catch (error) {
    if (error instanceof PackBusy) return { made: false, reason: "busy" };
    if (error instanceof PackTimedOut) return { made: false, reason: "timed_out" };
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
