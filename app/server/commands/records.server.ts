// A record's row before and after a command's work, and the fields that changed between them.
import { eq, inArray } from "drizzle-orm";
import { getDb } from "../db/db.server";
import type { AuditChanges } from "../db/schema";
import type { Entity } from "./entity";

export type Row = Record<string, unknown>;

const VALUE_TEXT_MAX = 500;

/** The rows of these records as they are now (in the current transaction), by entity id. */
export async function readRecords(entity: Entity, ids: string[]): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  // A malformed id (not a uuid) matches nothing rather than failing the command's transaction.
  const usable = entity.key.columnType === "PgUUID" ? ids.filter(isUuid) : ids;
  if (usable.length === 0) return found;
  const rows = (await getDb()
    .select()
    .from(entity.table)
    .where(usable.length === 1 ? eq(entity.key, usable[0]) : inArray(entity.key, usable))) as Row[];
  const keyName = columnName(entity, entity.key);
  for (const row of rows) found.set(String(keyName ? row[keyName] : ""), row);
  return found;
}

function columnName(entity: Entity, column: Entity["key"]) {
  return Object.entries(entity.table).find(([, value]) => value === column)?.[0];
}

export function labelOf(entity: Entity, row: Row | undefined): string | null {
  if (!row) return null;
  const name = columnName(entity, entity.label);
  const value = name ? row[name] : null;
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Bookkeeping columns whose change says nothing about what was done. */
const UNTRACKED = new Set([
  "createdAt",
  "updatedAt",
  "lastError",
  "attempts",
  "nextAttemptAt",
  "lockedUntil",
  "textBody",
  "htmlBody",
]);
/** Values that are never copied into the log, whatever the record. */
const SECRET = /password|secret|token|hash/i;

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" && value.length > VALUE_TEXT_MAX) return `${value.slice(0, VALUE_TEXT_MAX)}…`;
  return value ?? null;
}

/**
 * The fields whose value differs between two rows of a record (either may be missing); for a
 * record whose fields read in words (a quote), under their names, with their values in words.
 */
export function changesBetween(
  before: Row | undefined,
  after: Row | undefined,
  entity?: Entity,
): AuditChanges {
  const fields = entity?.fields;
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (UNTRACKED.has(key)) continue;
    const was = comparable(before?.[key]);
    const now = comparable(after?.[key]);
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    if (SECRET.test(key)) {
      changes[key] = { before: was === null ? null : "(hidden)", after: now === null ? null : "(changed)" };
      continue;
    }
    const words = fields ? fields[key] : undefined;
    if (words === null) continue;
    if (!words) {
      changes[key] = { before: was, after: now };
      continue;
    }
    const read = (value: unknown) => (value === null ? null : (words.value?.(value) ?? value));
    changes[words.name] = { before: read(was), after: read(now) };
  }
  return changes;
}
