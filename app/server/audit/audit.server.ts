// The audit log: who changed what, exported or downloaded what, and who signed in or out.
//
// Every command records its events through the runner (server/commands/runner.server.ts), inside
// the command's own transaction: the event exists exactly when the change does, with the fields
// before and after read from the record's row. Sign-ins, exports and downloads change nothing
// else and record theirs directly.
import { and, isNotNull, lt, or, sql } from "drizzle-orm";
import type { AuditAction, AuditEntity } from "~/lib/vocabulary";
import { getDb, inTransaction } from "../db/db.server";
import { type AuditChanges, auditEvents } from "../db/schema";
import { logger } from "../logger.server";

/** Who acted, as they were at the time; a failed sign-in has only the e-mail tried. */
export type AuditActor = {
  id: string | null;
  name: string | null;
  email: string | null;
  role: string | null;
};

/** Where the request came from. */
export type AuditOrigin = { ip: string | null; userAgent: string | null };

export type AuditEventInput = {
  action: AuditAction;
  entityType: AuditEntity;
  entityId?: string | null;
  summary: string;
  changes?: AuditChanges | null;
};

const USER_AGENT_MAX = 300;
const SUMMARY_MAX = 500;

/** The request's origin for the log: the client address Express saw and its user agent. */
export function auditOriginOf(request: Request, clientIp: string | undefined): AuditOrigin {
  const agent = request.headers.get("user-agent");
  return {
    ip: clientIp && clientIp !== "unknown" ? clientIp : null,
    userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null,
  };
}

/** Events written by one insert: 11 parameters each, well below PostgreSQL's 65,535. */
const EVENTS_PER_INSERT = 1000;

/** Appends one event (in the current transaction, when there is one). */
export async function recordAuditEvent(actor: AuditActor, origin: AuditOrigin, event: AuditEventInput) {
  await recordAuditEvents(actor, origin, [event]);
}

/**
 * Appends events of one actor in the order given, a thousand to an insert: a bulk change (an
 * import's batch of hundreds of products) costs one round trip, not one per record.
 */
export async function recordAuditEvents(
  actor: AuditActor,
  origin: AuditOrigin,
  events: readonly AuditEventInput[],
) {
  for (let start = 0; start < events.length; start += EVENTS_PER_INSERT) {
    await getDb()
      .insert(auditEvents)
      .values(
        events.slice(start, start + EVENTS_PER_INSERT).map((event) => ({
          actorId: actor.id,
          actorName: actor.name,
          actorEmail: actor.email,
          actorRole: actor.role,
          action: event.action,
          entityType: event.entityType,
          entityId: event.entityId ?? null,
          summary: event.summary.slice(0, SUMMARY_MAX),
          changes: event.changes && Object.keys(event.changes).length > 0 ? event.changes : null,
          ipAddress: origin.ip,
          userAgent: origin.userAgent,
        })),
      );
  }
}

/**
 * An event that must not stop what it records (a sign-in, a download): a failure to write it is
 * logged loudly instead of failing the request.
 */
export async function recordAuditEventSafely(actor: AuditActor, origin: AuditOrigin, event: AuditEventInput) {
  try {
    await recordAuditEvent(actor, origin, event);
  } catch (error) {
    logger.error({ err: error, action: event.action, entity: event.entityType }, "audit event not recorded");
  }
}

// ------------------------------------------------------------------ retention

type AuditRetentionResult = { addressesDropped: number; eventsDeleted: number };

/**
 * Keeps the log as long as it is useful and no longer: IP addresses (and user agents) are blanked
 * on events older than `ipDays`, events older than `eventDays` are deleted. The only change the
 * log ever sees, so it says so to the append-only trigger for its own transaction.
 */
export async function applyAuditRetention(
  { ipDays, eventDays }: { ipDays: number; eventDays: number },
  now: Date = new Date(),
): Promise<AuditRetentionResult> {
  const day = 24 * 60 * 60 * 1000;
  const addressCutoff = new Date(now.getTime() - ipDays * day);
  const eventCutoff = new Date(now.getTime() - eventDays * day);
  const result = await inTransaction(async () => {
    const db = getDb();
    await db.execute(sql`select set_config('trade_counter.audit_retention', 'on', true)`);
    const deleted = await db
      .delete(auditEvents)
      .where(lt(auditEvents.occurredAt, eventCutoff))
      .returning({ id: auditEvents.id });
    const blanked = await db
      .update(auditEvents)
      .set({ ipAddress: null, userAgent: null })
      .where(
        and(
          lt(auditEvents.occurredAt, addressCutoff),
          or(isNotNull(auditEvents.ipAddress), isNotNull(auditEvents.userAgent)),
        ),
      )
      .returning({ id: auditEvents.id });
    return { addressesDropped: blanked.length, eventsDeleted: deleted.length };
  });
  if (result.addressesDropped || result.eventsDeleted) logger.info(result, "audit log retention applied");
  return result;
}
