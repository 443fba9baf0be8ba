// Page weight of every public page type, read from what the server answers and the build output:
// the HTML's bytes (uncompressed, as the browser parses it), the scripts it names before first
// paint (modulepreload links, module scripts and the inline module's imports, each one request),
// their gzipped bytes (the JavaScript run before the page is interactive; static imports of those
// files that the HTML does not name are added, so nothing fetched before hydration is missed), the
// CSS, and admin-only chunks (files of routes/admin/* routes that no other route uses, from the
// route manifest). Targets: HTML of a catalogue page ≤ 60 KB and of / ≤ 80 KB, JS for / ≤ 125 KB
// gzipped, at most 12 scripts on every page, no admin chunk.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { isCataloguePage, publicPages } from "../public-pages.js";
import { buildDir, fmt, mark, postgresBaseUrl, printTable } from "../support.js";

export const engines = [postgresBaseUrl ? "postgres" : "pglite"];

const KB = 1024;
export const TARGETS = {
  catalogueHtmlBytes: 60 * KB,
  homeHtmlBytes: 80 * KB,
  homeJsGzipBytes: 125 * KB,
  scriptsBeforePaint: 12,
};

function adminOnlyChunks() {
  const assets = path.join(buildDir, "client/assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) return new Set();
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const filesOf = (r) => [r.module, ...(r.imports ?? []), ...(r.css ?? [])].filter(Boolean);
  const admin = new Set();
  const other = new Set(filesOf(manifest.entry));
  for (const [id, route] of Object.entries(manifest.routes)) {
    for (const f of filesOf(route)) (id.startsWith("routes/admin") ? admin : other).add(f);
  }
  return new Set([...admin].filter((f) => !other.has(f)));
}

/** A built file's bytes and gzipped bytes, or null when the build has no such file. */
function sizeOf(ref, cache) {
  if (cache.has(ref)) return cache.get(ref);
  const full = path.join(buildDir, "client", ref);
  let size = null;
  if (fs.existsSync(full)) {
    const data = fs.readFileSync(full);
    size = { data, bytes: data.length, gzip: zlib.gzipSync(data, { level: 6 }).length };
  }
  cache.set(ref, size);
  return size;
}

/** The files a built chunk imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(ref, cache) {
  const size = sizeOf(ref, cache);
  if (!size) return [];
  const text = size.data.toString("utf8");
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)].map((m) =>
    path.posix.join(path.posix.dirname(ref), m[1]),
  );
}

/**
 * The scripts a page's HTML has the browser fetch before first paint: modulepreload links, module
 * scripts' src and the imports of inline module scripts (not the route manifest's list of other
 * pages' modules, which is data).
 */
export function scriptsNamed(html) {
  const refs = new Set();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (/\brel="modulepreload"/.test(tag)) refs.add(tag.match(/\bhref="([^"]+)"/)?.[1]);
  }
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!/\btype="module"/.test(attributes)) continue;
    const src = attributes.match(/\bsrc="([^"]+)"/)?.[1];
    if (src) refs.add(src);
    for (const m of body.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+\.js)["']/g)) refs.add(m[1]);
    for (const m of body.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)) refs.add(m[1]);
  }
  refs.delete(undefined);
  return [...refs]
    .map((ref) => ref.replace(/^https?:\/\/[^/]+/, ""))
    .filter((ref) => ref.startsWith("/assets/"));
}

function stylesheetsNamed(html) {
  const refs = new Set();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = tag.match(/\bhref="(\/assets\/[^"]+\.css)"/)?.[1];
    if (href && /\brel="stylesheet"/.test(tag)) refs.add(href);
  }
  return [...refs];
}

export async function run(ctx) {
  const adminChunks = adminOnlyChunks();
  const cache = new Map();
  const pages = [];
  for (const page of await publicPages(ctx)) {
    const response = await fetch(ctx.server.base + page.path);
    const html = Buffer.from(await response.arrayBuffer());
    const text = html.toString("utf8");
    const namedScripts = scriptsNamed(text);
    const named = [...stylesheetsNamed(text), ...namedScripts];
    // Everything those scripts import statically is fetched before hydration too.
    const scripts = new Set(namedScripts);
    for (const ref of scripts) for (const dep of staticImports(ref, cache)) scripts.add(dep);
    const files = [];
    for (const ref of [...stylesheetsNamed(text), ...scripts]) {
      const size = sizeOf(ref, cache);
      if (size) files.push({ file: ref, bytes: size.bytes, gzip: size.gzip, named: named.includes(ref) });
    }
    const js = files.filter((f) => f.file.endsWith(".js"));
    pages.push({
      ...page,
      status: response.status,
      htmlBytes: html.length,
      htmlGzipBytes: zlib.gzipSync(html, { level: 6 }).length,
      scriptsBeforePaint: namedScripts.length,
      jsGzipBytes: js.reduce((sum, f) => sum + f.gzip, 0),
      jsBytes: js.reduce((sum, f) => sum + f.bytes, 0),
      cssGzipBytes: files.filter((f) => f.file.endsWith(".css")).reduce((sum, f) => sum + f.gzip, 0),
      // Imported before hydration but not named by the HTML: fetched one round trip later.
      unnamedImports: js.filter((f) => !f.named).map((f) => f.file),
      adminChunks: files.filter((f) => adminChunks.has(f.file)).map((f) => f.file),
      files,
    });
  }
  return { pages, adminOnlyChunkCount: adminChunks.size };
}

export function print(byEngine) {
  const r = Object.values(byEngine)[0];
  if (!r) return;
  if (r.error) {
    console.log(`\n== Page weight: failed — ${r.error.split("\n")[0]}`);
    return;
  }
  const htmlCell = (p) => {
    const target =
      p.path === "/" ? TARGETS.homeHtmlBytes : isCataloguePage(p) ? TARGETS.catalogueHtmlBytes : null;
    return `${fmt.kb(p.htmlBytes)}${target === null ? "" : ` ${mark(p.htmlBytes <= target)}`}`;
  };
  printTable(
    "Page weight of each public page type (targets: HTML ≤ 60 KB on catalogue pages, ≤ 80 KB on /; JS before interactive on / ≤ 125 KB gzipped; ≤ 12 scripts before first paint on every page; no admin chunk)",
    ["page", "type", "HTML", "HTML gzip", "scripts", "JS gzip", "JS raw", "CSS gzip", "admin chunks"],
    r.pages.map((p) => [
      p.path.length > 40 ? `${p.path.slice(0, 39)}…` : p.path,
      p.type,
      htmlCell(p),
      fmt.kb(p.htmlGzipBytes),
      `${p.scriptsBeforePaint} ${mark(p.scriptsBeforePaint <= TARGETS.scriptsBeforePaint)}`,
      `${fmt.kb(p.jsGzipBytes)}${p.path === "/" ? ` ${mark(p.jsGzipBytes <= TARGETS.homeJsGzipBytes)}` : ""}`,
      fmt.kb(p.jsBytes),
      fmt.kb(p.cssGzipBytes),
      `${p.adminChunks.length} ${mark(p.adminChunks.length === 0)}`,
    ]),
  );
  for (const p of r.pages) {
    if (p.unnamedImports?.length)
      console.log(
        `  ${p.path}: imported before hydration but not named in the HTML: ${p.unnamedImports.join(", ")}`,
      );
  }
}
