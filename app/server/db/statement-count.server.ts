// Counts the SQL statements sent on behalf of one piece of work (a request, for the benchmark's
// statements-per-page figure). Every query Drizzle sends is logged here; outside countStatements
// nothing is kept, so the count costs one lookup per statement.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

export type StatementTally = { statements: number };

const scope = new AsyncLocalStorage<StatementTally>();

/** Drizzle's logger for both engines: adds each statement to the tally of the work it serves. */
export const statementCounter: Logger = {
  logQuery() {
    const tally = scope.getStore();
    if (tally) tally.statements++;
  },
};

/** Runs `fn` with a tally of its statements (a shared read made for it counts where it is made). */
export function countStatements<T>(tally: StatementTally, fn: () => T): T {
  return scope.run(tally, fn);
}
