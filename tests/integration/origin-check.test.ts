// Requests that cannot be forged: a real Express app with the security headers and the origin
// check in front of the real enquiry action, sent real HTTP requests with the headers a browser
// would send from this site, from another site, and from no browser at all. A refused post is a
// 403 with a short message and writes nothing. Then: no GET to any route in the route table
// changes the database.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { inArray, sql } from "drizzle-orm";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import routes from "~/routes";
import { getSessionUser } from "~/server/auth/guards.server";
import { auditEvents, contactQueries } from "~/server/db/schema";
import { issueFormToken } from "~/server/security/form-token.server";
import { createSecurityHeaders } from "~/server/security/headers.server";
import { createOriginCheck, FORGED_REQUEST_MESSAGE } from "~/server/security/origin-check.server";
import { clientIpContext, cspNonceContext } from "~/server/security/request-context";
import { cookieFor, settle } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { contactEnquiryAction, VALID_ENQUIRY } from "../support/enquiry";

const database = useTestDatabase();

const PUBLIC_URL = "https://www.tradecounter.example";
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

let server: http.Server;
let port = 0;
let lastIp = 0;

beforeAll(async () => {
  const app = express();
  app.use(createSecurityHeaders({ csp: true, hsts: false, allowIndexing: true }).middleware);
  app.use(createOriginCheck({ publicUrl: PUBLIC_URL }));
  // The enquiry action as React Router runs it: the Express request as a Fetch request.
  app.all("/contact", async (req, res) => {
    const request = new Request(`http://${req.headers.host}${req.originalUrl}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body:
        req.method === "GET" || req.method === "HEAD" ? undefined : (Readable.toWeb(req) as ReadableStream),
      duplex: "half",
    } as RequestInit);
    if (request.method === "GET" || request.method === "HEAD") {
      res.status(200).send("the contact page");
      return;
    }
    lastIp += 1;
    const result = (await contactEnquiryAction(request, { clientIp: `203.0.113.${lastIp}` })) as unknown as {
      init: ResponseInit | null;
    };
    res.status(result.init?.status ?? 200).send("answered");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function site() {
  return `http://127.0.0.1:${port}`;
}

/** A valid multipart enquiry with a PDF attached, as bytes and their content type. */
async function enquiryBody() {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    ...VALID_ENQUIRY,
    formToken: issueFormToken(new Date(Date.now() - 60_000)),
  }))
    form.append(name, value);
  form.append("file", new File([PDF], "plans.pdf", { type: "application/pdf" }));
  const request = new Request("http://localhost/contact", { method: "POST", body: form });
  return { bytes: Buffer.from(await request.arrayBuffer()), type: request.headers.get("content-type") ?? "" };
}

/** One request through node:http, so every header (Origin, Sec-Fetch-Site, Host) is exactly ours. */
async function send(method: string, headers: Record<string, string>, withBody = true) {
  const body = withBody ? await enquiryBody() : null;
  return new Promise<{ status: number; text: string; type: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/contact",
        method,
        headers: {
          ...(body ? { "content-type": body.type, "content-length": String(body.bytes.length) } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text, type: response.headers["content-type"] ?? "" }),
        );
      },
    );
    request.on("error", reject);
    request.end(body?.bytes);
  });
}

async function writtenRows() {
  return (await database.current.db.select().from(contactQueries)).length;
}

function storedFiles() {
  const dir = path.join(database.current.storageRoot, "contact_uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}

const FORGED: Array<[string, Record<string, string>]> = [
  ["a form on another site", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
  [
    "a sub-domain of the same site",
    { origin: "https://shop.tradecounter.example", "sec-fetch-site": "same-site" },
  ],
  ["an older browser on another site (Origin only)", { origin: "https://evil.example" }],
  ["a sandboxed frame (Origin: null)", { origin: "null" }],
  [
    "our own origin in Origin but the browser says cross-site",
    { origin: "SITE", "sec-fetch-site": "cross-site" },
  ],
  ["the right host over another port", { origin: "http://127.0.0.1:1" }],
  ["no Origin, but a Referer from another site", { referer: "https://evil.example/page" }],
  ["an Origin that is not a URL", { origin: "evil" }],
  [
    "a typed address (Sec-Fetch-Site: none) with a foreign Origin",
    { origin: "https://evil.example", "sec-fetch-site": "none" },
  ],
];

test("a post from another site is refused with 403 and a short message, and nothing is written", async () => {
  for (const [label, headers] of FORGED) {
    const withSite = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, value.replace("SITE", site())]),
    );
    const response = await send("POST", withSite);
    expect(response.status, label).toBe(403);
    expect(response.text, label).toBe(FORGED_REQUEST_MESSAGE);
    expect(response.type, label).toMatch(/^text\/plain/);
  }
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    expect((await send(method, { origin: "https://evil.example" })).status, method).toBe(403);
  }
  expect(await writtenRows()).toBe(0);
  expect(storedFiles()).toBe(0);
});

test("posts from the site's own pages, and from clients that are no browser, go through", async () => {
  const allowed: Array<[string, Record<string, string>]> = [
    ["a browser on this site", { origin: site(), "sec-fetch-site": "same-origin" }],
    ["an older browser on this site (Origin only)", { origin: site() }],
    ["the public address, behind a proxy", { origin: PUBLIC_URL }],
    [
      "a browser that says same-origin, behind a proxy that rewrote Host",
      { origin: "https://shop.internal.example", "sec-fetch-site": "same-origin" },
    ],
    ["this host over https (TLS ended by a proxy)", { origin: `https://127.0.0.1:${port}` }],
    ["a bookmark or a typed address (Sec-Fetch-Site: none)", { "sec-fetch-site": "none" }],
    ["curl, with no Origin and no Referer", {}],
    ["a client that sends only a Referer from this site", { referer: `${site()}/contact` }],
  ];
  for (const [label, headers] of allowed) {
    const before = await writtenRows();
    const response = await send("POST", headers);
    expect(response.status, label).toBe(200);
    expect(await writtenRows(), label).toBe(before + 1);
  }
  expect(storedFiles()).toBe(allowed.length);
});

test("reading is never refused: a link from another site still opens the page", async () => {
  for (const method of ["GET", "HEAD"]) {
    const response = await send(
      method,
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      false,
    );
    expect(response.status, method).toBe(200);
  }
});

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

/** Every route in app/routes.ts with its full path, layouts included. */
function flattenRoutes(entries: RouteEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    return [{ path: own, file: entry.file }, ...flattenRoutes(entry.children ?? [], own === "/" ? "" : own)];
  });
}

/** A checksum of every table's rows: any insert, update or delete changes it. */
async function databaseFingerprint() {
  const tables = await database.current.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const rows = (tables as unknown as { rows: { tablename: string }[] }).rows;
  const sums: Record<string, string> = {};
  for (const { tablename } of rows) {
    const result = await database.current.db.execute<{ sum: string | null }>(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${tablename}" t`,
      ),
    );
    sums[tablename] = (result as unknown as { rows: { sum: string }[] }).rows[0]?.sum ?? "";
  }
  return sums;
}

// Every loader twice (anonymous and as an admin): about 15 s idle, twice that on a busy machine.
test("no GET to any route changes anything: every loader, anonymous and as an admin", async () => {
  // Something for the loaders to read: an enquiry with a file, and its id for the detail page.
  expect((await send("POST", {})).status).toBe(200);
  const [enquiry] = await database.current.db.select().from(contactQueries);
  const fileName = enquiry?.fileUrl?.split("/")[1] ?? "";
  const params: Record<string, string> = {
    slug: "some-product",
    id: enquiry?.id ?? "",
    bucket: "media",
    name: fileName,
    "*": "no-such-page",
  };
  const adminCookie = await cookieFor("admin", "origin-check");
  const before = await databaseFingerprint();

  const visited: string[] = [];
  const asAdmin = new Map<string, number>();
  const table = [{ path: "/", file: "root.tsx" }, ...flattenRoutes(routes as unknown as RouteEntry[])];
  for (const route of table) {
    const module = (await import(`../../app/${route.file}`)) as { loader?: (args: unknown) => unknown };
    if (!module.loader) continue;
    const url = route.path.replace(
      /:(\w+)|\*/g,
      (_match, name: string | undefined) => params[name ?? "*"] ?? "x",
    );
    for (const cookie of [undefined, adminCookie]) {
      const context = new RouterContextProvider();
      context.set(cspNonceContext, "nonce");
      context.set(clientIpContext, "203.0.113.250");
      const request = new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} });
      const outcome = await settle(async () => {
        const answer = await module.loader?.({ request, params, context });
        // A streamed download is read to its end, as a browser would.
        if (answer instanceof Response) await answer.arrayBuffer();
        return answer;
      });
      expect(outcome.status, `${url} ${cookie ? "as admin" : "anonymous"}`).toBeLessThan(500);
      if (cookie) asAdmin.set(url, outcome.status);
    }
    visited.push(url);
  }
  expect(visited).toEqual(
    expect.arrayContaining([
      "/",
      "/catalog",
      "/admin",
      `/admin/contact-management/${enquiry?.id}`,
      "/auth/sign-out",
      "/quote-list",
      "/admin/contact-management/export",
      `/admin/files/contact_uploads/${fileName}`,
    ]),
  );
  // The back office really was read, not turned away at its gate.
  for (const url of ["/admin", "/admin/users", `/admin/contact-management/${enquiry?.id}`]) {
    expect(asAdmin.get(url), url).toBe(200);
  }
  // An export (of the enquiries, of the catalogue, of the audit log) and an attachment download are themselves
  // recorded in the audit log: the one write a GET makes, and only by an admin.
  const { audit_events: _auditAfter, ...after } = await databaseFingerprint();
  const { audit_events: _auditBefore, ...unchanged } = before;
  expect(after).toEqual(unchanged);
  const audited = await database.current.db
    .select({ action: auditEvents.action, role: auditEvents.actorRole })
    .from(auditEvents)
    .where(inArray(auditEvents.action, ["export", "download"]));
  expect(audited.map((event) => event.action).sort()).toEqual(["download", "export", "export", "export"]);
  expect(audited.every((event) => event.role === "admin")).toBe(true);
  // Following a link to the sign-out address does not sign anyone out: that takes a POST.
  const session = new Request("http://localhost/admin", { headers: { cookie: adminCookie } });
  expect(await getSessionUser(session)).toMatchObject({ role: "admin" });
}, 120_000);
