import { type AnyColumn, ilike, or, type SQL } from "drizzle-orm";

/**
 * The pattern of a case-insensitive "contains" match for LIKE/ILIKE: `%` and `_` are wildcards
 * and `\` the escape there, so each is escaped and a search for "50%" means the text.
 */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" over several columns, ORed; undefined (no filter) for an empty q. */
export function ilikeAny(columns: readonly (AnyColumn | SQL)[], q: string): SQL | undefined {
  const text = q.trim();
  if (!text || columns.length === 0) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}
