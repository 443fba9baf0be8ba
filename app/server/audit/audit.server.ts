// The audit log: who changed what, exported or downloaded what, and who signed in or out.
//
// Staff writes record their event through the mutation path (server/http/staff-action.server.ts),
// inside the write's own transaction: the event exists exactly when the change does. Sign-ins,
// exports and downloads change nothing else and record theirs directly.
//
// A record's before and after are read from its row, so the event lists the fields that really
// changed; a secret (a password) is never stored, only that it changed.
import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { formatCents, formatPercent } from "~/lib/money";
import { formatNzDate, formatNzDateTime } from "~/lib/nz-date";
import type { AuditAction, AuditEntity } from "~/lib/vocabulary";
import { getDb, inTransaction } from "../db/db.server";
import {
  type AuditChanges,
  auditEvents,
  brands,
  buildingInfoSheets,
  caseStudies,
  categories,
  certifications,
  contactContent,
  contactQueries,
  contactSubjects,
  homeContent,
  mailOutbox,
  products,
  quotes,
  siteSettings,
  users,
} from "../db/schema";
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
const VALUE_TEXT_MAX = 500;
const SUMMARY_MAX = 500;

/** The request's origin for the log: the client address Express saw and its user agent. */
export function auditOriginOf(request: Request, clientIp: string | undefined): AuditOrigin {
  const agent = request.headers.get("user-agent");
  return {
    ip: clientIp && clientIp !== "unknown" ? clientIp : null,
    userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null,
  };
}

/** Appends one event (in the current transaction, when there is one). */
export async function recordAuditEvent(actor: AuditActor, origin: AuditOrigin, event: AuditEventInput) {
  await getDb()
    .insert(auditEvents)
    .values({
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
    });
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

// ------------------------------------------------------------------ records and their changes

type Subject = {
  /** What a person calls this kind of record, for the summary. */
  noun: string;
  table: PgTable;
  /** The column the entity id is matched on. */
  key: PgColumn;
  /** The column that names a record in the summary. */
  label: PgColumn;
  /** Whether the public pages show it: a change then empties the page cache. */
  shownInPublic: boolean;
  /**
   * How its fields read in the log, when their column names would not do (subtotalCents): each
   * field's name and its value in words; null leaves a field out. A record with these has its
   * changes kept and summed up in words.
   */
  fields?: Readonly<Record<string, FieldWords | null>>;
};

/** A field as people call it, and its value in words (money, a date) when the stored one is not. */
type FieldWords = { name: string; value?: (stored: unknown) => string | null };

function inWords(format: (value: never) => string, type: "number" | "string") {
  return (stored: unknown) => (typeof stored === type ? format(stored as never) : null);
}

const money = inWords(formatCents, "number");
const calendarDay = inWords(formatNzDate, "string");
const moment = inWords(formatNzDateTime, "string");
const percent = inWords((basisPoints: number) => `${formatPercent(basisPoints)}%`, "number");

function traderInWords(stored: unknown) {
  if (!stored || typeof stored !== "object") return null;
  const trader = stored as Record<string, unknown>;
  const parts = [
    trader.name,
    trader.gstNumber ? `GST ${trader.gstNumber}` : null,
    trader.nzbn ? `NZBN ${trader.nzbn}` : null,
  ];
  return parts.filter((part) => typeof part === "string" && part).join(", ") || null;
}

/** A quote's fields; its number names it and its lines are told by the write (AuditTarget.detail). */
const QUOTE_FIELDS: Record<string, FieldWords | null> = {
  id: null,
  enquiryId: null,
  revision: null,
  createdById: null,
  status: { name: "State" },
  customerName: { name: "Customer name" },
  customerEmail: { name: "Customer e-mail" },
  customerCompany: { name: "Company" },
  noteToCustomer: { name: "Note to the customer" },
  internalNotes: { name: "Internal notes" },
  validUntil: { name: "Valid until", value: calendarDay },
  gstBasisPoints: { name: "GST rate", value: percent },
  subtotalCents: { name: "Subtotal", value: money },
  gstCents: { name: "GST", value: money },
  totalCents: { name: "Total", value: money },
  termsSnapshot: { name: "Terms" },
  traderSnapshot: { name: "Trader's details", value: traderInWords },
  pdfPath: { name: "PDF" },
  sentAt: { name: "Sent", value: moment },
  viewedAt: { name: "Viewed", value: moment },
  remindedAt: { name: "Reminded", value: moment },
  answeredAt: { name: "Answered", value: moment },
  acceptedBy: { name: "Accepted by" },
  purchaseOrder: { name: "Purchase order" },
  declineReason: { name: "Decline reason" },
  answerMessage: { name: "Customer's message" },
};

const SUBJECTS: Record<Exclude<AuditEntity, "session">, Subject> = {
  product: { noun: "product", table: products, key: products.id, label: products.name, shownInPublic: true },
  brand: { noun: "brand", table: brands, key: brands.id, label: brands.name, shownInPublic: true },
  category: {
    noun: "category",
    table: categories,
    key: categories.id,
    label: categories.name,
    shownInPublic: true,
  },
  case_study: {
    noun: "case study",
    table: caseStudies,
    key: caseStudies.id,
    label: caseStudies.title,
    shownInPublic: true,
  },
  certification: {
    noun: "certification",
    table: certifications,
    key: certifications.id,
    label: certifications.title,
    shownInPublic: true,
  },
  home_content: {
    noun: "home content",
    table: homeContent,
    key: homeContent.id,
    label: homeContent.title,
    shownInPublic: true,
  },
  contact_content: {
    noun: "contact content",
    table: contactContent,
    key: contactContent.id,
    label: contactContent.title,
    shownInPublic: true,
  },
  contact_subject: {
    noun: "enquiry subject",
    table: contactSubjects,
    key: contactSubjects.id,
    label: contactSubjects.subjectName,
    shownInPublic: true,
  },
  enquiry: {
    noun: "enquiry",
    table: contactQueries,
    key: contactQueries.id,
    label: contactQueries.fullName,
    shownInPublic: false,
  },
  setting: {
    noun: "setting",
    table: siteSettings,
    key: siteSettings.settingKey,
    label: siteSettings.settingKey,
    shownInPublic: true,
  },
  user: { noun: "user", table: users, key: users.id, label: users.email, shownInPublic: false },
  quote: {
    noun: "quote",
    table: quotes,
    key: quotes.id,
    label: quotes.customerName,
    shownInPublic: false,
    fields: QUOTE_FIELDS,
  },
  building_info: {
    noun: "building information sheet",
    table: buildingInfoSheets,
    key: buildingInfoSheets.id,
    label: buildingInfoSheets.title,
    shownInPublic: true,
  },
  mail: {
    noun: "mail",
    table: mailOutbox,
    key: mailOutbox.id,
    label: mailOutbox.subject,
    shownInPublic: false,
  },
};

export function auditNoun(entity: AuditEntity) {
  return entity === "session" ? "session" : SUBJECTS[entity].noun;
}

/** Whether a change to this kind of record can change what a public page shows. */
export function isShownInPublic(entity: AuditEntity) {
  return entity !== "session" && SUBJECTS[entity].shownInPublic;
}

type Row = Record<string, unknown>;

/** The rows of these records as they are now (in the current transaction), by entity id. */
export async function readRecords(entity: AuditEntity, ids: string[]): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  if (entity === "session" || ids.length === 0) return found;
  const subject = SUBJECTS[entity];
  // A malformed id (not a uuid) matches nothing rather than failing the write's transaction.
  const usable = subject.key.columnType === "PgUUID" ? ids.filter(isUuid) : ids;
  if (usable.length === 0) return found;
  const rows = (await getDb()
    .select()
    .from(subject.table)
    .where(usable.length === 1 ? eq(subject.key, usable[0]) : inArray(subject.key, usable))) as Row[];
  const keyName = Object.entries(subject.table).find(([, column]) => column === subject.key)?.[0];
  for (const row of rows) found.set(String(keyName ? row[keyName] : ""), row);
  return found;
}

export function labelOf(entity: AuditEntity, row: Row | undefined): string | null {
  if (!row || entity === "session") return null;
  const subject = SUBJECTS[entity];
  const name = Object.entries(subject.table).find(([, column]) => column === subject.label)?.[0];
  const value = name ? row[name] : null;
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Bookkeeping columns whose change says nothing about what staff did. */
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

/** Whether this kind of record's changes are kept in words (its fields have names of their own). */
export function isWordedInLog(entity: AuditEntity) {
  return entity !== "session" && Boolean(SUBJECTS[entity].fields);
}

/**
 * The fields whose value differs between two rows of a record (either may be missing); for a
 * record whose fields read in words (a quote), under their names, with their values in words.
 */
export function changesBetween(
  before: Row | undefined,
  after: Row | undefined,
  entity?: AuditEntity,
): AuditChanges {
  const fields = entity && entity !== "session" ? SUBJECTS[entity].fields : undefined;
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
