// The page cache's store: pages by key, least recently used evicted past a size in bytes, a max
// age as a safety net, and a generation that a content change bumps (invalidation.server.ts).
import type { PageTemplate } from "./page-template.server";

export type CachedPage = {
  template: PageTemplate;
  /** Null for a page with a form: each view needs a fresh single-use form token, never a 304. */
  etag: string | null;
  headers: [string, string][];
  storedAt: number;
  bytes: number;
};
export type PageCacheOptions = { maxBytes: number; maxAgeMs: number; now?: () => number };
export type PageCache = ReturnType<typeof createPageCache>;

/**
 * The store: LRU by bytes, a max age as a safety net, and a generation that a content change
 * bumps. A render that began in an older generation is not stored: it may have read the data
 * from before the change.
 */
export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let generation = 0;

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
    /** Forget every page: content changed. */
    invalidate() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },
    get(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt > options.maxAgeMs) {
        remove(key);
        return undefined;
      }
      // Most recently used goes last; eviction takes from the front.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    /** Stores a page rendered in `renderedInGeneration`; false when it was not kept. */
    set(key: string, page: Omit<CachedPage, "storedAt" | "bytes">, renderedInGeneration: number) {
      if (renderedInGeneration !== generation) return false;
      const size =
        key.length +
        // Twice the page: its gzipped copy, made at the first hit, is never larger than the page.
        2 * page.template.segments.reduce((sum, segment) => sum + segment.byteLength, 0) +
        page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
      // One page may not push out most of the others.
      if (size > options.maxBytes / 4) return false;
      remove(key);
      entries.set(key, { ...page, storedAt: now(), bytes: size });
      bytes += size;
      for (const [oldest] of entries) {
        if (bytes <= options.maxBytes) break;
        remove(oldest);
      }
      return true;
    },
  };
}
