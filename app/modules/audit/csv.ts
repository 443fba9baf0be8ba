// The audit log as CSV: one line per event, newest first, the changes as JSON.
import { CSV_BOM, toCsvLine, toCsvStream } from "~/lib/csv";
import { nzToday } from "~/lib/nz-date";
import type { AuditEventRow } from "./queries.server";

export const AUDIT_CSV_HEADERS = [
  "Time",
  "Actor",
  "Actor Email",
  "Role",
  "Action",
  "Entity",
  "Entity ID",
  "Summary",
  "Changes",
  "IP Address",
  "User Agent",
] as const;

export function toAuditCsvLine(event: AuditEventRow) {
  return toCsvLine([
    event.occurredAt.toISOString(),
    event.actorName,
    event.actorEmail,
    event.actorRole,
    event.action,
    event.entityType,
    event.entityId,
    event.summary,
    event.changes ? JSON.stringify(event.changes) : "",
    event.ipAddress,
    event.userAgent,
  ]);
}

export function toAuditCsvStream(batches: AsyncIterable<readonly AuditEventRow[]>) {
  return toCsvStream(CSV_BOM + toCsvLine(AUDIT_CSV_HEADERS), batches, toAuditCsvLine);
}

/** audit_log_2026-11-24.csv */
export function auditCsvFileName(date = new Date()) {
  return `audit_log_${nzToday(date)}.csv`;
}
