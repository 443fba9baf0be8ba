// Content-Security-Policy checks in a real browser, shared by the CSP journeys and the page-by-page
// checks: violations recorded from before the first script runs, and the response's nonce.
import type { Page, Response } from "@playwright/test";
import { expect } from "./fixtures";

type Seen = { violations: string[]; consoleErrors: string[] };

/** Records CSP violation events (from before the first script runs) and CSP console errors. */
export async function watchCsp(page: Page): Promise<Seen> {
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

export function nonceOf(policy: string | undefined) {
  return /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
}

export function expectStrictPolicy(policy: string | undefined, url: string) {
  expect(policy, url).toBeTruthy();
  expect(policy, url).not.toContain("unsafe-eval");
  expect(policy, url).toContain("object-src 'none'");
  expect(policy, url).toContain("base-uri 'self'");
  expect(policy, url).toContain("frame-ancestors 'none'");
  expect(policy, url).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
}

/** Opens the page, waits until React has hydrated it and the network is quiet, then checks. */
export async function visitWithoutCspViolation(page: Page, seen: Seen, url: string, status = 200) {
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

export async function firstLink(page: Page, url: string, prefix: string) {
  await page.goto(url);
  const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute("href");
  expect(href, `a link to ${prefix}… on ${url}`).toBeTruthy();
  return href as string;
}
