// What a kind of record is to the audit log and the page cache. Each domain module declares the
// entities it owns (modules/<domain>/entity.ts) and names one on each of its commands; the runner
// reads the record's row before and after the work, so the event lists what was really stored.
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { formatCents, formatPercent } from "~/lib/money";
import { formatNzDate, formatNzDateTime } from "~/lib/nz-date";
import type { AuditEntity } from "~/lib/vocabulary";

/** A field as people call it, and its value in words (money, a date) when the stored one is not. */
export type FieldWords = { name: string; value?: (stored: unknown) => string | null };

export type Entity = {
  type: Exclude<AuditEntity, "session">;
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

export function defineEntity(entity: Entity): Entity {
  return entity;
}

function inWords(format: (value: never) => string, type: "number" | "string") {
  return (stored: unknown) => (typeof stored === type ? format(stored as never) : null);
}

/** Value readers for FieldWords. */
export const inWordsAs = {
  money: inWords(formatCents, "number"),
  calendarDay: inWords(formatNzDate, "string"),
  moment: inWords(formatNzDateTime, "string"),
  percent: inWords((basisPoints: number) => `${formatPercent(basisPoints)}%`, "number"),
};
