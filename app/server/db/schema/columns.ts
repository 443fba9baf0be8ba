// Column helpers the tables share (not tables: index.ts does not re-export them).
import { sql } from "drizzle-orm";
import { bigint, timestamp } from "drizzle-orm/pg-core";

export function inList(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")})`);
}

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Money is whole cents (bigint columns read as JS numbers: amounts stay far below 2^53). */
export const cents = (name: string) => bigint(name, { mode: "number" });
