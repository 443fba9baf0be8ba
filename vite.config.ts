import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
// The document and the public layout: every public page loads them and what they import.
const SHELL_ROOTS = /\/app\/(root\.tsx|entry\.client\.tsx|routes\/public\/layout\.tsx)$/;
const ROUTE_MODULE = /\/app\/(root\.tsx|entry\.client\.tsx|routes\/)/;
// Small packages that may join the shell. Not zod, sonner, tailwind-merge or Radix: the shell is
// the first load of every public page, and the public pages fetch those on demand or not at all
// (a package put in a group is put there whole, for whichever page uses any of it).
const SHELL_PACKAGES = /\/node_modules\/(clsx|class-variance-authority)\//;
// A form's rules and parser: one file for the pages that check a form in the browser, never part
// of the shell or the site chunk (a page loads those whether it has such a form or not).
const FORM_PACKAGES = /\/node_modules\/(zod|@conform-to\/[\w-]+)\//;

const PUBLIC_ROUTE = /\/app\/routes\/public\/([\w-]+)\.tsx$/;
const LAZY_APP_MODULE = /\/app\/components\/.*\/([\w-]+)\.tsx?$/;
const LAZY_PREFIX = "lazy-";

// Modules that re-export a whole library (every Radix primitive, every lucide icon): what they
// import is no sign of what a page uses, so the walk does not pass through them.
const BARREL = /\/node_modules\/(radix-ui|lucide-react\/dist\/esm\/lucide-react\.mjs)/;

type ModuleGraph = {
  getModuleInfo(id: string): {
    importers: readonly string[];
    dynamicImporters: readonly string[];
    importedIds: readonly string[];
    code: string | null;
  } | null;
};

/**
 * Fewer, larger scripts for the browser: React and React Router in one file, and every module the
 * document and the public layout import statically in another ("shell"), since each page needs
 * them all anyway. A public page's first paint then waits for a handful of files instead of ~40.
 * Route modules and what only some routes import keep their own chunks.
 */
function chunkNameFor() {
  const inShell = new Map<string, boolean>();
  function reachesShell(id: string, graph: ModuleGraph, seen: Set<string>): boolean {
    if (SHELL_ROOTS.test(id) || inShell.get(id)) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return (graph.getModuleInfo(id)?.importers ?? []).some((importer) => reachesShell(importer, graph, seen));
  }
  return (id: string, graph: ModuleGraph) => {
    // The bundler's runtime helpers go where every page's scripts start: one file less per page.
    if (FRAMEWORK.test(id) || id.includes("rolldown/runtime")) return "framework";
    if (FORM_PACKAGES.test(id)) return "forms";
    // Vite's helper for dynamic imports: any page that loads something on demand needs it.
    if (id.includes("vite/preload-helper")) return "shell";
    if (ROUTE_MODULE.test(id)) return null;
    if (id.includes("/node_modules/") && !SHELL_PACKAGES.test(id)) return null;
    // Only a whole walk's answer is kept: one cut short by a cycle may be wrong.
    const shell = inShell.get(id) ?? reachesShell(id, graph, new Set());
    inShell.set(id, shell);
    return shell ? "shell" : null;
  };
}

/**
 * Modules by the public pages that use them: those of SITE_PAGES or more pages (or small ones of
 * two or more) in a "site" chunk when the home page is one of them and a "site-inner" chunk when
 * it is not, the others in a chunk named after the pages that use them. Each small file costs a
 * request before first paint; grouping by the pages that use a module keeps the count low while no
 * page downloads code that only other pages run.
 */
const SITE_PAGES = 5;
// A module this small that two pages share joins the site chunk too: a file of its own would cost
// a request for a few hundred bytes.
const SMALL_MODULE_CHARS = 2048;
/** The public route most visitors land on, whose first load is kept to what it uses. */
const LANDING_PAGE = "home";

function pageChunkName() {
  const nameOf = new Map<string, string | null>();
  const routeIds = new Map<string, string>();
  const reachesForms = new Map<string, boolean>();
  /** Whether a module's static imports lead to zod or Conform. */
  function importsForms(id: string, graph: ModuleGraph): boolean {
    const known = reachesForms.get(id);
    if (known !== undefined) return known;
    reachesForms.set(id, false);
    const imported = graph.getModuleInfo(id)?.importedIds ?? [];
    const result = imported.some(
      (next) => FORM_PACKAGES.test(next) || (!next.includes("/node_modules/") && importsForms(next, graph)),
    );
    reachesForms.set(id, result);
    return result;
  }
  function collectPublicRoutes(id: string, graph: ModuleGraph, seen: Set<string>, found: Set<string>) {
    if (seen.has(id)) return;
    seen.add(id);
    const route = PUBLIC_ROUTE.exec(id);
    if (route?.[1]) {
      found.add(route[1]);
      routeIds.set(route[1], id);
    }
    // A part of the app a page fetches on demand counts as a page of its own: what only it needs
    // comes with it, not with the page that may never ask for it.
    const lazy = LAZY_APP_MODULE.exec(id);
    if (lazy?.[1] && graph.getModuleInfo(id)?.dynamicImporters.length) found.add(`${LAZY_PREFIX}${lazy[1]}`);
    for (const importer of graph.getModuleInfo(id)?.importers ?? []) {
      if (!BARREL.test(importer)) collectPublicRoutes(importer, graph, seen, found);
    }
  }
  return (id: string, graph: ModuleGraph) => {
    if (ROUTE_MODULE.test(id) || id.startsWith("\0")) return null;
    let name = nameOf.get(id);
    if (name === undefined) {
      const found = new Set<string>();
      collectPublicRoutes(id, graph, new Set(), found);
      const small = (graph.getModuleInfo(id)?.code?.length ?? 0) < SMALL_MODULE_CHARS;
      const pages = [...found].filter((page) => !page.startsWith(LAZY_PREFIX));
      // A module that pages load up front and a part fetched on demand shares goes with the pages
      // (the part imports it from there); when those pages use zod and Conform, in a chunk of its
      // own ("-lazy"), so that the on-demand part does not pull them in. One that imports them
      // itself joins the page's chunk.
      const users = pages.length > 0 ? pages : [...found];
      const shared =
        pages.length > 0 &&
        pages.length < found.size &&
        pages.some((page) => importsForms(routeIds.get(page) ?? "", graph));
      const forms = graph.getModuleInfo(id)?.importedIds.some((imported) => FORM_PACKAGES.test(imported));
      if (users.length === 0) name = null;
      else if (users.length >= SITE_PAGES || (users.length >= 2 && small)) {
        // The home page has the tightest budget: what it does not use goes in a second chunk.
        name = users.includes(LANDING_PAGE) ? "site" : "site-inner";
      } else name = `page-${users.sort().join("+")}${shared && !forms ? "-lazy" : ""}`;
      nameOf.set(id, name);
    }
    return name;
  };
}

/**
 * A chunk group takes only the modules named for it, not everything they import, which needs entry
 * chunks that may export more than their module does (React Router asks for exactly its exports;
 * it reads a route's exports from its source, so an extra export changes nothing).
 */
function allowEntryExtension(): Plugin {
  return {
    name: "trade-counter:client-entry-signatures",
    enforce: "post",
    configEnvironment(name, config) {
      if (name !== "client") return;
      config.build ??= {};
      config.build.rollupOptions = {
        ...config.build.rollupOptions,
        preserveEntrySignatures: "allow-extension",
      };
    },
  };
}

/**
 * The server build's entries by their own names (React Router names its one entry index.js), and
 * the code they share in chunks beside them, so that a chunk finds the export worker's entry at
 * ./catalogue-export-worker.js (export-thread.server.ts).
 */
function serverEntryNames(): Plugin {
  return {
    name: "trade-counter:server-entry-names",
    enforce: "post",
    configEnvironment(name, config) {
      if (name !== "ssr") return;
      config.build ??= {};
      const options = config.build.rollupOptions ?? {};
      const output = Array.isArray(options.output) ? {} : (options.output ?? {});
      config.build.rollupOptions = {
        ...options,
        output: { ...output, entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
      };
    },
  };
}

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [{ name: chunkNameFor() }, { name: pageChunkName() }],
            },
          },
        },
      },
    },
    // The server bundle's entry is our Express app, which wraps the React Router handler; the
    // catalogue export's, the catalogue import's and the embedded database's worker threads have
    // entries of their own beside it (serverEntryNames).
    ssr: {
      build: {
        rollupOptions: {
          input: {
            index: "./server/app.ts",
            "catalogue-export-worker": "./app/modules/catalog-sheet/export-worker.server.ts",
            "catalogue-import-worker": "./app/modules/catalog-import/import-worker.server.ts",
            "database-worker": "./app/server/db/pglite-worker.server.ts",
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), allowEntryExtension(), serverEntryNames()],
});
