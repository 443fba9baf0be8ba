// The dashboard's view of the mail outbox (admins only): the messages that failed past their
// retries, and how many are still waiting to go.
import { count, desc, eq, inArray } from "drizzle-orm";
import type { MailKind } from "~/lib/vocabulary";
import type { DbOrTx } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { mailOutbox } from "~/server/db/schema";

export const FAILED_MAIL_SHOWN = 20;

export type FailedMail = {
  id: string;
  kind: MailKind;
  recipients: string[];
  subject: string;
  attempts: number;
  lastError: string | null;
  /** A failed row's next_attempt_at is the moment of its last attempt (the worker sets it so). */
  failedAt: Date;
  queuedAt: Date;
  enquiryId: string | null;
};

export type MailHealth = { failed: FailedMail[]; failedCount: number; waiting: number };

export async function getMailHealth(db: DbOrTx = getDb()): Promise<MailHealth> {
  const [failed, [failedCount], [waiting]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        recipients: mailOutbox.recipients,
        subject: mailOutbox.subject,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        failedAt: mailOutbox.nextAttemptAt,
        queuedAt: mailOutbox.createdAt,
        enquiryId: mailOutbox.enquiryId,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, "failed"))
      .orderBy(desc(mailOutbox.nextAttemptAt), desc(mailOutbox.id))
      .limit(FAILED_MAIL_SHOWN),
    db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, "failed")),
    db
      .select({ n: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ["pending", "sending"])),
  ]);
  return { failed, failedCount: Number(failedCount?.n ?? 0), waiting: Number(waiting?.n ?? 0) };
}
