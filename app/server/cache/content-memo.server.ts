// Shared reads that nearly every public page makes (contact details, brands, categories, the
// bargains strip) kept in memory between content changes, so a page the page cache cannot serve
// (a new search, a deep page) does not ask the database for them again. The same invalidation
// empties both: a back-office change, or another process's NOTIFY, bumps the page cache's
// generation (whether or not the page cache serves pages). On in production unless
// CONTENT_MEMO=false; tests and scripts read through.
import type { PageCache } from "./page-store.server";

type Entry = { generation: number; storedAt: number; value: Promise<unknown> };

let source: { cache: PageCache; maxAgeMs: number } | undefined;
const entries = new Map<string, Entry>();

/** Turns the memo on, tied to this page cache's generation and max age (server/app.ts). */
export function enableContentMemo(cache: PageCache, maxAgeMs: number) {
  source = { cache, maxAgeMs };
  entries.clear();
}

export function disableContentMemo() {
  source = undefined;
  entries.clear();
}

/**
 * `load()` once per content generation. Pass the raw read, not one that turns a failure into a
 * fallback: a rejected read is forgotten at once, so the next request tries the database again.
 */
export function memoizeContent<T>(key: string, load: () => PromiseLike<T>): Promise<T> {
  // Promise.resolve: a query builder is a thenable that runs its query again on every then().
  if (!source) return Promise.resolve(load());
  const generation = source.cache.generation;
  const now = Date.now();
  const entry = entries.get(key);
  if (entry && entry.generation === generation && now - entry.storedAt < source.maxAgeMs) {
    return entry.value as Promise<T>;
  }
  const value = Promise.resolve(load());
  entries.set(key, { generation, storedAt: now, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}
