// Whether PostgreSQL answers, told from the errors its driver gives: each failed round trip is
// classified (never reached, or lost mid-way; the server gone, or merely busy), noted against the
// request being served and the process, and reported to the error page and the health check.
import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import { DATABASE_THREAD_STOPPED } from "./pglite-remote.server";

type OutageSign = {
  /**
   * "unreachable": no connection was made, nothing can have been written. "interrupted": a
   * connection was lost or gave up mid-way, a COMMIT in flight may or may not have landed.
   */
  kind: "unreachable" | "interrupted";
  /** PostgreSQL itself is gone, not merely slow or busy (every pool slot taken, a slow query). */
  down: boolean;
};

/** SQLSTATEs: shutting down or starting up, too many connections, could not connect. */
const UNREACHABLE_CODES = new Set(["57P03", "53300", "08001", "08004"]);
/** SQLSTATEs: terminated by an administrator (a fast shutdown) or a crash, connection failure. */
const INTERRUPTED_CODES = new Set(["57P01", "57P02", "08000", "08003", "08006", "08007"]);
const MESSAGES: Record<string, OutageSign> = {
  // pg-pool: no slot came free in time (the pool is busy, the server may be fine).
  "timeout exceeded when trying to connect": { kind: "unreachable", down: false },
  "Connection terminated due to connection timeout": { kind: "unreachable", down: true },
  // pg's client: its own connect timeout (BoundedClient) fired.
  "timeout expired": { kind: "unreachable", down: true },
  "Connection terminated unexpectedly": { kind: "interrupted", down: true },
  "Connection terminated": { kind: "interrupted", down: true },
  "Client has encountered a connection error and is not queryable": { kind: "interrupted", down: true },
  // query_timeout: no answer in time (a hung server, or a very slow query).
  "Query read timeout": { kind: "interrupted", down: false },
  // The embedded database's own thread ended under its connections (pglite-thread.server.ts).
  [DATABASE_THREAD_STOPPED]: { kind: "interrupted", down: true },
};

/** What an error (or one of its causes: Drizzle wraps the driver's) says about the database. */
function outageSign(error: unknown): OutageSign | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, syscall } = current as NodeJS.ErrnoException;
    if (syscall === "connect") return { kind: "unreachable", down: true };
    // The socket to PostgreSQL broke under a query (the server went away mid-conversation).
    if (code === "EPIPE" || code === "ECONNRESET") return { kind: "interrupted", down: true };
    if (code && UNREACHABLE_CODES.has(code)) return { kind: "unreachable", down: true };
    if (code && INTERRUPTED_CODES.has(code)) return { kind: "interrupted", down: true };
    const known = Object.hasOwn(MESSAGES, current.message) ? MESSAGES[current.message] : undefined;
    if (known) return known;
    current = current.cause;
  }
  return null;
}

/**
 * Whether an error means PostgreSQL did not answer, and how: "unreachable" when no connection
 * was made (nothing can have been written), "interrupted" when one was lost or timed out
 * mid-way (a write may have committed); null for any other error (a constraint, a bug).
 */
export function databaseOutageKind(error: unknown) {
  return outageSign(error)?.kind ?? null;
}

export function isDatabaseUnavailable(error: unknown) {
  return outageSign(error) !== null;
}

/** Per request: whether the database failed to answer while it was being served. */
const outageScope = new AsyncLocalStorage<{ unavailable: boolean }>();
/** Process-wide: PostgreSQL was gone at the last round trip (none has succeeded since). */
let databaseDown = false;

/** Records a failed round trip against the request being served (and the process). */
export function noteDatabaseError(error: unknown) {
  const sign = outageSign(error);
  if (!sign) return;
  if (sign.down) databaseDown = true;
  const scope = outageScope.getStore();
  if (scope) scope.unavailable = true;
}

/**
 * Runs `fn` (a request's handling) and reports on the database meanwhile: `failed`, a round trip
 * of this request failed for want of it; `down`, it is still unreachable at the end (what a
 * request may have learnt second-hand, through a shared read another request made).
 */
export async function observeDatabaseOutage<T>(fn: () => Promise<T>) {
  const scope = { unavailable: false };
  const value = await outageScope.run(scope, fn);
  return { value, failed: scope.unavailable, down: databaseDown };
}

function observed<T>(promise: Promise<T>): Promise<T> {
  return promise.then(
    (value) => {
      databaseDown = false;
      return value;
    },
    (error: unknown) => {
      noteDatabaseError(error);
      throw error;
    },
  );
}

/** Checked-out clients that already have an error listener of ours. */
const guarded = new WeakSet<pg.PoolClient>();

/**
 * Every pooled query and checkout (transactions) reports how it went; callbacks pass through.
 * A checked-out client has no error listener of the pool's: if PostgreSQL goes away between two
 * queries of a transaction, its socket error would be an uncaught 'error' event and bring the
 * process down. Its queries fail on their own; the listener only notes the outage.
 */
export function observeAvailability(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) =>
    typeof args.at(-1) === "function"
      ? query(...args)
      : observed(query(...args) as Promise<unknown>)) as typeof pool.query;
  pool.connect = ((...args: unknown[]) => {
    if (typeof args.at(-1) === "function") return connect(...args);
    return observed(connect() as Promise<pg.PoolClient>).then((client) => {
      if (!guarded.has(client)) {
        guarded.add(client);
        client.on("error", noteDatabaseError);
      }
      return client;
    });
  }) as typeof pool.connect;
}

/** Whether `promise` settles successfully within `ms`: a ping's answer, on either engine. */
export async function answersWithin(promise: Promise<unknown>, ms: number) {
  try {
    await withTimeout(promise, ms);
    return true;
  } catch {
    return false;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
