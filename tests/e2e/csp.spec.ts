// The Content-Security-Policy, enforced in a real browser: every public page and every back-office
// page loads and hydrates without one `securitypolicyviolation` event or CSP console error; the
// policy never allows eval; and a page served from the cache still carries a nonce of its own,
// the one its scripts hold.
import type { APIResponse, Page, Response } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

type Seen = { violations: string[]; consoleErrors: string[] };

/** Records CSP violation events (from before the first script runs) and CSP console errors. */
async function watchCsp(page: Page): Promise<Seen> {
  const seen: Seen = { violations: [], consoleErrors: [] };
  await page.addInitScript(() => {
    const store: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = store;
    document.addEventListener("securitypolicyviolation", (event) => {
      store.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" && /Content Security Policy|Refused to/i.test(text)) {
      seen.consoleErrors.push(text);
    }
  });
  return seen;
}

function nonceOf(policy: string | undefined) {
  return /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
}

function expectStrictPolicy(policy: string | undefined, url: string) {
  expect(policy, url).toBeTruthy();
  expect(policy, url).not.toContain("unsafe-eval");
  expect(policy, url).toContain("object-src 'none'");
  expect(policy, url).toContain("base-uri 'self'");
  expect(policy, url).toContain("frame-ancestors 'none'");
  expect(policy, url).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
}

/** Opens the page, waits until React has hydrated it and the network is quiet, then checks. */
async function visit(page: Page, seen: Seen, url: string, status = 200) {
  const response = (await page.goto(url)) as Response;
  expect(response.status(), url).toBe(status);
  const policy = response.headers()["content-security-policy"];
  expectStrictPolicy(policy, url);
  // hydrateRoot(document) marks the document as React's container as soon as it runs.
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
  await page.waitForLoadState("networkidle");
  // Every script that runs holds this response's nonce (JSON-LD is data, never run).
  const scripts = await page.evaluate(() =>
    [...document.scripts]
      .filter((script) => script.type !== "application/ld+json")
      .map((script) => ({ src: script.src || "inline", nonce: script.nonce })),
  );
  expect(scripts.length, url).toBeGreaterThan(0);
  for (const script of scripts) expect(script.nonce, `${url} ${script.src}`).toBe(nonceOf(policy));
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations, url).toEqual([]);
  expect(seen.consoleErrors, url).toEqual([]);
  return response;
}

async function firstLink(page: Page, url: string, prefix: string) {
  await page.goto(url);
  const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute("href");
  expect(href, `a link to ${prefix}… on ${url}`).toBeTruthy();
  return href as string;
}

for (const url of [
  "/",
  "/catalog",
  "/catalog/",
  "/case-study",
  "/case-study/",
  "/certifications",
  "/terms-conditions",
  "/privacy",
  "/contact",
  "/auth",
]) {
  const label = url.endsWith("/") && url !== "/" ? `a page under ${url}` : url;
  test(`${label} loads and hydrates without a CSP violation`, async ({ page }) => {
    // The product and case-study pages: the first one the list links to.
    const target = label === url ? url : await firstLink(page, url.slice(0, -1), url);
    const seen = await watchCsp(page);
    await visit(page, seen, target);
  });
}

test("the not-found page loads and hydrates without a CSP violation", async ({ page }) => {
  const seen = await watchCsp(page);
  await visit(page, seen, "/no-such-page-here", 404);
});

for (const url of [
  "/admin",
  "/admin/catalog",
  "/admin/users",
  "/admin/home-management",
  "/admin/home",
  "/admin/case-studies",
  "/admin/certifications",
  "/admin/contact",
  "/admin/contact-management",
  "/admin/settings",
  "/admin/settings?tab=hero",
]) {
  test(`back office ${url} loads and hydrates without a CSP violation`, async ({ page }) => {
    const seen = await watchCsp(page);
    await signIn(page, "admin");
    await expect(page).toHaveURL(/\/admin$/);
    await visit(page, seen, url);
  });
}

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
  const response = await visit(page, seen, "/certifications");
  expect(response.headers()["x-cache"]).toBe("HIT");
});
