// The consent pack's writes. Keeping a drawn pack is a cache write to storage, done after it is
// drawn and outside any transaction (it holds no row); a pack staff make (for a quote, or for
// products ticked in the catalogue list) is in the audit log; every pack downloaded is counted (a
// row without who asked) for the dashboard. Old packs are deleted by the housekeeping sweep
// (sweep.server.ts) through `removeOldConsentPacks`, one audit event a sweep.
import type { Readable } from "node:stream";
import { and, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { defineCommand } from "~/server/commands/runner.server";
import { afterCommit, getDb } from "~/server/db/db.server";
import {
  type CONSENT_PACK_SOURCES,
  consentPackDownloads,
  consentPackHistory,
  mailOutbox,
  products,
} from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";
import { quotingRoles } from "../quotes/access.server";
import { quoteEntity } from "../quotes/entity";
import { consentPackDownloadEntity } from "./entity";
import type { ProductPackHistory } from "./index";

/**
 * Keeps a drawn pack under its content's name. Two requests drawing the same pack at once both
 * keep it: the second finds the name taken (the same bytes) and leaves the first.
 */
export async function keepConsentPack(name: string, body: Readable | Uint8Array) {
  try {
    await getStorage().put("consent_packs", name, body, { name });
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

/**
 * The audit event of a consent pack staff downloaded for products they ticked in the catalogue
 * list: how many, and which (by name, in the pack's order).
 */
export const recordSelectionConsentPack = defineCommand({
  name: "consent_pack.selection",
  entity: consentPackDownloadEntity,
  access: "staff",
  target: (input: { products: readonly string[] }) => ({
    action: "download",
    id: null,
    summary: `Downloaded a consent pack of ${input.products.length} ${
      input.products.length === 1 ? "product" : "products"
    }`,
    changes: { products: { before: null, after: input.products.join("; ") } },
  }),
  run: async () => undefined,
});

export type PackDownload = {
  source: (typeof CONSENT_PACK_SOURCES)[number];
  products: number;
  format: "pdf" | "zip";
  /** What this pack carried for each product whose history changed (see lossSinceLastPack). */
  history?: readonly ProductPackHistory[];
};

/** Counts one pack on its way to whoever asked (the dashboard's "consent packs this month"). */
export const recordConsentPackDownload = defineCommand({
  name: "consent_pack.download",
  entity: consentPackDownloadEntity,
  access: "anyone",
  target: (input: PackDownload) => ({
    action: "create",
    id: null,
    keepValues: false,
    summary: `Counted a consent pack (${input.format.toUpperCase()}, ${input.products} ${
      input.products === 1 ? "product" : "products"
    }) downloaded from ${input.source === "visitor" ? "the public site" : input.source === "customer" ? "a quote link" : "the back office"}`,
  }),
  run: async ({ history = [], ...download }: PackDownload) => {
    await getDb().insert(consentPackDownloads).values(download);
    await keepPackHistory(history);
  },
});

/**
 * Keeps, per product, what the pack on its way carried: the next pack says what was lost since.
 * A product deleted meanwhile is skipped (its history has nothing left to follow).
 */
export async function keepPackHistory(history: readonly ProductPackHistory[]) {
  if (history.length === 0) return;
  const ids = history.map((entry) => entry.productId);
  const present = new Set(
    (await getDb().select({ id: products.id }).from(products).where(inArray(products.id, ids))).map(
      (row) => row.id,
    ),
  );
  const rows = history
    .filter((entry) => present.has(entry.productId))
    .map(({ productId, history: h }) => ({
      productId,
      packedOn: h.packedOn,
      certificates: h.certificates,
      lost: h.lost,
    }));
  if (rows.length === 0) return;
  await getDb()
    .insert(consentPackHistory)
    .values(rows)
    .onConflictDoUpdate({
      target: consentPackHistory.productId,
      set: {
        packedOn: sql`excluded.packed_on`,
        certificates: sql`excluded.certificates`,
        lost: sql`excluded.lost`,
        updatedAt: sql`now()`,
      },
    });
}

/** The sweep found every old pack still attached to an e-mail not yet sent: nothing to record. */
export class NoConsentPackToRemove extends Error {}

/**
 * The kept packs an e-mail in the outbox not yet sent attaches (pending, being sent, or failed:
 * staff may retry a failed one): the mail worker reads them when the message goes.
 */
export async function packsAwaitingMail(): Promise<Set<string>> {
  const rows = await getDb()
    .select({ attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(
      and(
        ne(mailOutbox.status, "sent"),
        isNotNull(mailOutbox.attachments),
        sql`${mailOutbox.attachments}::text like '%consent_packs/%'`,
      ),
    );
  const names = new Set<string>();
  for (const { attachments } of rows) {
    for (const attachment of attachments ?? []) {
      const stored = parseStoredPath(attachment.path);
      if (stored?.bucket === "consent_packs") names.add(stored.name);
    }
  }
  return names;
}

export type OldConsentPacks = {
  /** Stored names of packs kept longer than `keepDays`. */
  names: readonly string[];
  keepDays: number;
};

/**
 * Deletes kept packs the sweep found older than the retention, except those an e-mail not yet
 * sent attaches (looked up again here, in the transaction). The files go after the commit; one
 * that cannot be deleted is logged and found again by the next sweep. Fails with
 * NoConsentPackToRemove when every one is still attached, so no event says nothing was done.
 */
export const removeOldConsentPacks = defineCommand({
  name: "consent_pack.sweep",
  // Packs have no row of their own; the event is filed with the packs' downloads.
  entity: consentPackDownloadEntity,
  access: "admin",
  target: (input: OldConsentPacks) => ({
    action: "delete",
    id: null,
    keepValues: false,
    detail: (removed: number) => ({
      subject: `${removed} consent ${removed === 1 ? "pack" : "packs"} older than ${input.keepDays} days`,
    }),
  }),
  run: async (input: OldConsentPacks) => {
    const awaiting = await packsAwaitingMail();
    const going = input.names.filter((name) => !awaiting.has(name));
    if (going.length === 0) throw new NoConsentPackToRemove();
    void afterCommit(async () => {
      for (const name of going) {
        await getStorage()
          .delete("consent_packs", name)
          .catch((error: unknown) =>
            logger.error({ err: error, name }, "Deleting an old consent pack failed"),
          );
      }
    });
    return going.length;
  },
});
