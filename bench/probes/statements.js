// Counts the SQL statements sent on behalf of one request: every statement Drizzle sends (on
// node-postgres and on PGlite alike) adds one to the tally of the request it is sent for.
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage();

/** Runs `fn` with a tally of its statements; returns what `fn` returns. */
export function countStatements(tally, fn) {
  return scope.run(tally, fn);
}

/**
 * Wraps the methods by which Drizzle's prepared queries send a statement (the same places Drizzle
 * logs one), for both drivers: the server loads these very modules, so it counts through them.
 */
export async function countStatementsOfDrizzle() {
  const [{ NodePgPreparedQuery }, { PglitePreparedQuery }] = await Promise.all([
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/pglite"),
  ]);
  for (const prepared of [NodePgPreparedQuery.prototype, PglitePreparedQuery.prototype]) {
    for (const method of ["execute", "all"]) {
      const send = prepared[method];
      if (typeof send !== "function") throw new Error(`Drizzle's prepared query has no ${method}()`);
      prepared[method] = function counted(...args) {
        const tally = scope.getStore();
        if (tally) tally.statements++;
        return send.apply(this, args);
      };
    }
  }
}
