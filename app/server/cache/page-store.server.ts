// The page cache's store: pages by key, least recently used evicted past a size in bytes, a max
// age as a safety net, and a generation that a content change bumps (invalidation.server.ts).
//
// A change made all at once (a staff edit) empties the store: the next view of any page is
// rendered from the new data. A change made gradually (each step of a catalogue import, a few a
// second for minutes) only marks the pages stale: each goes on being served while one view of it
// renders it again, at most once per GRADUAL_REFRESH_MS, so the pages follow the import a step or
// two behind instead of every page being rendered again after every step. The step that ends the
// gradual change announces it all at once.
import type { PageTemplate } from "./page-template.server";

export type CachedPage = {
  template: PageTemplate;
  /** Null for a page with a form: each view needs a fresh single-use form token, never a 304. */
  etag: string | null;
  headers: [string, string][];
  storedAt: number;
  bytes: number;
  /** The generation whose data the page shows: older than the store's, the page is stale. */
  generation: number;
  /** When a view began rendering this stale page again (the others meanwhile get it as it is). */
  refreshingSince?: number;
};
export type PageCacheOptions = { maxBytes: number; maxAgeMs: number; now?: () => number };

/**
 * During a gradual change, how long a page is served stale before a view renders it again. Also
 * how long the others wait on a view that renders it before another view tries (a render that
 * failed or was not storable).
 */
export const GRADUAL_REFRESH_MS = 2000;
export type PageCache = ReturnType<typeof createPageCache>;

/**
 * The store: LRU by bytes, a max age as a safety net, and a generation that a content change
 * bumps. A render that began before a change made all at once is not stored: it may have read
 * the data from before the change. One that began before a gradual change is stored as stale.
 */
export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let generation = 0;
  /** The generation of the last change made all at once: nothing rendered before it is kept. */
  let emptiedAt = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  return {
    get generation() {
      return generation;
    },
    get size() {
      return { entries: entries.size, bytes };
    },
    /** Forget every page: content changed all at once. */
    invalidate() {
      generation += 1;
      emptiedAt = generation;
      entries.clear();
      bytes = 0;
    },
    /** Content changed gradually: every page is stale, and refreshed as it is next viewed. */
    markStale() {
      generation += 1;
    },
    /**
     * The page to serve for `key`, or undefined when this view should render it: none stored,
     * past its max age, or stale since GRADUAL_REFRESH_MS and no other view rendering it.
     */
    get(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const time = now();
      if (time - entry.storedAt > options.maxAgeMs) {
        remove(key);
        return undefined;
      }
      if (entry.generation !== generation) {
        const refreshing =
          entry.refreshingSince !== undefined && time - entry.refreshingSince < GRADUAL_REFRESH_MS;
        if (!refreshing && time - entry.storedAt >= GRADUAL_REFRESH_MS) {
          entry.refreshingSince = time;
          return undefined;
        }
      }
      // Most recently used goes last; eviction takes from the front.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    /** Stores a page rendered from `renderedInGeneration`; false when it was not kept. */
    set(
      key: string,
      page: Omit<CachedPage, "storedAt" | "bytes" | "generation" | "refreshingSince">,
      renderedInGeneration: number,
    ) {
      if (renderedInGeneration < emptiedAt) return false;
      const size =
        key.length +
        // Twice the page: its gzipped copy, made at the first hit, is never larger than the page.
        2 * page.template.segments.reduce((sum, segment) => sum + segment.byteLength, 0) +
        page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
      // One page may not push out most of the others.
      if (size > options.maxBytes / 4) return false;
      remove(key);
      entries.set(key, { ...page, storedAt: now(), bytes: size, generation: renderedInGeneration });
      bytes += size;
      for (const [oldest] of entries) {
        if (bytes <= options.maxBytes) break;
        remove(oldest);
      }
      return true;
    },
  };
}
