// Keeping every process's page cache in step with the database. A content change empties this
// process's cache at once; on PostgreSQL it is also announced with NOTIFY (sent after the change
// committed) to the other processes, each of which LISTENs on a dedicated connection. PGlite is
// one process per data folder, so the local invalidation is all there is to do there.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { getDatabase } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { createPageCache, type PageCache } from "./page-cache.server";

export const INVALIDATION_CHANNEL = "tc_page_cache";
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** Who sent a NOTIFY: a process skips its own (it has already emptied its cache). */
const processId = crypto.randomUUID();

let pageCache: PageCache | undefined;

/** This process's page cache, sized by PAGE_CACHE_MAX_MB and PAGE_CACHE_MAX_AGE_SECONDS. */
export function getPageCache(): PageCache {
  const env = getEnv();
  pageCache ??= createPageCache({
    maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
    maxAgeMs: env.PAGE_CACHE_MAX_AGE_SECONDS * 1000,
  });
  return pageCache;
}

/** Public content changed: empty this process's cache now and tell the other processes. */
export async function announceContentChange(cache: PageCache = getPageCache()) {
  cache.invalidate();
  let database: ReturnType<typeof getDatabase>;
  try {
    database = getDatabase();
  } catch {
    return; // no database open (a script or a test without one): nobody else to tell
  }
  if (database.kind !== "postgres") return;
  try {
    await database.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${processId})`);
  } catch (error) {
    // The other processes' max age still bounds how long they can serve the old page.
    logger.error({ err: error }, "page cache: could not announce a content change");
  }
}

export type InvalidationListener = { stop(): Promise<void>; ready: Promise<void> };

/**
 * LISTENs on PostgreSQL for other processes' content changes, on a connection of its own
 * (a pooled one would be handed to queries). Reconnects with backoff after an error, and
 * empties the cache on each reconnect, since a notification may have been missed meanwhile.
 */
export function startInvalidationListener(options: {
  url: string;
  cache: PageCache;
  /** Also react to this process's own notifications (tests that play two processes). */
  includeOwn?: boolean;
}): InvalidationListener {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  let connectedOnce = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  function scheduleReconnect() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  }

  async function connect() {
    if (stopped) return;
    const next = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
    let failed = false;
    function fail(error?: unknown) {
      if (failed) return;
      failed = true;
      if (!stopped && error)
        logger.warn({ err: error }, "page cache: invalidation listener lost, reconnecting");
      if (client === next) client = undefined;
      next.end().catch(() => {});
      scheduleReconnect();
    }
    next.on("error", fail);
    next.on("end", () => fail());
    next.on("notification", (message) => {
      if (message.channel !== INVALIDATION_CHANNEL) return;
      if (message.payload === processId && !options.includeOwn) return;
      options.cache.invalidate();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    } catch (error) {
      fail(error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = RECONNECT_MIN_MS;
    if (connectedOnce) options.cache.invalidate();
    connectedOnce = true;
    markReady();
  }

  void connect();
  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

let listener: InvalidationListener | undefined;

/** Boot: on PostgreSQL, listen for the other processes' changes. */
export function startPageCacheInvalidation() {
  const env = getEnv();
  if (!env.PAGE_CACHE || !env.DATABASE_URL || listener) return;
  listener = startInvalidationListener({ url: env.DATABASE_URL, cache: getPageCache() });
}

/** Shutdown: before the database closes. */
export async function stopPageCacheInvalidation() {
  const current = listener;
  listener = undefined;
  await current?.stop();
}
