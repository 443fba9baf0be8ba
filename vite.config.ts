import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
// The document and the public layout: every public page loads them and what they import.
const SHELL_ROOTS = /\/app\/(root\.tsx|entry\.client\.tsx|routes\/public\/layout\.tsx)$/;
const ROUTE_MODULE = /\/app\/(root\.tsx|entry\.client\.tsx|routes\/)/;
// Packages that may join the shell. Not Radix: its barrel (`radix-ui`) names every primitive, and
// a group takes in whatever a member imports, so it stays in the bundler's own chunks.
const SHELL_PACKAGES = /\/node_modules\/(zod|clsx|tailwind-merge|class-variance-authority|sonner)\//;

const PUBLIC_ROUTE = /\/app\/routes\/public\//;

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

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
    if (FRAMEWORK.test(id)) return "framework";
    if (ROUTE_MODULE.test(id)) return null;
    if (id.includes("/node_modules/") && !SHELL_PACKAGES.test(id)) return null;
    // Only a whole walk's answer is kept: one cut short by a cycle may be wrong.
    const shell = inShell.get(id) ?? reachesShell(id, graph, new Set());
    inShell.set(id, shell);
    return shell ? "shell" : null;
  };
}

/**
 * The app's own modules that two or more public pages share (pictures, structured data, form
 * parts, small helpers) in one "site" chunk: small files each cost a request before first paint.
 */
function siteChunkName() {
  const reached = new Map<string, boolean>();
  function reachesPublicRoute(id: string, graph: ModuleGraph, seen: Set<string>): boolean {
    if (PUBLIC_ROUTE.test(id) || reached.get(id)) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return (graph.getModuleInfo(id)?.importers ?? []).some((importer) =>
      reachesPublicRoute(importer, graph, seen),
    );
  }
  return (id: string, graph: ModuleGraph) => {
    if (!id.includes("/app/") || id.includes("/node_modules/") || ROUTE_MODULE.test(id)) return null;
    const yes = reached.get(id) ?? reachesPublicRoute(id, graph, new Set());
    reached.set(id, yes);
    return yes ? "site" : null;
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
              groups: [{ name: chunkNameFor() }, { name: siteChunkName(), minShareCount: 2 }],
            },
          },
        },
      },
    },
    // The server bundle's entry is our Express app, which wraps the React Router handler.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
});
