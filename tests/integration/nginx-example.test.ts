// deploy/nginx/tradecounter.conf, run for real: two production servers of the built app on one
// fresh PostgreSQL database, the example in front of them (nginx -t, then nginx on high ports
// with a self-signed certificate), and what a visitor and the app see through it. Runs once, in
// the postgres project; skipped, with the reason in its name, without nginx or TEST_DATABASE_URL.
import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { findNginx, freePort, startNginx } from "../../bench/nginx.js";
import { createDatabase, ensureBuild, multipartBody, pdfOfSize, startServer } from "../../bench/support.js";
import { VALID_ENQUIRY } from "../support/enquiry";

const nginx = findNginx();
const skipReason = !process.env.TEST_DATABASE_URL
  ? "TEST_DATABASE_URL is unset"
  : process.env.TEST_ENGINE !== "postgres"
    ? "runs once, in the postgres project"
    : !nginx
      ? "nginx is not installed (apt-get install nginx-light)"
      : null;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

let database: Awaited<ReturnType<typeof createDatabase>>;
const servers: Awaited<ReturnType<typeof startServer>>[] = [];
let proxy: Awaited<ReturnType<typeof startNginx>>;

/**
 * A request through nginx, made from `from`: a loopback address other than 127.0.0.1, so the
 * client's address differs from the one nginx connects to the app with.
 */
function ask(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Buffer; from?: string; base?: string } = {},
): Promise<Answer> {
  const url = new URL(path, options.base ?? proxy.base);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method,
        headers: { ...options.headers, ...(options.body ? { "content-length": options.body.length } : {}) },
        localAddress: options.from ?? "127.0.0.9",
        rejectUnauthorized: false,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    // nginx answers 413 from the declared length and reads no further, so sending the rest of
    // such an upload may fail after the answer came: only an error before it counts.
    let answered = false;
    request.on("response", () => {
      answered = true;
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.end(options.body);
  });
}

/** An enquiry with a small PDF, posted as the contact form posts it. */
async function sendEnquiry(email: string, from: string, headers: Record<string, string> = {}) {
  const page = await ask("GET", "/contact", { from });
  const formToken = /name="formToken" value="([^"]+)"/.exec(page.body)?.[1];
  if (!formToken) throw new Error("no form token on /contact");
  const { body, contentType } = multipartBody(
    { ...VALID_ENQUIRY, email, formToken, website: "" },
    { field: "file", name: "plans.pdf", type: "application/pdf", bytes: pdfOfSize(20_000) },
  );
  return ask("POST", "/contact.data", {
    from,
    body,
    headers: { "content-type": contentType, origin: proxy.base, ...headers },
  });
}

/** The client address the app stored with the enquiries from `email`. */
async function storedClientIps(email: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query("select client_ip from contact_queries where email = $1", [email]);
    return rows.map((row) => String(row.client_ip));
  } finally {
    await client.end();
  }
}

if (skipReason) {
  test.skip(`the nginx example in front of two instances (skipped: ${skipReason})`, () => {});
} else {
  beforeAll(async () => {
    ensureBuild();
    database = await createDatabase("postgres");
    const ports = [await freePort(), await freePort()];
    const httpsPort = await freePort();
    const env = {
      TRUST_PROXY: "true",
      PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
      IMAGE_BACKFILL: "false",
      BETTER_AUTH_SECRET: "nginx-example-test-secret-0123456789abcdef",
    };
    // One after the other: the first migrates and seeds the empty database.
    for (const port of ports) servers.push(await startServer({ port, database, env }));
    proxy = await startNginx({ binary: nginx ?? undefined, upstreams: ports, httpsPort });
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  }, 60_000);

  test("nginx -t accepts the example; pages, /healthz and the HTTP redirect answer through it", async () => {
    expect(proxy.checkOutput).toContain("test is successful");
    for (const path of ["/", "/catalog", "/contact", "/healthz"]) {
      expect((await ask("GET", path)).status, path).toBe(200);
    }
    expect(JSON.parse((await ask("GET", "/healthz")).body)).toMatchObject({ database: "up" });
    const plain = await ask("GET", "/catalog?page=2", { base: proxy.httpBase });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toMatch(/^https:\/\/127\.0\.0\.1\/catalog\?page=2$/);
    // Both instances answered some of them.
    const log = proxy.accessLog();
    for (const server of servers) expect(log).toContain(`upstream=${new URL(server.base).host}`);
  });

  test("a hashed asset is served with a year-long immutable cache header", async () => {
    const home = await ask("GET", "/");
    const asset = /\/assets\/[\w.-]+\.js/.exec(home.body)?.[0];
    expect(asset).toBeTruthy();
    const answer = await ask("GET", asset!);
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["content-type"]).toMatch(/javascript/);
  });

  test("an upload over the limit is refused by nginx with 413 before it reaches the app", async () => {
    const { body, contentType } = multipartBody(
      { ...VALID_ENQUIRY, website: "" },
      { field: "file", name: "huge.pdf", type: "application/pdf", bytes: pdfOfSize(12 * 1024 * 1024) },
    );
    const answer = await ask("POST", "/contact.data", {
      body,
      headers: { "content-type": contentType, origin: proxy.base },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("413 Request Entity Too Large");
  });

  test("the app sees the visitor's own address, not nginx's nor a forged X-Forwarded-For", async () => {
    const answer = await sendEnquiry("forwarded@example.co.nz", "127.0.0.2", {
      "x-forwarded-for": "203.0.113.66",
    });
    expect(answer.status, answer.body).toBe(200);
    expect(answer.body).toContain('"success"');
    expect(await storedClientIps("forwarded@example.co.nz")).toEqual(["127.0.0.2"]);
  });

  test("a quote link's token never reaches the access log: redacted, with its hash prefix from the app", async () => {
    const token = crypto.randomBytes(32).toString("base64url");
    const ref = crypto.createHash("sha256").update(token).digest("hex").slice(0, 8);
    for (const path of [`/quote/${token}`, `/quote/${token}.data`, `/quote/${token}/pdf`]) {
      const answer = await ask("GET", path);
      expect(answer.status, path).toBe(404);
      // The prefix is for the log; the browser is not sent it.
      expect(answer.headers["x-quote-ref"], path).toBeUndefined();
    }
    expect((await ask("GET", `/quote/${token}`, { base: proxy.httpBase })).status).toBe(301);
    const log = proxy.accessLog();
    expect(log).not.toContain(token);
    for (const path of ["/quote/[redacted]", "/quote/[redacted].data", "/quote/[redacted]/pdf"])
      expect(log).toContain(`"GET ${path} HTTP/`);
    expect(log).toContain(`quote_ref=${ref}`);
  });

  test("with one instance killed, pages and enquiries still succeed through the other", async () => {
    const [killed, survivor] = servers as [(typeof servers)[0], (typeof servers)[0]];
    killed.child.kill("SIGKILL");
    await new Promise((resolve) =>
      killed.child.exitCode !== null ? resolve(null) : killed.child.once("exit", resolve),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await ask("GET", i % 2 ? "/catalog" : `/?n=${i}`)).status);
    for (let i = 0; i < 3; i++)
      statuses.push((await sendEnquiry(`after-kill-${i}@example.co.nz`, "127.0.0.3")).status);
    expect(statuses).toEqual(statuses.map(() => 200));
    expect(await storedClientIps("after-kill-2@example.co.nz")).toEqual(["127.0.0.3"]);
    // Answered by the survivor; requests first sent to the dead one were passed on to it.
    const lines = proxy.accessLog().trim().split("\n").slice(-20);
    const [dead, alive] = [new URL(killed.base).host, new URL(survivor.base).host];
    expect(lines.some((line) => line.includes(`upstream=${dead}, ${alive} upstream_status=502, 200`))).toBe(
      true,
    );
    expect(lines.every((line) => !/ 50[0-9] /.test(line.split('"')[2] ?? ""))).toBe(true);
  });
}
