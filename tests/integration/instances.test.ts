// Two real server processes (the production build) on one fresh PostgreSQL database behave as
// one site: a staff change shows at once on the other, a session and the sign-in failure count
// are shared, every enquiry's two e-mails are sent once. Then WEB_CONCURRENCY: refused on the
// embedded database, two workers serving on PostgreSQL. Needs PostgreSQL (TEST_DATABASE_URL) for
// all but the refusal; skipped, visibly, without it.
import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PRODUCT_FORM_DEFAULTS } from "~/modules/products/schema";
import {
  createPostgresDatabase,
  ensureBuild,
  freePort,
  mintFormToken,
  type RunningServer,
  spawnServer,
  waitFor,
  waitUntilHealthy,
} from "../support/instances";
import { startSmtpServer, type TestSmtp } from "./mail-support";

const onPostgres = process.env.TEST_ENGINE === "postgres";
const ADMIN = { email: "instances-admin@example.nz", password: "instances-admin-password-1" };

let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let smtp: TestSmtp | undefined;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  ensureBuild();
  if (!onPostgres) return;
  database = await createPostgresDatabase();
  smtp = await startSmtpServer();
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ENQUIRY_MIN_FILL_SECONDS: "0",
    ENQUIRY_RATE_LIMIT_PER_MINUTE: "100000",
    ENQUIRY_RATE_LIMIT_PER_HOUR: "100000",
    ENQUIRY_ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY: "100000",
    SIGN_IN_MAX_FAILURES_PER_IP: "1000",
  };
  // Started together on the empty database: they take turns to migrate and to create the admin.
  [a, b] = await Promise.all([
    freePort().then((port) => spawnServer({ ...env, PORT: String(port) })),
    freePort().then((port) => spawnServer({ ...env, PORT: String(port) })),
  ]);
  await Promise.all([waitUntilHealthy(a), waitUntilHealthy(b)]);
}, 120_000);

afterAll(async () => {
  const codes = await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.close();
  await database?.drop();
  if (a) expect(codes, `${a.output()}\n${b.output()}`).toEqual([0, 0]);
}, 30_000);

function post(server: RunningServer, path: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${server.base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.base, "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields),
  });
}

async function signIn(server: RunningServer, email: string, password: string) {
  const response = await post(server, "/auth", { intent: "sign-in", email, password });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .filter((c) => c.includes("session_token"))
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: response.status, cookie };
}

async function query<T>(text: string) {
  const client = new pg.Client({ connectionString: database?.url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

test.skipIf(!onPostgres)(
  "both started together on an empty database: one admin, migrations applied once",
  async () => {
    const admins = await query<{ n: number }>("select count(*)::int as n from users where role = 'admin'");
    expect(admins[0]?.n).toBe(1);
    const migrations = await query<{ n: number; distinct: number }>(
      "select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
    );
    expect(migrations[0]?.n).toBe(migrations[0]?.distinct);
  },
);

test.skipIf(!onPostgres)("a session made on A works on B", async () => {
  const { status, cookie } = await signIn(a, ADMIN.email, ADMIN.password);
  expect(status).toBe(302);
  expect(cookie).not.toBe("");
  const page = await fetch(`${b.base}/admin`, { headers: { cookie }, redirect: "manual" });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Dashboard");
  const signedOut = await fetch(`${b.base}/admin`, { redirect: "manual" });
  expect(signedOut.status).toBe(302);
});

test.skipIf(!onPostgres)(
  "a product saved through A is on B's pages as soon as B hears of it, B's cached copy dropped",
  async () => {
    const { cookie } = await signIn(a, ADMIN.email, ADMIN.password);
    const search = `${b.base}/catalog?q=weatherboard`;
    await (await fetch(search)).text();
    const cached = await fetch(search);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect(await cached.text()).not.toContain("Cedar weatherboard 180mm");

    const saved = await post(
      a,
      "/admin/catalog",
      { ...PRODUCT_FORM_DEFAULTS, intent: "create", name: "Cedar weatherboard 180mm", price: "12" },
      cookie,
    );
    expect(saved.status).toBe(302);
    // B hears of the change by NOTIFY, moments after A's commit (longer on a busy machine): its
    // cached page is then dropped and the next one rendered afresh.
    await expect
      .poll(
        async () => {
          const next = await fetch(search);
          return `${next.headers.get("x-cache")} ${(await next.text()).includes("Cedar weatherboard 180mm")}`;
        },
        { timeout: 20_000 },
      )
      .toBe("MISS true");
  },
);

test.skipIf(!onPostgres)("the sixth wrong password, alternating between A and B, is refused", async () => {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    statuses.push((await signIn(attempt % 2 ? b : a, ADMIN.email, "not-the-password-at-all")).status);
  }
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  // The right password is refused too while the account is locked, on either instance.
  expect((await signIn(b, ADMIN.email, ADMIN.password)).status).toBe(429);
});

test.skipIf(!onPostgres)(
  "100 enquiries over A and B: 200 e-mails, each sent once",
  async () => {
    const received = smtp?.received ?? [];
    const before = received.length;
    const statuses: number[] = [];
    async function send(i: number) {
      const response = await post(i % 2 ? b : a, "/contact.data", {
        fullName: `Builder ${i}`,
        email: `builder-${i}@example.nz`,
        phone: "021 000 0000",
        subject: "Quote Request",
        message: `Please quote 40 lengths of 90x45 H3.2 framing, job ${i}.`,
        formToken: mintFormToken(),
        website: "",
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    // Ten at a time.
    for (let i = 0; i < 100; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => send(i + j)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);

    await waitFor(
      async () =>
        (await query<{ n: number }>("select count(*)::int as n from mail_outbox where status <> 'sent'"))[0]
          ?.n === 0,
      60_000,
      () => `the outbox did not empty (${received.length - before} received)`,
    );
    const sent = received.slice(before);
    expect(sent).toHaveLength(200);
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(200);
    const acknowledged = sent.flatMap((m) => m.to).filter((to) => to.startsWith("builder-"));
    expect(new Set(acknowledged).size).toBe(100);
  },
  90_000,
);

test("WEB_CONCURRENCY=2 on the embedded database is refused at start with a message", async () => {
  const server = spawnServer({ WEB_CONCURRENCY: "2", DATABASE_URL: "", PORT: String(await freePort()) });
  const code = await server.exited;
  expect(code).not.toBe(0);
  expect(server.output()).toContain(
    "WEB_CONCURRENCY=2 needs PostgreSQL (DATABASE_URL): the embedded database is one process per data folder",
  );
});

/** A GET on a connection of its own (the cluster hands out connections, not requests). */
function getOnNewConnection(url: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

test.skipIf(!onPostgres)(
  "WEB_CONCURRENCY=2 on PostgreSQL: two workers serve, a dead one is started again",
  async () => {
    const own = await createPostgresDatabase();
    const server = spawnServer({
      DATABASE_URL: own.url,
      WEB_CONCURRENCY: "2",
      PORT: String(await freePort()),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Each request's access log line carries the pid of the worker that served it.
      LOG_LEVEL: "info",
    });
    try {
      const started = () => [...server.output().matchAll(/worker (\d) started \(pid (\d+)\)/g)];
      await waitFor(
        () => started().length >= 2,
        60_000,
        () => server.output(),
      );
      const pids = new Set(started().map((m) => Number(m[2])));
      expect(pids.size).toBe(2);
      expect(pids.has(server.child.pid ?? 0)).toBe(false);
      // The primary only supervises: it loads neither the app nor a database driver, so it holds
      // a bare Node's memory (about 60 MB), not a worker's (about 280 MB).
      const rss = (pid: number) =>
        Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
      expect(rss(server.child.pid ?? 0)).toBeLessThan(120);
      for (const pid of pids) expect(rss(pid)).toBeGreaterThan(120);

      for (let i = 0; i < 20; i++) expect(await getOnNewConnection(`${server.base}/privacy`)).toBe(200);
      const servedBy = new Set(
        server
          .output()
          .split("\n")
          .filter((line) => line.includes('"url":"/privacy"'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );
      expect(servedBy).toEqual(pids);

      const [victim] = pids;
      process.kill(victim ?? 0, "SIGKILL");
      await waitFor(
        () => started().length >= 3,
        30_000,
        () => server.output(),
      );
      expect(server.output()).toMatch(
        /worker \d \(pid \d+\) exited with signal SIGKILL; starting it again in 1 s/,
      );
      expect(await getOnNewConnection(`${server.base}/healthz`)).toBe(200);

      // SIGTERM to the primary stops the workers gracefully, and the primary with them.
      expect(await server.stop()).toBe(0);
      for (const m of started()) expect(() => process.kill(Number(m[2]), 0)).toThrow();
    } finally {
      await server.stop();
      await own.drop();
    }
  },
  90_000,
);
