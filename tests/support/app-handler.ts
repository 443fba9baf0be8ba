// The whole app in-process, as the server runs it: React Router's request handler over the route
// table of app/routes.ts (root, entry.server, every route module), so a test can ask for a page's
// HTML, its `.data` (single fetch) answer or a resource route, and read what a browser would get.
// Built assets are not needed: the manifest below names modules that are never fetched.
//
//   const app = createAppHandler();
//   const response = await app(new Request("http://localhost/catalog?q=deck"));
//   expect(response.status).toBe(200); expect(await response.text()).toContain("Product Catalogue");
import path from "node:path";
import {
  createRequestHandler,
  RouterContextProvider,
  type ServerBuild,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "react-router";
import * as entryServer from "~/entry.server";
import * as root from "~/root";
import routes from "~/routes";
import { clientIpContext, cspNonceContext } from "~/server/security/request-context";

export type RouteConfigEntry = {
  id?: string;
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteConfigEntry[];
};

export type FlatRoute = {
  /** React Router's id: the file under app/ without its extension. */
  id: string;
  parentId: string;
  /** The full URL pattern ("/admin/contact-management/:id"); a layout has its parent's. */
  path: string;
  /** The segment as written in routes.ts (undefined for a layout or an index). */
  segment?: string;
  index: boolean;
  file: string;
  /** A pathless layout: it never answers a URL by itself. */
  layout: boolean;
};

function routeId(file: string) {
  return file.replace(/\.[^./]+$/, "");
}

/** Every entry of the route table, depth first, with its full path and parent. */
export function flattenRoutes(
  entries = routes as RouteConfigEntry[],
  prefix = "",
  parentId = "root",
): FlatRoute[] {
  return entries.flatMap((entry) => {
    const id = entry.id ?? routeId(entry.file);
    const here = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix || "/";
    const flat: FlatRoute = {
      id,
      parentId,
      path: here,
      segment: entry.path,
      index: entry.index === true,
      file: entry.file,
      layout: !entry.path && !entry.index,
    };
    return [flat, ...flattenRoutes(entry.children ?? [], here === "/" ? "" : here, id)];
  });
}

type RouteModule = Record<string, unknown>;
type Component = Parameters<typeof UNSAFE_withComponentProps>[0];

/**
 * The route module as the React Router Vite plugin hands it to the server build: its default
 * export, ErrorBoundary and HydrateFallback wrapped so they receive loaderData and friends as props.
 */
function asBuilt(mod: RouteModule): RouteModule {
  const built: RouteModule = { ...mod };
  if (typeof mod.default === "function") built.default = UNSAFE_withComponentProps(mod.default as Component);
  if (typeof mod.ErrorBoundary === "function")
    built.ErrorBoundary = UNSAFE_withErrorBoundaryProps(mod.ErrorBoundary as never);
  if (typeof mod.HydrateFallback === "function")
    built.HydrateFallback = UNSAFE_withHydrateFallbackProps(mod.HydrateFallback as never);
  return built;
}

/** A route's module, imported the way the build does (the same instance the test sees). */
export async function importRoute(file: string): Promise<RouteModule> {
  return import(/* @vite-ignore */ path.resolve("app", file));
}

/** The server build React Router would load, over the real route table (no client assets). */
export async function buildServer(): Promise<ServerBuild> {
  const flat = flattenRoutes();
  const modules = (await Promise.all(flat.map((route) => importRoute(route.file)))).map(asBuilt);
  const rootModule = asBuilt(root as RouteModule);
  const serverRoutes: ServerBuild["routes"] = {
    root: {
      id: "root",
      parentId: undefined,
      path: "",
      index: undefined,
      caseSensitive: undefined,
      module: rootModule as never,
    },
  };
  const manifestRoutes: ServerBuild["assets"]["routes"] = {};
  const manifestEntry = (id: string, parentId: string | undefined, mod: RouteModule, route?: FlatRoute) => ({
    id,
    parentId,
    path: route ? route.segment : "",
    index: route?.index || undefined,
    caseSensitive: undefined,
    hasAction: typeof mod.action === "function",
    hasLoader: typeof mod.loader === "function",
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasDefaultExport: typeof mod.default === "function",
    hasErrorBoundary: typeof mod.ErrorBoundary === "function",
    module: `/assets/${id.replace(/\//g, "-")}.js`,
    imports: [],
    css: [],
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  });
  manifestRoutes.root = manifestEntry("root", undefined, rootModule);
  flat.forEach((route, i) => {
    const mod = modules[i] as RouteModule;
    serverRoutes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.segment,
      index: route.index || undefined,
      caseSensitive: undefined,
      module: mod as never,
    } as ServerBuild["routes"][string];
    manifestRoutes[route.id] = manifestEntry(route.id, route.parentId, mod, route);
  });
  return {
    entry: { module: entryServer as never },
    routes: serverRoutes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: manifestRoutes,
      url: "/assets/manifest-test.js",
      version: "test",
    } as ServerBuild["assets"],
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { unstable_enableNodeReadableStream: false, unstable_optimizeDeps: false } as never,
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    allowedActionOrigins: false,
  } satisfies ServerBuild;
}

export type AppHandler = (request: Request, options?: { clientIp?: string }) => Promise<Response>;

/** React Router's handler over the real route table, as server/app.ts mounts it. */
export function createAppHandler(): AppHandler {
  const build = buildServer();
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  return async (request, options = {}) => {
    handler ??= createRequestHandler(await build, "production");
    return handler(request, routeContext(options.clientIp));
  };
}

/** The context a loader or action gets from server/app.ts, for a call made directly. */
export function routeContext(clientIp = "203.0.113.1") {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, "test-nonce");
  context.set(clientIpContext, clientIp);
  return context;
}
