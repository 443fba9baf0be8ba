// Every PostgreSQL advisory lock this app takes, and its one key scheme (ADR 022). A lock has a
// name; its key is (ADVISORY_NAMESPACE, a hash of the name), so a new lock needs no entry in a
// table, and the key can be read back in pg_locks. Migrations, the first start's admin and demo
// seed, and every periodic task take theirs from advisoryKey(name).
import crypto from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";

/** A PostgreSQL advisory lock key in its two-integer form: (namespace, object). */
export type AdvisoryKey = readonly [number, number];
export type LockedRun<T> = { ran: true; value: T } | { ran: false };

/** The namespace of every advisory lock this app takes ("TC" and a number of our own). */
const ADVISORY_NAMESPACE = 0x5443_0022;

/** The lock migrations run under: one process migrates, the others wait and then find nothing to do. */
export const MIGRATIONS_LOCK = "migrations";
/** The lock the demo seed's transaction holds: two processes seeding one database at once queue on it. */
export const SEED_LOCK = "seed";

/** The lock key of a name: the first four bytes of SHA-256("trade-counter:" + name), signed. */
export function advisoryKey(name: string): AdvisoryKey {
  const digest = crypto.createHash("sha256").update(`trade-counter:${name}`).digest();
  return [ADVISORY_NAMESPACE, digest.readInt32BE(0)];
}

/** The statement that takes the named lock until the transaction it runs in ends. */
export function transactionLockStatement(name: string): SQL {
  const [namespace, key] = advisoryKey(name);
  return sql`select pg_advisory_xact_lock(${namespace}::int, ${key}::int)`;
}

/**
 * The statement that takes every named lock until the transaction ends, in the order of their
 * keys (two transactions taking overlapping sets then queue rather than deadlock).
 */
export function transactionLocksStatement(names: readonly string[]): SQL {
  const keys = [
    ...new Map(names.map((name) => [advisoryKey(name).join(":"), advisoryKey(name)])).values(),
  ].sort((a, b) => a[1] - b[1]);
  const rows = sql.join(
    keys.map(([namespace, key]) => sql`(${namespace}::int, ${key}::int)`),
    sql`, `,
  );
  return sql`select pg_advisory_xact_lock(k.namespace, k.key) from (values ${rows}) as k(namespace, key) order by k.key`;
}

/** Takes the named session lock on `client`, waiting for it; it is held until unlocked or the session ends. */
export async function lockSession(client: pg.ClientBase, name: string) {
  await client.query("select pg_advisory_lock($1, $2)", [...advisoryKey(name)]);
}

export async function unlockSession(client: pg.ClientBase, name: string) {
  await client.query("select pg_advisory_unlock($1, $2)", [...advisoryKey(name)]);
}

/**
 * Runs `fn` holding the session lock `key` on PostgreSQL. Waiting: on a connection of its own
 * (opened from `url`), since the pool's query timeout would end the wait. Trying: on a pooled
 * connection, held for the run; `fn` is skipped when another session holds the lock. Either way
 * the lock is released with the session if the connection breaks; a connection whose unlock
 * failed is discarded, never handed back to the pool still holding the lock.
 */
export async function withSessionLock<T>(
  connections: { pool: pg.Pool; url: string },
  key: AdvisoryKey,
  { wait }: { wait: boolean },
  fn: () => Promise<T>,
): Promise<LockedRun<T>> {
  const client = wait
    ? new pg.Client({ connectionString: connections.url })
    : await connections.pool.connect();
  let discard: Error | undefined;
  try {
    try {
      if (wait) {
        await (client as pg.Client).connect();
        await client.query("select pg_advisory_lock($1, $2)", [...key]);
      } else {
        const result = await client.query<{ locked: boolean }>(
          "select pg_try_advisory_lock($1, $2) as locked",
          [...key],
        );
        if (!result.rows[0]?.locked) return { ran: false };
      }
    } catch (error) {
      discard = error as Error;
      throw error;
    }
    try {
      return { ran: true, value: await fn() };
    } finally {
      await client.query("select pg_advisory_unlock($1, $2)", [...key]).catch((error: Error) => {
        discard = error;
      });
    }
  } finally {
    if (wait) await (client as pg.Client).end().catch(() => {});
    else (client as pg.PoolClient).release(discard);
  }
}
