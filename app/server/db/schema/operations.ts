// What the running processes share: rate-limit counters, form submissions already carried
// out, and when each periodic task last ran.
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Fixed-window counters shared by every server process (enquiry and sign-in rate limits). */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limit_counters_window_idx").on(t.windowStart),
  ],
);

/**
 * Admin form submissions already carried out, by the id the form was given when it opened: a
 * create posted twice (a double click, a resent request) writes once. Pruned after a day.
 */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: text("id").primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index("form_submissions_created_at_idx").on(t.createdAt)],
);

/**
 * When each periodic task last ran, whichever process ran it: a process whose timer fires within
 * the same period finds the run claimed and skips it, so a task runs once per period however
 * many processes share the database (db/advisory-locks.server.ts).
 */
export const periodicRuns = pgTable("periodic_runs", {
  task: text("task").primaryKey(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }).notNull(),
});
