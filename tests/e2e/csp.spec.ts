// The Content-Security-Policy on cached pages: a page from the cache carries a nonce of its own,
// the one its scripts hold, and hydrates without a violation. Every page's own check (no violation,
// a strict policy, every script holding the nonce) is in pages.spec.ts and admin-pages.spec.ts.
import type { APIResponse } from "@playwright/test";
import { expectStrictPolicy, firstLink, nonceOf, visitWithoutCspViolation, watchCsp } from "./csp";
import { expect, test } from "./fixtures";

function scriptNonces(html: string) {
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => !tag.includes('type="application/ld+json"'))
    .map((tag) => /\bnonce="([^"]*)"/.exec(tag)?.[1] ?? "(none)");
}

function expectOwnNonce(response: APIResponse, html: string, url: string) {
  const nonce = nonceOf(response.headers()["content-security-policy"]);
  expect(nonce, url).toBeTruthy();
  const nonces = scriptNonces(html);
  expect(nonces.length, url).toBeGreaterThan(0);
  expect(new Set(nonces), url).toEqual(new Set([nonce]));
  return nonce as string;
}

test("a page from the cache carries a fresh nonce, the one its scripts hold", async ({ page, request }) => {
  const product = await firstLink(page, "/catalog", "/catalog/");
  for (const url of ["/", "/catalog", product, "/case-study", "/certifications", "/contact"]) {
    const first = await request.get(url);
    const firstNonce = expectOwnNonce(first, await first.text(), url);
    const second = await request.get(url);
    expect(second.headers()["x-cache"], url).toBe("HIT");
    expectStrictPolicy(second.headers()["content-security-policy"], url);
    const secondNonce = expectOwnNonce(second, await second.text(), url);
    expect(secondNonce, url).not.toBe(firstNonce);
  }
});

test("a cached page hydrates in the browser without a CSP violation", async ({ page, request }) => {
  await request.get("/certifications");
  const seen = await watchCsp(page);
  const response = await visitWithoutCspViolation(page, seen, "/certifications");
  expect(response.headers()["x-cache"]).toBe("HIT");
});
