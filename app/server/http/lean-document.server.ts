// Two trims of the document React Router writes, made once per rendered page (a cached page is
// stored trimmed).
//
// - No `<link rel="modulepreload">`. The inline module script imports the entry and the matched
//   routes' modules itself, and their static imports follow one round trip later. The links
//   only made every script a high-priority download racing the stylesheet and the largest
//   picture, and a phone on a slow connection painted later for them (Lighthouse's first paint
//   on slow 4G came 0.4–0.6 s later with them).
// - The route manifest inside that script is written without the two-space indentation React
//   Router gives it: the same object, a kilobyte less on every page.

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;
const MANIFEST_START = "window.__reactRouterManifest = ";
const MANIFEST_END = ";\n  window.__reactRouterRouteModules";

export function leanDocument(html: string): string {
  let out = html.replace(MODULE_PRELOAD, "");
  const start = out.indexOf(MANIFEST_START);
  if (start === -1) return out;
  const from = start + MANIFEST_START.length;
  const end = out.indexOf(MANIFEST_END, from);
  if (end === -1) return out;
  try {
    const compact = JSON.stringify(JSON.parse(out.slice(from, end)));
    out = out.slice(0, from) + compact + out.slice(end);
  } catch {
    // Not the JSON expected: leave the page as React Router wrote it.
  }
  return out;
}
