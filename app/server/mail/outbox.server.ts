// The mail outbox: a message is a row written in the same transaction as whatever it is about,
// and a worker in the server process sends it later. A relay that is slow or down therefore
// never slows or fails the request that queued the mail; the row waits and is retried with
// backoff until it goes or, after MAIL_MAX_ATTEMPTS, shows on the dashboard as failed.
//
//   await inTransaction(async () => {
//     …;
//     await enqueueMail(getDb(), { kind, recipients, … });
//     wakeMailWorker();                     // runs after the commit: send now, not at the next tick
//   });
//
// The worker only ever reads and writes the outbox through the database itself, each claim and
// each "sent" committed on its own; it never works in a staff member's (or anyone's) transaction,
// which would end before the message is marked sent, and the message would go again.
//
// Delivery is at least once: a row is claimed (status 'sending', locked for two minutes) before
// it is sent, so two workers never send it together; if the process dies between the relay's
// "accepted" and the row's 'sent', the lock runs out and it goes again with the same Message-ID.
import crypto from "node:crypto";
import { and, asc, eq, inArray, lt, lte, or } from "drizzle-orm";
import type { MailKind } from "~/lib/vocabulary";
import type { Database, DbOrTx } from "../db/client.server";
import { afterCommit, getDatabase, getDb, inTransactionScope, outsideTransaction } from "../db/db.server";
import { type MailAttachment, mailOutbox } from "../db/schema";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import { getStorage, parseStoredPath } from "../storage/storage.server";
import { getMailTransport, type MailTransport, type OutgoingMail } from "./transport.server";

type OutboxRow = typeof mailOutbox.$inferSelect;

export type NewMail = {
  kind: MailKind;
  enquiryId?: string | null;
  recipients: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** Stored files to send with it (a quote's PDF): read from storage when the message goes. */
  attachments?: MailAttachment[];
};

/** How long a claimed message is its worker's; longer than any one send can take. */
export const CLAIM_LOCK_MS = 2 * 60 * 1000;
const MAX_RETRY_DELAY_SECONDS = 3600;
const DEFAULT_BATCH = 25;
/** Messages sent at once: the SMTP pool's connection count. */
const SEND_CONCURRENCY = 5;
const ERROR_TEXT_MAX = 500;

function messageIdDomain() {
  const from = getEnv().MAIL_FROM;
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1];
  return domain ?? "tradecounter";
}

/** A new Message-ID, stored with the row so every attempt sends the same one. */
export function newMessageId() {
  return `<${crypto.randomUUID()}@${messageIdDomain()}>`;
}

/** Queues a message in `tx` (use the caller's transaction, so mail and data commit together). */
export async function enqueueMail(tx: DbOrTx, mail: NewMail) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      enquiryId: mail.enquiryId ?? null,
      recipients: mail.recipients,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
      messageId: newMessageId(),
      // Due now by the worker's own clock (milliseconds), not the database's (microseconds): a
      // drain in the same millisecond as the insert would otherwise find it not yet due.
      nextAttemptAt: new Date(),
    })
    .returning({ id: mailOutbox.id, messageId: mailOutbox.messageId });
  if (!row) throw new Error("The outbox insert returned no row");
  return row;
}

/** The message's stored files, read whole (a missing one fails this attempt, to be retried). */
async function readAttachments(files: MailAttachment[] | null): Promise<OutgoingMail["attachments"]> {
  if (!files?.length) return undefined;
  return Promise.all(
    files.map(async (file) => {
      const stored = parseStoredPath(file.path);
      if (!stored) throw new Error(`Attachment ${file.filename} has no stored file`);
      const { stream } = await getStorage().get(stored.bucket, stored.name);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return { filename: file.filename, contentType: file.contentType, content: Buffer.concat(chunks) };
    }),
  );
}

/** Seconds until the next attempt after `attempts` failures: base, 2×base, 4×base … ≤ 1 hour. */
export function retryDelaySeconds(attempts: number, baseSeconds = getEnv().MAIL_RETRY_BASE_SECONDS) {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_SECONDS);
}

/**
 * Marks up to `limit` due messages as this worker's and returns them: pending ones whose time
 * has come and sending ones whose worker's lock ran out. SKIP LOCKED lets several processes on
 * one PostgreSQL claim at once without waiting for each other or taking the same row.
 */
export async function claimDueMail(db: DbOrTx, now: Date, limit: number): Promise<OutboxRow[]> {
  const lockedUntil = new Date(now.getTime() + CLAIM_LOCK_MS);
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)),
        and(eq(mailOutbox.status, "sending"), lt(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ status: "sending", lockedUntil })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

function describeError(error: unknown) {
  const e = (typeof error === "object" && error !== null ? error : {}) as {
    message?: unknown;
    code?: unknown;
    responseCode?: unknown;
  };
  const message = typeof e.message === "string" ? e.message : String(error);
  const code = typeof e.code === "string" && !message.includes(e.code) ? `${e.code}: ` : "";
  return `${code}${message}`.replace(/\s+/g, " ").trim().slice(0, ERROR_TEXT_MAX) || "Unknown error";
}

/** A 5xx reply is the relay's final word (bad address, refused sender, wrong password). */
function isPermanent(error: unknown) {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

type DrainOptions = {
  /** The drain's clock (tests move it forward); default the real time. */
  now?: Date;
  limit?: number;
  transport?: MailTransport;
  db?: Database;
};

type DrainResult = { claimed: number; sent: number; retrying: number; failed: number };

/**
 * Claims the due messages, sends each, and records how it went, through the database itself:
 * a claim is committed before its message goes, and a transaction that could end (or roll back)
 * under the drain is never its database. So it refuses to run inside inTransaction() without a
 * database of its own; to send after a write, call wakeMailWorker() in it.
 */
export async function drainOutbox(options: DrainOptions = {}): Promise<DrainResult> {
  const env = getEnv();
  if (!options.db && inTransactionScope())
    throw new Error("The outbox is drained outside a transaction: call wakeMailWorker() instead");
  const db = options.db ?? getDatabase().db;
  const transport = options.transport ?? getMailTransport();
  const clock = () => options.now ?? new Date();
  const rows = await claimDueMail(db, clock(), options.limit ?? DEFAULT_BATCH);
  const result: DrainResult = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 };

  async function deliver(row: OutboxRow) {
    // Only the claim that took the row may settle it: a lock that ran out (and a row another
    // worker took over) leaves this update with nothing to do.
    const mine = and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.status, "sending"),
      eq(mailOutbox.lockedUntil, row.lockedUntil as Date),
    );
    const attempts = row.attempts + 1;
    try {
      const attachments = await readAttachments(row.attachments);
      await transport.send({
        attachments,
        from: env.MAIL_FROM,
        to: row.recipients,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        messageId: row.messageId,
        queuedAt: row.createdAt,
        headers: { "Auto-Submitted": "auto-generated" },
      });
    } catch (error) {
      const lastError = describeError(error);
      const failed = attempts >= env.MAIL_MAX_ATTEMPTS || isPermanent(error);
      const now = clock();
      await db
        .update(mailOutbox)
        .set({
          status: failed ? "failed" : "pending",
          attempts,
          lastError,
          lockedUntil: null,
          nextAttemptAt: failed ? now : new Date(now.getTime() + retryDelaySeconds(attempts) * 1000),
        })
        .where(mine);
      if (failed) result.failed += 1;
      else result.retrying += 1;
      const log = failed ? logger.error.bind(logger) : logger.warn.bind(logger);
      log(
        { mailId: row.id, kind: row.kind, attempts, error: lastError },
        failed ? "mail failed; it is listed on the dashboard" : "mail not sent; will retry",
      );
      return;
    }
    const settled = await db
      .update(mailOutbox)
      .set({ status: "sent", attempts, sentAt: clock(), lockedUntil: null, lastError: null })
      .where(mine)
      .returning({ id: mailOutbox.id });
    result.sent += 1;
    if (settled.length === 0) logger.warn({ mailId: row.id }, "mail sent after its claim ran out");
  }

  const queue = [...rows];
  async function lane() {
    for (let row = queue.shift(); row; row = queue.shift()) await deliver(row);
  }
  // Every lane finishes before the drain ends (stopMailWorker waits for it); then the first
  // database error, if any, is the drain's.
  const lanes = await Promise.allSettled(
    Array.from({ length: Math.min(SEND_CONCURRENCY, rows.length) }, lane),
  );
  const broken = lanes.find((lane) => lane.status === "rejected");
  if (broken) throw broken.reason;
  return result;
}

/** Puts a failed message back in the queue with fresh attempts; false when it is not failed. */
export async function retryMail(id: string, db: DbOrTx = getDb(), now = new Date()) {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

// The worker: a timer, plus wakeMailWorker() for mail queued just now. One drain at a time per
// process; a wake during a drain runs one more drain after it, so nothing waits for the timer.
type Worker = {
  started: boolean;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  again: boolean;
  transport?: MailTransport;
  limit: number;
  lastErrorLoggedAt: number;
};

// Kept on globalThis like the database handle: in development Vite may load this module again,
// and the copy the routes wake must be the one server/app.ts started.
const workerKey = Symbol.for("trade-counter.mail-worker");
const registry = globalThis as Record<symbol, Worker | undefined>;
registry[workerKey] ??= { started: false, again: false, limit: DEFAULT_BATCH, lastErrorLoggedAt: 0 };
const worker: Worker = registry[workerKey];
/** A database or relay outage is logged once a minute, not on every tick. */
const ERROR_LOG_INTERVAL_MS = 60_000;

type WorkerOptions = { intervalMs?: number; transport?: MailTransport; limit?: number };

export function startMailWorker(options: WorkerOptions = {}) {
  if (worker.started) return;
  worker.started = true;
  worker.transport = options.transport;
  worker.limit = options.limit ?? DEFAULT_BATCH;
  worker.timer = setInterval(() => void runWorker(), options.intervalMs ?? 5000);
  worker.timer.unref();
  const transport = options.transport ?? getMailTransport();
  logger.info(
    { mail: transport.describe() },
    getEnv().SMTP_URL || options.transport
      ? "mail worker started"
      : "mail worker started; no SMTP_URL, so mail is written as .eml files",
  );
  // Mail queued before a restart goes now, not at the first tick.
  void runWorker();
}

/**
 * Sends queued mail as soon as it is committed: inside inTransaction() the wake waits for the
 * outermost commit (and is dropped on a rollback), outside one it is now. A no-op where the
 * worker is not running (e.g. in most tests).
 */
export function wakeMailWorker() {
  void afterCommit(() => {
    if (worker.started) void runWorker();
  });
}

/**
 * Stops the timer and waits for the drain in flight; call before the database closes. The wait
 * is bounded (server.js exits by force after 10 s): a send still hanging then keeps its row
 * 'sending' until the lock runs out, and the next start sends it.
 */
export async function stopMailWorker(options: { timeoutMs?: number } = {}) {
  worker.started = false;
  clearInterval(worker.timer);
  worker.timer = undefined;
  const running = worker.running;
  if (!running) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    running.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), options.timeoutMs ?? 7000);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut) logger.warn("mail worker stopped with a send still in flight; it will be retried");
}

function runWorker(): Promise<void> {
  if (worker.running) {
    worker.again = true;
    return worker.running;
  }
  // Outside any caller's transaction scope, so nothing the drain starts can see one.
  worker.running = outsideTransaction(async () => {
    try {
      let full = false;
      do {
        worker.again = false;
        const result = await drainOutbox({ transport: worker.transport, limit: worker.limit });
        full = result.claimed >= worker.limit;
      } while ((worker.again || full) && worker.started);
    } catch (error) {
      if (Date.now() - worker.lastErrorLoggedAt > ERROR_LOG_INTERVAL_MS) {
        worker.lastErrorLoggedAt = Date.now();
        logger.error({ err: error }, "mail worker could not drain the outbox; will try again");
      }
    } finally {
      worker.running = undefined;
    }
  });
  return worker.running;
}
