// The consent pack's writes. Keeping a drawn pack is a cache write to storage, done after it is
// drawn and outside any transaction (it holds no row); a pack staff make is in the audit log.
import { defineCommand } from "~/server/commands/runner.server";
import { getStorage } from "~/server/storage/storage.server";
import { quotingRoles } from "../quotes/access.server";
import { quoteEntity } from "../quotes/entity";

/**
 * Keeps a drawn pack under its content's name. Two requests drawing the same pack at once both
 * keep it: the second finds the name taken (the same bytes) and leaves the first.
 */
export async function keepConsentPack(name: string, bytes: Uint8Array) {
  try {
    await getStorage().put("consent_packs", name, bytes, { name });
  } catch (error) {
    if (await getStorage().exists("consent_packs", name)) return;
    throw error;
  }
}

/** The audit event of a consent pack staff downloaded for a quote. */
export const recordQuoteConsentPack = defineCommand({
  name: "quote.consent_pack",
  entity: quoteEntity,
  access: () => quotingRoles(),
  target: (input: { quoteId: string; number: string; products: number }) => ({
    action: "download",
    id: input.quoteId,
    summary: `Downloaded the consent pack of quote ${input.number} (${input.products} ${
      input.products === 1 ? "product" : "products"
    })`,
  }),
  run: async () => undefined,
});
