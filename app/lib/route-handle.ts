// What a route module says about itself in its `handle` export, read by the server.

export type RouteHandle = {
  /**
   * The page is the same for every anonymous visitor (nothing personal, no per-visitor data but
   * the CSP nonce and enquiry form tokens), so its rendered HTML and `.data` answer may be kept
   * in the page cache and served again until content changes. Absent: never cached.
   */
  pageCache?: boolean;
};

/** The handle of a public page that anonymous visitors may be served from the page cache. */
export const CACHEABLE_PAGE = { pageCache: true } as const satisfies RouteHandle;
