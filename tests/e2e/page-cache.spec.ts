// The page cache with real servers: a cached page still obeys the CSP (its scripts run, no
// violation, a nonce of its own per response), staff bypass it, and on PostgreSQL two processes
// empty each other's caches. A back-office save showing on the next request is
// admin-page-cache.spec.ts (on the back-office server).
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { E2E_ADMIN } from "./accounts";
import { expect, startSession, test } from "./fixtures";
import { getCached, saveProduct, slugOf } from "./page-cache";

const publicPort = Number(process.env.E2E_PORT ?? 3111);

function nonceOf(csp: string | undefined) {
  return /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
}

test("a cached home page hydrates without a CSP violation, with a nonce of its own", async ({
  page,
  request,
}) => {
  await getCached(request, "/");
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });

  const response = await page.goto("/");
  expect(response?.headers()["x-cache"]).toBe("HIT");
  const nonce = nonceOf(response?.headers()["content-security-policy"]);
  expect(nonce).toBeTruthy();
  // The carousel marks itself ready from an effect: React hydrated, so the scripts ran.
  await expect(page.getByTestId("hero")).toHaveAttribute("data-carousel", "ready");
  const violations: string[] = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  // None at all: zod is configured jitless before any route module loads (app/lib/zod-config.ts).
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);

  const [first, second] = [await request.get("/"), await request.get("/")];
  expect([first.headers()["x-cache"], second.headers()["x-cache"]]).toEqual(["HIT", "HIT"]);
  const nonces = [
    nonceOf(first.headers()["content-security-policy"]),
    nonceOf(second.headers()["content-security-policy"]),
  ];
  expect(new Set([nonce, ...nonces]).size).toBe(3);
  expect(await first.text()).toContain(`nonce="${nonces[0]}"`);
  expect(await second.text()).toContain(`nonce="${nonces[1]}"`);
  expect(first.headers()["cache-control"]).toBe("private, no-cache");
});

test("a signed-in staff member never gets a cached page", async ({ page, request }) => {
  await getCached(request, "/catalog");
  await startSession(page, "sales");
  const response = await page.goto("/catalog");
  expect(response?.headers()["x-cache"]).toBe("BYPASS");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  // Rendered for this person: the header offers to sign out.
  await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeAttached();
});

// Two processes of the built server on one fresh PostgreSQL database (only with TEST_DATABASE_URL).
test.describe("on PostgreSQL", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL");
  test.setTimeout(150_000);

  const ports = [publicPort + 2, publicPort + 3];
  const servers: ChildProcess[] = [];
  const dataDirs: string[] = [];
  let databaseName = "";

  async function adminQuery(sql: string) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  async function startServer(port: number, url: string) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-e2e-cache-"));
    dataDirs.push(dataDir);
    let output = "";
    const server = spawn("node", ["server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        // One secret for both: a session made on one is valid on the other, as behind a balancer.
        BETTER_AUTH_SECRET: "page-cache-e2e-secret-page-cache-e2e-secret",
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: "warn",
        MAIL_WORKER: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk) => (output += chunk));
    server.stderr?.on("data", (chunk) => (output += chunk));
    servers.push(server);
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`server on ${port} exited:\n${output}`);
      const ok = await fetch(`http://localhost:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`server on ${port} did not start:\n${output}`);
  }

  test.beforeAll(async () => {
    // Two first starts on a new database (migrations, the demo content): the hook's own limit.
    test.setTimeout(150_000);
    databaseName = `tc_e2e_cache_${crypto.randomBytes(4).toString("hex")}`;
    await adminQuery(`create database ${databaseName}`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    url.pathname = `/${databaseName}`;
    // One after the other: the first migrates and seeds, the second finds it done.
    await startServer(ports[0] as number, url.toString());
    await startServer(ports[1] as number, url.toString());
  });

  test.afterAll(async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            if (server.exitCode !== null) return resolve(null);
            server.once("exit", resolve);
            server.kill("SIGTERM");
          }),
      ),
    );
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  });

  test("two server processes see each other's invalidations", async ({ page, request }) => {
    const [a, b] = ports.map((port) => `http://localhost:${port}`) as [string, string];
    await startSession(page, "admin", a);

    // Saved on A, shown by B; then saved on B, shown by A.
    for (const [writer, reader] of [
      [a, b],
      [b, a],
    ] as const) {
      const name = `Cross Process Batten ${crypto.randomBytes(3).toString("hex")}`;
      const search = `${reader}/catalog?q=${encodeURIComponent(name)}`;
      expect(await (await getCached(request, search)).text()).toContain("No products found");
      await saveProduct(page, writer, name);
      // The NOTIFY travels through PostgreSQL: allow it a moment, never a stale max age.
      await expect
        .poll(async () => (await request.get(search)).text(), { timeout: 2000, intervals: [20] })
        .toContain(slugOf(name));
    }
  });
});
