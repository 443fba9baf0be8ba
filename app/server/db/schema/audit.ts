// The audit log.
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from "~/lib/vocabulary";
import { inList } from "./columns";

/** A changed field's value before and after; secrets are never stored, only that they changed. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * Who did what to which record, when and from where: one row per staff change, export, download,
 * sign-in and sign-out. Append-only: the app has no path that changes or deletes a row, and a
 * trigger (migration 0007) refuses it unless the retention sweep says it is the one asking. The
 * actor is copied in (name, role at the time), so the row outlives the account.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorName: text("actor_name"),
    actorEmail: text("actor_email"),
    actorRole: text("actor_role"),
    action: text("action").$type<AuditAction>().notNull(),
    entityType: text("entity_type").$type<AuditEntity>().notNull(),
    entityId: text("entity_id"),
    summary: text("summary").notNull(),
    changes: jsonb("changes").$type<AuditChanges>(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    check("audit_events_action_check", inList("action", AUDIT_ACTIONS)),
    check("audit_events_entity_type_check", inList("entity_type", AUDIT_ENTITIES)),
    index("audit_events_occurred_at_idx").on(t.occurredAt.desc()),
    index("audit_events_entity_idx").on(t.entityType, t.entityId, t.occurredAt.desc()),
    index("audit_events_actor_idx").on(t.actorId, t.occurredAt.desc()),
  ],
);
