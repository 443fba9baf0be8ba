// For the quote tests: a staff account, and an enquiry with a draft quote (one or more lines of
// 3 × $19.99 unless told otherwise) saved through the module, as the builder would.
import crypto from "node:crypto";
import { nzDatePlusDays, openQuoteDraft, saveQuoteDraft } from "~/modules/quotes/drafts.server";
import { quoteDraftSchema } from "~/modules/quotes/schema";
import type { Database } from "~/server/db/client.server";
import { contactQueries } from "~/server/db/schema";
import { createUser } from "./users";

const unique = () => crypto.randomBytes(5).toString("hex");

export function quoteStaff(name = "Aroha Staff") {
  return createUser({ email: `${unique()}@example.nz`, name, role: "admin", password: "a-long-password-1" });
}

type DraftOptions = {
  /** Valid for this many days from today (negative: a day gone by). */
  days?: number;
  lines?: Record<string, string>[];
  fields?: Record<string, unknown>;
};

const PLYWOOD = { description: "Plywood 12mm", quantityMilli: "3", unitPriceCents: "19.99" };

/** A new enquiry from Mere Parata and its draft quote, saved with `lines` (one plywood line by default). */
export async function draftQuoteFor(
  db: Database,
  actor: { id: string; name: string },
  { days = 30, lines = [PLYWOOD], fields = {} }: DraftOptions = {},
) {
  const [enquiry] = await db
    .insert(contactQueries)
    .values({
      fullName: "Mere Parata",
      email: `mere-${unique()}@example.co.nz`,
      subject: "Quote Request",
      message: "Please quote the items on my list.",
    })
    .returning();
  if (!enquiry) throw new Error("no enquiry");
  const draft = await openQuoteDraft(actor, enquiry.id);
  await saveQuoteDraft(
    actor,
    draft.id,
    quoteDraftSchema.parse({
      customerName: "Mere Parata",
      customerEmail: enquiry.email,
      validUntil: nzDatePlusDays(days),
      lines,
      ...fields,
    }),
  );
  return { enquiry, draft };
}
