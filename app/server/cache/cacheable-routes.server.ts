// Which paths the page cache may keep, as the routes themselves declare it: a route module whose
// `handle` says `pageCache: true` (see app/lib/route-handle.ts) answers the same page to every
// anonymous visitor. The path is matched against the route table the way React Router matches
// it, so the cache never keeps a page its route did not offer, and no list of paths is kept here.
import { matchRoutes, type RouteObject } from "react-router";
import type { RouteHandle } from "~/lib/route-handle";

/** A route of the server build (or anything shaped like one). */
export type RouteEntry = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { handle?: unknown };
};

type Node = {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: Node[];
};

/** The page a document or `.data` request is for: "/catalog.data" is "/catalog", "/_root.data" is "/". */
function pagePathOf(pathname: string) {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
}

/** A test of a request path: does the route that answers it allow the page cache? */
export function cacheablePaths(routes: Record<string, RouteEntry | undefined>) {
  const byParent = new Map<string | undefined, RouteEntry[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  function tree(parentId: string | undefined): Node[] {
    return (byParent.get(parentId) ?? []).map((route) => {
      const children = route.index ? undefined : tree(route.id);
      return {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        ...(children && children.length > 0 ? { children } : {}),
      };
    });
  }
  const table = tree(undefined);
  const cacheable = new Set(
    Object.values(routes)
      .filter((route) => (route?.module.handle as RouteHandle | undefined)?.pageCache === true)
      .map((route) => route?.id),
  );
  return function isCacheable(pathname: string) {
    const matches = matchRoutes(table as RouteObject[], pagePathOf(pathname));
    const leaf = matches?.at(-1)?.route.id;
    return leaf !== undefined && cacheable.has(leaf);
  };
}
