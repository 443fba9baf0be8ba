import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { createSecurityHeaders, type SecurityHeaderOptions } from "./headers.server";

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

async function serve(options: SecurityHeaderOptions) {
  const app = express();
  const { middleware } = createSecurityHeaders(options);
  app.use(middleware);
  app.get("/", (_req, res) => {
    res.type("html").send(`<script nonce="${res.locals.cspNonce}"></script>`);
  });
  const listener = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listener.once("listening", resolve));
  close = () => new Promise((resolve) => listener.close(() => resolve()));
  return `http://127.0.0.1:${(listener.address() as AddressInfo).port}/`;
}

test("every response gets its own nonce, named by its policy and carried by its script", async () => {
  const url = await serve({ csp: true, hsts: false, allowIndexing: true });
  const responses = await Promise.all([fetch(url), fetch(url), fetch(url)]);
  const nonces = new Set<string>();
  for (const response of responses) {
    const policy = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]{24})'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(await response.text()).toBe(`<script nonce="${nonce}"></script>`);
    nonces.add(nonce as string);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("__csp-nonce__");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-robots-tag")).toBeNull();
  }
  expect(nonces.size).toBe(3);
});

test("HSTS and noindex are switched by their settings; development has no CSP", async () => {
  const url = await serve({ csp: false, hsts: true, allowIndexing: false });
  const response = await fetch(url);
  expect(response.headers.get("content-security-policy")).toBeNull();
  expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
});
