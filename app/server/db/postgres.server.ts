// PostgreSQL (DATABASE_URL) through a pg pool: every connect, checkout and query bounded in time,
// every failure noted (outage.server.ts), migrations and advisory locks on connections of their own.
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { lockSession, MIGRATIONS_LOCK, unlockSession, withSessionLock } from "./advisory-locks.server";
import type { Database, DatabaseHandle, OpenOptions } from "./handle";
import { findMigrationsFolder } from "./migrations.server";
import { answersWithin, observeAvailability } from "./outage.server";
import * as schema from "./schema";

/** Opening a connection: a server that is down refuses at once; this bounds one that is unreachable. */
const CONNECT_TIMEOUT_MS = 2000;
/**
 * Waiting for a free connection when every one in the pool is busy: under a burst, requests queue
 * here rather than fail; past this the server is overloaded and the request is answered 503.
 */
const CHECKOUT_TIMEOUT_MS = 10_000;
/** No request waits longer than this for one answer; a slower query fails and frees its connection. */
const QUERY_TIMEOUT_MS = 10_000;

/** pg's client with its own connect timeout (the pool's applies to the whole checkout). */
class BoundedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === "string" ? { connectionString: config } : config),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
  }
}

export async function openPostgres(
  options: Extract<OpenOptions, { kind: "postgres" }>,
): Promise<DatabaseHandle> {
  const { url } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    // Connecting, waiting for a free connection and waiting for an answer are each bounded: with
    // PostgreSQL gone a request fails at once (refused) or within CONNECT_TIMEOUT_MS, never hangs.
    Client: BoundedClient,
    connectionTimeoutMillis: CHECKOUT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
    // JIT compiling pays off for long analytic queries; for a page's short ones it only adds its
    // compile time (a third of a second on a catalogue search at 100,000 products).
    options: "-c jit=off",
  });
  // A PostgreSQL restart kills idle connections; the pool replaces them, the process stays up.
  pool.on("error", () => {});
  observeAvailability(pool);
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    url,
    async ping(timeoutMs = 1500) {
      return answersWithin(pool.query("select 1"), timeoutMs);
    },
    async migrate() {
      // A connection of its own, without the query timeout: one migration may take minutes.
      // Processes starting together queue on the lock; ending the connection releases it.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await lockSession(client, MIGRATIONS_LOCK);
        await migratePg(drizzlePg(client, { schema, casing: "snake_case" }) as never, {
          migrationsFolder: findMigrationsFolder(),
        });
        await unlockSession(client, MIGRATIONS_LOCK);
      } finally {
        await client.end();
      }
    },
    withAdvisoryLock(key, options, fn) {
      return withSessionLock({ pool, url }, key, options, fn);
    },
    async close() {
      await pool.end();
    },
  };
}
