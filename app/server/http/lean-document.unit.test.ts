import { describe, expect, it } from "vitest";
import { leanDocument } from "./lean-document.server";

const manifest = { entry: { module: "/assets/entry.client-A.js", imports: ["/assets/framework-B.js"] } };
const page = [
  '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>',
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n1"/><link rel="stylesheet" href="/assets/app.css"/>',
  '</head><body><script nonce="n1" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\n',
  `  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n`,
  '  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");</script></body></html>',
].join("");

describe("leanDocument", () => {
  it("drops the module preloads and keeps every other link", () => {
    const out = leanDocument(page);
    expect(out).not.toContain("modulepreload");
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain('import * as route0 from "/assets/root-C.js";');
    expect(out).toContain('import("/assets/entry.client-A.js");');
  });

  it("writes the route manifest compactly, as the same object", () => {
    const out = leanDocument(page);
    expect(out).toContain(`window.__reactRouterManifest = ${JSON.stringify(manifest)};\n`);
    expect(out.length).toBeLessThan(page.length - 100);
  });

  it("leaves a page without the manifest, or with one it cannot read, as it was", () => {
    expect(leanDocument("<p>plain</p>")).toBe("<p>plain</p>");
    const broken = page.replace('"entry"', "entry");
    expect(leanDocument(broken)).toBe(broken.replace(/<link rel="modulepreload"[^>]*\/>/g, ""));
  });
});
