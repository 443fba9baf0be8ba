import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { TOAST_COOKIE } from "../../app/lib/cookie-names";
import { E2E_ADMIN, E2E_SALES, E2E_USER, type E2EPrepared } from "./accounts";

/** The port of the running journey's server, else (outside a journey) the public-site server's. */
function defaultPort() {
  try {
    const baseURL = test.info().project.use.baseURL;
    if (baseURL) return Number(new URL(baseURL).port);
  } catch {}
  return Number(process.env.E2E_PORT ?? 3111);
}

/** The state of the e2e server on a port (default: the running journey's server). */
export function e2eState(port = defaultPort()): E2EPrepared & { dataDir: string } {
  return JSON.parse(fs.readFileSync(path.join(os.tmpdir(), `tc-e2e-${port}.json`), "utf8"));
}

export function credentials(role: "admin" | "sales" | "user", port?: number) {
  if (role === "admin") return E2E_ADMIN;
  const { passwords } = e2eState(port);
  return role === "sales"
    ? { email: E2E_SALES.email, password: passwords.sales }
    : { email: E2E_USER.email, password: passwords.user };
}

export async function signIn(page: Page, role: "admin" | "sales" | "user") {
  await page.goto("/auth");
  const { email, password } = credentials(role, Number(new URL(page.url()).port));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Begins a journey signed in, without loading the sign-in page: one post of the sign-in form's
 * fields, as the form sends them without scripts, through the same action (the same password
 * check, session and audit event); the page stays where it is. The form itself is driven by
 * auth.spec.ts and by the journeys about a new account's first sign-in. The Welcome back! toast
 * the answer carries is dropped, so the journey's first page opens without it. `base` is another
 * server's address (default: the project's server).
 */
export async function startSession(page: Page, role: "admin" | "sales" | "user", base?: string) {
  const origin = new URL(base ?? test.info().project.use.baseURL ?? "").origin;
  const { email, password } = credentials(role, Number(new URL(origin).port));
  const response = await page.request.post(`${origin}/auth`, {
    form: { intent: "sign-in", email, password },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in as ${role}: ${await response.text()}`).toBe(302);
  expect(response.headers().location).toBe(role === "user" ? "/account" : "/admin");
  await page.context().clearCookies({ name: TOAST_COOKIE });
}

/** Waits until React has taken over the page: hydrateRoot marks the document as its container. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
}

/**
 * Waits until the catalogue's filters apply on change: until then (server HTML, scripts still
 * loading) the filter panel offers an Apply filters button, which goes once the page is
 * hydrated. The panel is off screen on a phone, so the button is looked for there too.
 */
export async function waitForLiveCatalog(page: Page) {
  await expect(page.getByRole("button", { name: "Apply filters", includeHidden: true })).toHaveCount(0);
}

/** Waits until every finite animation and transition has ended (looping ones, a spinner, are ignored). */
export async function waitForSettled(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Zero axe-core violations (WCAG 2.1 A and AA). A journey checks what it changed: the open dialog
 * when there is one (the rest of the page is inert behind it), else the page's main region. The
 * header, footer and admin sidebar around it are checked whole, page by page, by
 * accessibility.spec.ts and admin-accessibility.spec.ts (`scope: "page"`).
 */
export async function expectNoAxeViolations(page: Page, { scope }: { scope?: "page" } = {}) {
  // A toast or a section mid fade-in has a colour contrast that is no one's final one.
  await waitForSettled(page);
  // Only violations are asked for: axe then skips gathering the nodes that pass, about a quarter
  // of its work, and reports the same violations. (`options` replaces what was set before it, so
  // it comes before the tags.)
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (scope !== "page") {
    const dialog = page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible');
    if ((await dialog.count()) > 0) builder = builder.include('[role="dialog"], [role="alertdialog"]');
    else if ((await page.locator("main").count()) > 0) builder = builder.include("main");
  }
  // A page of one frame is checked where it is (axe-core's run, the same rules on the same DOM):
  // the default gathers the frames' partial results in a new blank page, which only frames need.
  // A page with a frame (the contact page's map) keeps the default, which tests inside it too.
  if (page.frames().length === 1) builder = builder.setLegacyMode();
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
