// A sent quote's consent pack in its e-mail, when Settings > Quotes says so: attached beside the
// quote's PDF when it can be made now and is small enough to travel, else the customer's link to
// download it, so the e-mail never becomes one a relay refuses and the send never fails or waits
// on the pack. The pack itself is made by the consent pack module, which builds on this one (it
// draws with the quote PDF's look and reads the quote settings), so this module cannot import it:
// whoever sends a quote hands in the maker (consent-pack/quote-mail.server.ts).
import type { MailAttachment } from "~/server/db/schema";
import { logger } from "~/server/logger.server";

/**
 * The largest consent pack attached to a quote's e-mail. Common mail servers refuse messages of
 * about 10 to 25 MB (base64 makes an attachment a third larger on the way), and a refused e-mail
 * would leave the customer without their quote: a larger pack is sent as a link instead.
 */
export const CONSENT_PACK_MAIL_MAX_BYTES = 10 * 1024 * 1024;

/** The quote being sent, as its consent pack needs it. */
export type QuoteForPack = {
  /** The lines' catalogue products, in line order. */
  productIds: string[];
  customerName: string;
  customerCompany: string | null;
  number: string;
  /** When it is sent: the pack's date. */
  now: Date;
};

/** Why a pack could not be made now. */
export type PackNotMade = "busy" | "timed_out";

/** The pack as stored, or why it could not be made now; null when there is nothing to pack. */
export type MadeConsentPack =
  | { made: true; path: string; size: number; fileName: string }
  | { made: false; reason: PackNotMade };

/** Makes (or finds stored) the consent pack of a quote being sent, within the drawing's time limit. */
export type ConsentPackMaker = (quote: QuoteForPack) => Promise<MadeConsentPack | null>;

/** The pack in the e-mail: attached, or linked with the reason it is not (for the audit log). */
export type PackInMail =
  | { kind: "attached"; attachment: MailAttachment }
  | { kind: "linked"; reason: string };

/** "12.4 MB" */
function megabytes(bytes: number) {
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}

const NOT_MADE: Record<PackNotMade | "failed", string> = {
  busy: "too many packs were being made",
  timed_out: "it took too long to make",
  failed: "it could not be made",
};

/**
 * The quote's consent pack as its e-mail carries it; null when the setting is off or the quote
 * has nothing to pack (no catalogue product, or none with a sheet or a certificate).
 */
export async function consentPackForMail(
  make: ConsentPackMaker,
  quote: QuoteForPack,
  settings: { attachConsentPack: boolean },
): Promise<PackInMail | null> {
  if (!settings.attachConsentPack || quote.productIds.length === 0) return null;
  let made: MadeConsentPack | null;
  try {
    made = await make(quote);
  } catch (error) {
    // The quote goes whatever happened to its pack; the customer can still download it.
    logger.error({ err: error, quote: quote.number }, "the consent pack for a quote's e-mail failed");
    return { kind: "linked", reason: NOT_MADE.failed };
  }
  if (!made) return null;
  if (!made.made) return { kind: "linked", reason: NOT_MADE[made.reason] };
  if (made.size > CONSENT_PACK_MAIL_MAX_BYTES)
    return {
      kind: "linked",
      reason: `${megabytes(made.size)}, more than the ${megabytes(CONSENT_PACK_MAIL_MAX_BYTES)} an e-mail carries`,
    };
  return {
    kind: "attached",
    attachment: { filename: made.fileName, contentType: "application/pdf", path: made.path },
  };
}

/** What the send's audit event says of the pack. */
export function packInWords(pack: PackInMail) {
  return pack.kind === "attached"
    ? "consent pack attached"
    : `consent pack linked, not attached: ${pack.reason}`;
}
