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
import { createPageCache, type PageCache } from "./page-store.server";

export const INVALIDATION_CHANNEL = "tc_page_cache";
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * Who sent a NOTIFY: a process skips its own (it has already emptied its cache). A worker thread
 * that writes for the server (relayContentChanges) sends as `<the server thread's id>/thread`.
 */
let processId: string = crypto.randomUUID();
/** A change's kind, as a notification's last part: "all" at once, or one step of a gradual one. */
export type ContentChange = "all" | "gradual";
/** In such a worker thread: hands a change to the server thread, whose page cache it is. */
let relay: ((change: ContentChange) => void) | undefined;

/** This thread's sender id, for a worker thread to relay its changes under (relayContentChanges). */
export function contentChangeSender() {
  return processId;
}

/**
 * In a worker thread that writes for the server thread (a catalogue import's): its changes are
 * handed to that thread (`tell`, a message it applies with contentChanged) rather than to a page
 * cache of this thread's, and its NOTIFY to the other processes goes out under the server
 * thread's id, which that thread's listener passes by, having been told already.
 */
export function relayContentChanges(options: { sender: string; tell(change: ContentChange): void }) {
  processId = `${options.sender}/thread`;
  relay = options.tell;
}

/** A change a worker thread of this process made (relayContentChanges): applied here, not announced again. */
export function contentChanged(change: ContentChange, cache: PageCache = getPageCache()) {
  if (change === GRADUAL) cache.markStale();
  else cache.invalidate();
}
/** Each announcement's number, so that its sender can tell when its own listener heard it. */
let announced = 0;
/** Announcements of this process waiting to be heard back: number -> resolve. */
const echoes = new Map<number, () => void>();
/**
 * How long a staff write's answer waits to hear its own announcement back. PostgreSQL delivers a
 * notification to every listener at once, so once this process has it the others have it too,
 * and the next page any of them serves is the new one; if it does not come back in this time
 * the answer goes out anyway (the others' max age bounds how stale they can be).
 */
const ECHO_TIMEOUT_MS = 1000;
/** This process's own listener is connected (its echoes can be waited for). */
let listenerReady = false;

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
export async function announceContentChange(cache?: PageCache) {
  if (relay && !cache) relay("all");
  else (cache ?? getPageCache()).invalidate();
  await announce("all", true);
}

/**
 * Public content changed by one step of a gradual change (a catalogue import's batch): this
 * process's pages, and the other processes', are marked stale and refreshed as they are viewed
 * (page-store.server.ts). Nobody waits for the others to hear it; the step that ends the change
 * announces it with announceContentChange.
 */
export async function announceGradualContentChange(cache?: PageCache) {
  if (relay && !cache) relay(GRADUAL);
  else (cache ?? getPageCache()).markStale();
  await announce(GRADUAL, false);
}

/** The notification's last part for a gradual change ("all" for one made all at once). */
const GRADUAL = "gradual" satisfies ContentChange;

async function announce(kind: string, waitForEcho: boolean) {
  let database: ReturnType<typeof getDatabase>;
  try {
    database = getDatabase();
  } catch {
    return; // no database open (a script or a test without one): nobody else to tell
  }
  if (database.kind !== "postgres") return;
  const number = ++announced;
  let timer: NodeJS.Timeout | undefined;
  const heard =
    waitForEcho && listenerReady
      ? new Promise<void>((resolve) => {
          echoes.set(number, resolve);
          timer = setTimeout(resolve, ECHO_TIMEOUT_MS);
        })
      : undefined;
  try {
    await database.db.execute(
      sql`select pg_notify(${INVALIDATION_CHANNEL}, ${`${processId}:${number}:${kind}`})`,
    );
    await heard;
  } catch (error) {
    // The other processes' max age still bounds how long they can serve the old page.
    logger.error({ err: error }, "page cache: could not announce a content change");
  } finally {
    clearTimeout(timer);
    echoes.delete(number);
  }
}

type InvalidationListener = { stop(): Promise<void>; ready: Promise<void> };

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
  /** Told when the listening connection is up (true) and when it is lost (false). */
  onConnected?(connected: boolean): void;
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
      if (client === next) {
        client = undefined;
        options.onConnected?.(false);
      }
      next.end().catch(() => {});
      scheduleReconnect();
    }
    next.on("error", fail);
    next.on("end", () => fail());
    next.on("notification", (message) => {
      if (message.channel !== INVALIDATION_CHANNEL) return;
      const [sender, number, kind] = (message.payload ?? "").split(":");
      if (sender === processId) {
        echoes.get(Number(number))?.();
        if (!options.includeOwn) return;
      }
      // A worker thread of this process: it has told this thread already.
      if (sender?.startsWith(`${processId}/`) && !options.includeOwn) return;
      if (kind === GRADUAL) options.cache.markStale();
      else options.cache.invalidate();
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
    options.onConnected?.(true);
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

/** Boot: on PostgreSQL, listen for the other processes' changes (for the page cache or the memo). */
export function startPageCacheInvalidation() {
  const env = getEnv();
  if (!(env.PAGE_CACHE || env.CONTENT_MEMO) || !env.DATABASE_URL || listener) return;
  listener = startInvalidationListener({
    url: env.DATABASE_URL,
    cache: getPageCache(),
    onConnected(connected) {
      listenerReady = connected;
    },
  });
}

/** Shutdown: before the database closes. */
export async function stopPageCacheInvalidation() {
  const current = listener;
  listener = undefined;
  listenerReady = false;
  await current?.stop();
}
