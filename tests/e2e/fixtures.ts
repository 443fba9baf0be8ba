import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_SALES, E2E_USER, type E2EPasswords } from "./accounts";

/** The state of the e2e server on a port (default: the public-site server). */
export function e2eState(port = Number(process.env.E2E_PORT ?? 3111)): {
  dataDir: string;
  passwords: E2EPasswords;
} {
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

/** Zero axe-core violations (WCAG 2.1 A and AA) on the current page. */
export async function expectNoAxeViolations(page: Page) {
  // A toast or a section mid fade-in has a colour contrast that is no one's final one: axe looks
  // once every finite animation and transition has ended (looping ones, a spinner, are ignored).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
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
