// Attachment retention: once an enquiry has been closed (Won, Lost, Spam) for longer than the
// enquiry settings' attachmentRetentionMonths, its file is deleted from storage and the row
// records when. The enquiry itself and its history stay; only the customer's file goes, as the
// privacy statement promises. Each attachment is deleted by its own command, run by the system
// ("attachment retention" in the audit log).
import { and, asc, eq, gt, or } from "drizzle-orm";
import { getEnquirySettings } from "~/modules/settings/enquiry-settings.server";
import { systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { contactQueries } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { periodic } from "~/server/runtime/housekeeping.server";
import { AttachmentNoLongerDue, attachmentExpired, deleteExpiredAttachment } from "./commands.server";
import { formatReference } from "./reference";

const DEFAULT_BATCH_SIZE = 100;
const SWEEP_DELAY_MS = 30_000;
const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

export type RetentionResult = { deleted: number; failed: number; cutoff: Date };

/**
 * The same day and time `months` calendar months earlier (UTC); a day the earlier month does
 * not have becomes its last day (31 August less 6 months is 28 or 29 February).
 */
export function subtractMonths(date: Date, months: number) {
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

const RETENTION = systemActor("attachment retention");

/**
 * One sweep: every expired attachment, in batches of `batchSize` rows read in closed_at order.
 * An enquiry that fails (storage or database) is logged and skipped; the next sweep retries it.
 */
export async function deleteExpiredAttachments({
  now = new Date(),
  batchSize = DEFAULT_BATCH_SIZE,
}: {
  now?: Date;
  batchSize?: number;
} = {}): Promise<RetentionResult> {
  const { attachmentRetentionMonths } = await getEnquirySettings();
  const cutoff = subtractMonths(now, attachmentRetentionMonths);
  const result: RetentionResult = { deleted: 0, failed: 0, cutoff };
  // Keyset paging, so a row that failed is not read again in this sweep.
  let after: { closedAt: Date; id: string } | null = null;
  for (;;) {
    const batch: { id: string; closedAt: Date | null; referenceNo: number; createdAt: Date }[] = await getDb()
      .select({
        id: contactQueries.id,
        closedAt: contactQueries.closedAt,
        referenceNo: contactQueries.referenceNo,
        createdAt: contactQueries.createdAt,
      })
      .from(contactQueries)
      .where(
        and(
          attachmentExpired(cutoff),
          after
            ? or(
                gt(contactQueries.closedAt, after.closedAt),
                and(eq(contactQueries.closedAt, after.closedAt), gt(contactQueries.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(contactQueries.closedAt), asc(contactQueries.id))
      .limit(batchSize);
    for (const { id, referenceNo, createdAt } of batch) {
      try {
        const reference = formatReference(referenceNo, createdAt);
        await runCommand(deleteExpiredAttachment, RETENTION, { id, reference, cutoff, now });
        result.deleted += 1;
      } catch (error) {
        if (error instanceof AttachmentNoLongerDue) continue;
        result.failed += 1;
        logger.error({ err: error, id }, "Failed to delete an expired enquiry attachment");
      }
    }
    const last = batch.at(-1);
    if (batch.length < batchSize || !last?.closedAt) break;
    after = { closedAt: last.closedAt, id: last.id };
  }
  if (result.deleted || result.failed) {
    logger.info({ ...result, months: attachmentRetentionMonths }, "expired enquiry attachments swept");
  }
  return result;
}

/**
 * Sweeps soon after start-up and then every 6 hours, in the background (the timers never keep
 * the process alive). Returns an async function that stops it and waits for a sweep in flight.
 */
export function startRetentionSweeper({
  delayMs = SWEEP_DELAY_MS,
  intervalMs = SWEEP_INTERVAL_MS,
}: {
  delayMs?: number;
  intervalMs?: number;
} = {}) {
  return periodic(deleteExpiredAttachments, {
    name: "attachment-retention",
    firstMs: delayMs,
    everyMs: intervalMs,
    failure: "The attachment retention sweep failed",
  });
}
