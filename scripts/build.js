// The production build in build/ (or BUILD_DIR), made only when a source is newer than it: `npm run test:e2e`
// and the tests that start `node server.js` (tests/support/instances.ts) share one build, so a
// test run builds once however many of them need it. Plain Node ESM, for scripts/e2e.js.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** BUILD_DIR, as react-router.config.ts and server.js read it (default build/). */
export const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");

/** What the build is made from: a change to any of these makes it stale. */
const SOURCES = [
  "app",
  "server",
  "drizzle",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
  "package-lock.json",
];

/**
 * The newest modification time of the files under `target`. Folders' own times are left out: a
 * test that puts a probe file into app/ and removes it again changes nothing the build reads.
 */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when build/ holds a build at least as new as every source. */
export function buildIsCurrent() {
  const entry = path.join(buildDir, "server/index.js");
  const builtAt = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
  return builtAt >= Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
}

/** Builds into build/ unless the build there is current; throws with the build's errors. */
export function ensureBuild() {
  if (buildIsCurrent()) return;
  const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    encoding: "utf8",
    // Vitest runs with NODE_ENV=test, which would build React's development bundles.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`The build failed:\n${result.stderr}`);
}

// `node scripts/build.js`: the same, from the command line (scripts/test.js builds once up front).
if (import.meta.filename === process.argv[1]) {
  if (buildIsCurrent()) console.log("build/ is current");
  else ensureBuild();
}
