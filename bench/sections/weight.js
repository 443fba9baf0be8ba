// Page weight: the JavaScript and CSS each public page makes a browser download, gzipped, read
// from the build output. The page's HTML names them (modulepreload links, module scripts, the
// inline `import`, stylesheets); each file is gzipped from BUILD_DIR/client. Admin-only chunks
// come from the route manifest: files of routes/admin/* routes that no other route uses.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { buildDir, fmt, mark, postgresBaseUrl, printTable } from "../support.js";

export const engines = [postgresBaseUrl ? "postgres" : "pglite"];
const PAGES = ["/", "/catalog", "/contact"];

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

export async function run(ctx) {
  const adminChunks = adminOnlyChunks();
  const pages = [];
  for (const page of PAGES) {
    const html = await (await fetch(ctx.server.base + page)).text();
    const refs = new Set([...html.matchAll(/["'](\/assets\/[^"'?#]+\.(?:js|css))["']/g)].map((m) => m[1]));
    let js = 0;
    let css = 0;
    let jsRaw = 0;
    const files = [];
    for (const ref of refs) {
      const full = path.join(buildDir, "client", ref);
      if (!fs.existsSync(full)) continue;
      const data = fs.readFileSync(full);
      const gz = zlib.gzipSync(data, { level: 6 }).length;
      files.push({ file: ref, bytes: data.length, gzip: gz });
      if (ref.endsWith(".css")) css += gz;
      else {
        js += gz;
        jsRaw += data.length;
      }
    }
    pages.push({
      page,
      jsGzipBytes: js,
      jsBytes: jsRaw,
      cssGzipBytes: css,
      files: files.length,
      adminChunks: files.filter((f) => adminChunks.has(f.file)).map((f) => f.file),
      list: files,
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
  printTable(
    "Page weight: JavaScript and CSS a page loads, gzipped, from the build output (target: JS for / ≤ 100 KB; no admin chunk)",
    ["page", "files", "JS gzip", "JS raw", "CSS gzip", "admin chunks"],
    r.pages.map((p) => [
      p.page,
      p.files,
      `${fmt.kb(p.jsGzipBytes)}${p.page === "/" ? ` ${mark(p.jsGzipBytes <= 100 * 1024)}` : ""}`,
      fmt.kb(p.jsBytes),
      fmt.kb(p.cssGzipBytes),
      `${p.adminChunks.length} ${mark(p.adminChunks.length === 0)}`,
    ]),
  );
}
