// The scripts a public page's first HTML names (the entry, then each route module of the page's
// route chain with their imports, as React Router writes them into modulepreload links): at most
// SCRIPT_BUDGET files, and never a chunk that only admin routes use. Read from the route manifest
// of the production build, built here when missing or older than the sources.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { BRAND_ICONS, SITE_ICON_NAMES } from "~/components/ui/sprite-icon-names";
import { buildDir, ensureBuild } from "../../scripts/build.js";
import { renderIconSprite, SPRITE_PATH } from "../../scripts/build-icon-sprite";

const SCRIPT_BUDGET = 12;

const assetsDir = path.join(buildDir, "client/assets");

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };

function manifestFile() {
  if (!fs.existsSync(assetsDir)) return undefined;
  const name = fs.readdirSync(assetsDir).find((file) => /^manifest-.*\.js$/.test(file));
  return name ? path.join(assetsDir, name) : undefined;
}

function readManifest(): Manifest {
  ensureBuild();
  const file = manifestFile();
  if (!file) throw new Error(`no route manifest in ${assetsDir}`);
  const text = fs.readFileSync(file, "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** The scripts the first HTML of a page of `routeId` names: the entry and the route chain's modules. */
function firstHtmlScripts(manifest: Manifest, routeId: string) {
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId ?? ""]) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

/** Files that only routes/admin/* routes use. */
function adminOnlyFiles(manifest: Manifest) {
  const admin = new Set<string>();
  const other = new Set<string>();
  for (const route of Object.values(manifest.routes)) {
    const own = [route.module, ...(route.imports ?? [])];
    for (const file of own) (route.id.startsWith("routes/admin") ? admin : other).add(file);
  }
  for (const file of firstHtmlScripts(manifest, "root")) other.add(file);
  return new Set([...admin].filter((file) => !other.has(file)));
}

test(`every public page's first HTML names at most ${SCRIPT_BUDGET} scripts, none of them admin-only`, {
  timeout: 300_000,
}, () => {
  const manifest = readManifest();
  const publicRoutes = Object.keys(manifest.routes).filter((id) => id.startsWith("routes/public/"));
  expect(publicRoutes).toContain("routes/public/home");
  expect(publicRoutes).toContain("routes/public/catalog");
  const adminOnly = adminOnlyFiles(manifest);
  expect(adminOnly.size, "the manifest lists admin-only chunks").toBeGreaterThan(0);
  for (const id of publicRoutes) {
    const scripts = [...firstHtmlScripts(manifest, id)];
    expect(scripts.length, `${id} names ${scripts.join(", ")}`).toBeLessThanOrEqual(SCRIPT_BUDGET);
    expect(
      scripts.filter((file) => adminOnly.has(file)),
      `admin-only chunks named by ${id}`,
    ).toEqual([]);
  }
});

test("the icon sprite has every site icon, as the installed lucide-react draws it", async () => {
  const sprite = fs.readFileSync(SPRITE_PATH, "utf8");
  expect(sprite, "run `npx tsx scripts/build-icon-sprite.ts`").toBe(await renderIconSprite());
  expect(sprite.match(/<symbol /g)?.length).toBe(SITE_ICON_NAMES.length + Object.keys(BRAND_ICONS).length);
});
