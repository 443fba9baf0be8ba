// The page cache's rules: what is cached under which key, who bypasses it, how much it holds,
// how a content change empties it (here and, on PostgreSQL, in another listener), and that no
// nonce or form token is ever served twice. The middleware runs in a small Express app whose
// "renderer" writes a page with its request's nonce and a fresh token, as the real one does.
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { cacheablePaths, type RouteEntry } from "~/server/cache/cacheable-routes.server";
import {
  announceContentChange,
  announceGradualContentChange,
  INVALIDATION_CHANNEL,
  startInvalidationListener,
} from "~/server/cache/invalidation.server";
import { pageCacheMiddleware } from "~/server/cache/page-cache.server";
import {
  bypassReason,
  cacheKeyFor,
  isPrivateArea,
  plainAcceptsGzip,
} from "~/server/cache/page-requests.server";
import { createPageCache, GRADUAL_REFRESH_MS, type PageCache } from "~/server/cache/page-store.server";
import { makeTemplate, renderGzip, renderTemplate } from "~/server/cache/page-template.server";
import { collectFormTokens, issueFormToken, readFormToken } from "~/server/security/form-token.server";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

function page(key: string, body: string) {
  return {
    template: makeTemplate(body, { nonce: undefined, formTokens: [] }),
    etag: `W/"${key}"`,
    headers: [],
  };
}

const anyPath = () => true;

/** The app's own route table, each route with its module, as the server build lists them. */
async function appRouteTable() {
  const modules = import.meta.glob<{ handle?: unknown }>("/app/{root.tsx,routes/**/*.{ts,tsx}}");
  const load = (file: string) => {
    const importer = modules[`/app/${file}`];
    if (!importer) throw new Error(`no module for ${file}`);
    return importer();
  };
  const table: Record<string, RouteEntry> = {
    root: { id: "root", path: "", module: await load("root.tsx") },
  };
  type Config = { file: string; id?: string; path?: string; index?: boolean; children?: Config[] };
  async function add(entries: Config[], parentId: string) {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      table[id] = { id, parentId, path: entry.path, index: entry.index, module: await load(entry.file) };
      if (entry.children) await add(entry.children, id);
    }
  }
  await add((await import("~/routes")).default as Config[], "root");
  return table;
}

test("keys are path and query with the parameters in a stable order", () => {
  expect(cacheKeyFor("/catalog?q=timber&page=3", anyPath)).toBe("/catalog?page=3&q=timber");
  expect(cacheKeyFor("/catalog?page=3&q=timber", anyPath)).toBe("/catalog?page=3&q=timber");
  expect(cacheKeyFor("/catalog?q=treated+pine", anyPath)).toBe(
    cacheKeyFor("/catalog?q=treated%20pine", anyPath),
  );
  // Repeated names keep their order: getAll() sees them in that order.
  expect(cacheKeyFor("/catalog?b=2&a=1&b=1", anyPath)).toBe("/catalog?a=1&b=2&b=1");
  expect(cacheKeyFor("/", anyPath)).toBe("/");
  expect(cacheKeyFor("/?", anyPath)).toBe("/");
  expect(cacheKeyFor("/catalog.data?q=x", anyPath)).toBe("/catalog.data?q=x");
});

test("only pages whose route declares it are cached: never the back office, sign-in or live resources", async () => {
  const isCacheable = cacheablePaths(await appRouteTable());
  for (const url of [
    "/",
    "/_root.data",
    "/catalog",
    "/catalog.data",
    "/catalog/treated-pine-90x45",
    "/catalog/treated-pine-90x45.data",
    "/case-study",
    "/case-study/deck-in-kauri",
    "/certifications",
    "/terms-conditions",
    "/contact",
    "/privacy",
  ]) {
    expect(cacheKeyFor(url, isCacheable), url).not.toBeNull();
  }
  for (const url of [
    "/admin",
    "/admin/catalog",
    "/admin.data",
    "/admin/catalog.data",
    "/admin/contact-management/export",
    "/auth",
    "/auth.data",
    "/auth/sign-out",
    "/account",
    "/account/quotes",
    "/account.data",
    "/files/media/a.jpg",
    "/healthz",
    "/quote-list",
    "/sitemap.xml",
    "/no-such-page",
  ]) {
    expect(cacheKeyFor(url, isCacheable), url).toBeNull();
  }
  expect(cacheKeyFor(`/catalog?q=${"x".repeat(3000)}`, isCacheable)).toBeNull();
  // Answered "private, no-store" to anyone: the back office, sign-in and a customer's account.
  for (const url of ["/admin/users", "/auth", "/account", "/account/quotes?page=2", "/account.data"]) {
    expect(isPrivateArea(url), url).toBe(true);
  }
  expect(isPrivateArea("/accounts-of-the-year")).toBe(false);
});

test("a session, a quote list or a toast makes the page personal", () => {
  expect(bypassReason(undefined)).toBeNull();
  expect(bypassReason("theme=dark; _ga=1")).toBeNull();
  expect(bypassReason("better-auth.session_token=abc.def")).toBe("session");
  expect(bypassReason("a=1; __Secure-better-auth.session_token=abc")).toBe("session");
  expect(bypassReason("tc_quote=3f2a9c1e0b7d4c55a1e2f3a4b5c6d7e8:4")).toBe("personal");
  expect(bypassReason("tc_toast=eyJ0aXRsZSI6IkhpIn0%3D")).toBe("personal");
});

test("the cache is bounded by bytes and drops the least recently used page first", () => {
  // A page counts twice its size (its gzipped copy is made at the first hit): about 1,800 bytes.
  const cache = createPageCache({ maxBytes: 8000, maxAgeMs: 60_000 });
  const body = "x".repeat(900);
  expect(cache.set("/a", page("a", body), 0)).toBe(true);
  cache.set("/b", page("b", body), 0);
  cache.set("/c", page("c", body), 0);
  cache.get("/a"); // now /b is the least recently used
  cache.set("/d", page("d", body), 0);
  cache.set("/e", page("e", body), 0);
  expect(cache.get("/b")).toBeUndefined();
  expect(cache.get("/a")).toBeDefined();
  expect(cache.get("/e")).toBeDefined();
  expect(cache.size.bytes).toBeLessThanOrEqual(8000);
  // A page larger than a quarter of the cache is not kept at all.
  expect(cache.set("/huge", page("huge", "x".repeat(1500)), 0)).toBe(false);
});

test("pages expire after the max age", () => {
  let now = 1_000_000;
  const cache = createPageCache({ maxBytes: 1_000_000, maxAgeMs: 5_000, now: () => now });
  cache.set("/", page("home", "<p>Home</p>"), 0);
  now += 4_000;
  expect(cache.get("/")).toBeDefined();
  now += 2_000;
  expect(cache.get("/")).toBeUndefined();
});

test("a content change empties the cache, and a render begun before it is not stored", () => {
  const cache = createPageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
  cache.set("/", page("home", "<p>Old</p>"), cache.generation);
  const renderedIn = cache.generation;
  cache.invalidate();
  expect(cache.get("/")).toBeUndefined();
  expect(cache.set("/", page("home", "<p>Read before the change</p>"), renderedIn)).toBe(false);
  expect(cache.get("/")).toBeUndefined();
  expect(cache.set("/", page("home", "<p>New</p>"), cache.generation)).toBe(true);
});

test("a gradual change serves each page as it was until one view renders it again, at most every 2 s", () => {
  let now = 1_000_000;
  const cache = createPageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000, now: () => now });
  cache.set("/catalog", page("catalog", "<p>Before the import</p>"), cache.generation);
  now += 500;
  cache.markStale();
  // Stored half a second ago: still served, although stale.
  expect(cache.get("/catalog")?.etag).toBe('W/"catalog"');
  now += GRADUAL_REFRESH_MS;
  // The first view past the interval renders it; the views meanwhile get the stale page.
  expect(cache.get("/catalog")).toBeUndefined();
  const renderedIn = cache.generation;
  expect(cache.get("/catalog")?.etag).toBe('W/"catalog"');
  // Another step of the change lands while it renders: the page is kept, and is stale again.
  cache.markStale();
  expect(cache.set("/catalog", page("after", "<p>After step 1</p>"), renderedIn)).toBe(true);
  expect(cache.get("/catalog")?.etag).toBe('W/"after"');
  now += GRADUAL_REFRESH_MS;
  expect(cache.get("/catalog")).toBeUndefined();
  // A render that failed: after the interval another view tries.
  expect(cache.get("/catalog")?.etag).toBe('W/"after"');
  now += GRADUAL_REFRESH_MS;
  expect(cache.get("/catalog")).toBeUndefined();
  // The change's end empties the cache: nothing rendered before it is kept.
  const beforeTheEnd = cache.generation;
  cache.invalidate();
  expect(cache.get("/catalog")).toBeUndefined();
  expect(cache.set("/catalog", page("late", "<p>Late</p>"), beforeTheEnd)).toBe(false);
});

test("a fresh page is never refreshed early: only a change marks it stale", () => {
  let now = 1_000_000;
  const cache = createPageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000, now: () => now });
  cache.set("/", page("home", "<p>Home</p>"), cache.generation);
  now += 10 * GRADUAL_REFRESH_MS;
  expect(cache.get("/")?.etag).toBe('W/"home"');
  expect(cache.get("/")?.etag).toBe('W/"home"');
});

test("a stored page gets a fresh nonce and form token in every place they appear", () => {
  const nonce = crypto.randomBytes(16).toString("base64");
  const token = issueFormToken(new Date(Date.now() - 60_000));
  const lookalike = `${Date.now()}.${"A".repeat(43)}`;
  const html =
    `<script nonce="${nonce}">a()</script><input type="hidden" name="formToken" value="${token}">` +
    `<p>${lookalike}</p><script nonce="${nonce}">ctx.enqueue("[\\"formToken\\",\\"${token}\\"]")</script>`;
  const template = makeTemplate(html, { nonce, formTokens: [token] });
  expect(template.slots).toEqual(["nonce", "formToken", "nonce", "formToken"]);

  const freshNonce = crypto.randomBytes(16).toString("base64");
  const freshToken = issueFormToken();
  const served = renderTemplate(template, { nonce: freshNonce, formToken: freshToken }).toString("utf8");
  expect(served).not.toContain(nonce);
  expect(served).not.toContain(token);
  expect(served.split(`nonce="${freshNonce}"`)).toHaveLength(3);
  expect(served.split(freshToken)).toHaveLength(3);
  // Text shaped like a token but not signed by this server is content, left as it was.
  expect(served).toContain(lookalike);
});

test("the gzipped page is the same page, its fresh values spliced in without compressing again", () => {
  const nonce = crypto.randomBytes(16).toString("base64");
  const token = issueFormToken();
  const html = `<script nonce="${nonce}">${"a();".repeat(5000)}</script><input value="${token}"><p>é ü</p>`;
  const template = makeTemplate(html, { nonce, formTokens: [token] });
  const values = { nonce: crypto.randomBytes(16).toString("base64"), formToken: issueFormToken() };
  const gzipped = renderGzip(template, values);
  expect(zlib.gunzipSync(gzipped).equals(renderTemplate(template, values))).toBe(true);
  expect(gzipped.byteLength).toBeLessThan(html.length / 10);
});

test("a hit answered before Express reads only a plain Accept-Encoding, and leaves weights to Express", () => {
  expect(plainAcceptsGzip("gzip, deflate, br, zstd")).toBe(true);
  expect(plainAcceptsGzip("br,GZIP")).toBe(true);
  expect(plainAcceptsGzip("br")).toBe(false);
  expect(plainAcceptsGzip(undefined)).toBe(false);
  expect(plainAcceptsGzip("gzip;q=0, br")).toBeNull();
  expect(plainAcceptsGzip("*")).toBeNull();
});

// A stand-in for server/app.ts: a nonce per request, the CSP header that names it, the cache,
// then a "renderer" that writes the page the way React Router's handler does.
type Server = { url: string; renders: number; close(): Promise<void> };

async function startServer(cache: PageCache, content: { text: string }): Promise<Server> {
  const app = express();
  const state = { renders: 0 };
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  const { serveHits, storeMisses } = pageCacheMiddleware(cache, {
    issueFormToken: () => issueFormToken(),
    collectFormTokens,
    isCacheable: (pathname) => !pathname.startsWith("/admin"),
  });
  app.use(serveHits, compression(), storeMisses);
  // As a command does (server/commands/runner.server.ts): the change, then the announcement.
  app.post("/admin/catalog", async (_req, res) => {
    content.text = "Pine 90x45 H3.2 (renamed)";
    await announceContentChange(cache);
    res.redirect(303, "/admin/catalog");
  });
  app.post("/admin/users", (_req, res) => {
    res.status(403).send("Forbidden");
  });
  app.get("/set-cookie", (_req, res) => {
    res.cookie("tc_toast", "x").type("html").send("<p>toast</p>");
  });
  app.get("/missing", (_req, res) => {
    res.status(404).type("html").send("<p>Not found</p>");
  });
  app.get("/{*splat}", (req, res) => {
    state.renders += 1;
    const nonce = res.locals.cspNonce as string;
    res.type("html");
    res.write(`<!DOCTYPE html><h1>${content.text}</h1>`);
    // The terms page has no enquiry form; every other page does.
    if (req.path !== "/terms-conditions") {
      const token = issueFormToken();
      res.write(`<input name="formToken" value="${token}">`);
      res.write(`<script nonce="${nonce}">window.__ctx={formToken:"${token}"}</script>`);
    } else {
      res.write(`<script nonce="${nonce}">window.__ctx={}</script>`);
    }
    res.end();
  });
  const listener = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listener.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
    get renders() {
      return state.renders;
    },
    close: () => new Promise((resolve) => listener.close(() => resolve())),
  };
}

function nonceOf(response: Response) {
  return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
}

let server: Server;
let cache: PageCache;
const content = { text: "Pine 90x45 H3.2" };

beforeAll(async () => {
  cache = createPageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
  server = await startServer(cache, content);
});
afterAll(() => server.close());

test("the second visitor gets a HIT with its own nonce and a fresh, valid form token", async () => {
  const first = await fetch(`${server.url}/?b=2&a=1`);
  expect(first.headers.get("x-cache")).toBe("MISS");
  const firstBody = await first.text();
  const second = await fetch(`${server.url}/?a=1&b=2`);
  expect(second.headers.get("x-cache")).toBe("HIT");
  expect(second.headers.get("cache-control")).toBe("private, no-cache");
  const secondBody = await second.text();
  const third = await fetch(`${server.url}/?a=1&b=2`);
  const thirdBody = await third.text();
  expect(server.renders).toBe(1);

  const nonces = [first, second, third].map(nonceOf);
  expect(new Set(nonces).size).toBe(3);
  for (const [response, body] of [
    [first, firstBody],
    [second, secondBody],
    [third, thirdBody],
  ] as const) {
    const nonce = nonceOf(response);
    expect(body).toContain(`<script nonce="${nonce}">`);
    const tokens = [...body.matchAll(/\d{13}\.[\w-]{12}\.[\w-]{43}/g)].map((m) => m[0]);
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens).size).toBe(1);
    expect(readFormToken(tokens[0])).not.toBeNull();
  }
  expect(secondBody.match(/value="([^"]+)"/)?.[1]).not.toBe(thirdBody.match(/value="([^"]+)"/)?.[1]);
  // A form token is good for one enquiry: the page has no ETag, so the browser never keeps one.
  expect(first.headers.get("etag")).toBeNull();
  expect(second.headers.get("etag")).toBeNull();
  const revalidated = await fetch(`${server.url}/?a=1&b=2`, { headers: { "If-None-Match": "*" } });
  expect(revalidated.status).toBe(200);
  expect((await revalidated.text()).match(/value="([^"]+)"/)?.[1]).not.toBe(
    thirdBody.match(/value="([^"]+)"/)?.[1],
  );
});

test("a revalidation answers 304 without a CSP header, so the browser keeps body and policy paired", async () => {
  const first = await fetch(`${server.url}/terms-conditions`);
  await first.text();
  const etag = first.headers.get("etag") ?? "";
  expect(etag).toMatch(/^W\//);
  const again = await fetch(`${server.url}/terms-conditions`, { headers: { "If-None-Match": etag } });
  expect(again.status).toBe(304);
  expect(again.headers.get("x-cache")).toBe("HIT");
  expect(again.headers.get("content-security-policy")).toBeNull();
});

test("visitors with a session, a quote list or a toast bypass the cache", async () => {
  await (await fetch(`${server.url}/catalog`)).text();
  const staff = await fetch(`${server.url}/catalog`, {
    headers: { cookie: "better-auth.session_token=abc" },
  });
  expect(staff.headers.get("x-cache")).toBe("BYPASS");
  expect(staff.headers.get("cache-control")).toBe("private, no-store");
  await staff.text();
  const quoting = await fetch(`${server.url}/catalog`, { headers: { cookie: "tc_quote=ab:1" } });
  expect(quoting.headers.get("x-cache")).toBe("BYPASS");
  await quoting.text();
  const admin = await fetch(`${server.url}/admin/dashboard`);
  expect(admin.headers.get("x-cache")).toBe("BYPASS");
  expect(admin.headers.get("cache-control")).toBe("private, no-store");
  await admin.text();
});

test("only plain 200 pages are stored: not a 404 nor an answer that sets a cookie", async () => {
  for (const path of ["/missing", "/set-cookie"]) {
    await (await fetch(`${server.url}${path}`)).text();
    const again = await fetch(`${server.url}${path}`);
    expect(again.headers.get("x-cache"), path).toBe("MISS");
    await again.text();
  }
});

test("a change a staff write announces shows on the very next request; a refused post keeps the cache", async () => {
  await (await fetch(`${server.url}/catalog?q=pine`)).text();
  const cached = await fetch(`${server.url}/catalog?q=pine`);
  expect(cached.headers.get("x-cache")).toBe("HIT");
  expect(await cached.text()).toContain("<h1>Pine 90x45 H3.2</h1>");

  // Refused posts (no session, or a 403) change nothing and keep the cache.
  await fetch(`${server.url}/admin/users`, {
    method: "POST",
    headers: { cookie: "better-auth.session_token=a" },
  });
  expect((await fetch(`${server.url}/catalog?q=pine`)).headers.get("x-cache")).toBe("HIT");

  const save = await fetch(`${server.url}/admin/catalog`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: "better-auth.session_token=abc" },
  });
  expect(save.status).toBe(303);
  const next = await fetch(`${server.url}/catalog?q=pine`);
  expect(next.headers.get("x-cache")).toBe("MISS");
  expect(await next.text()).toContain("<h1>Pine 90x45 H3.2 (renamed)</h1>");
});

test("HEAD is answered from a stored page without a body", async () => {
  await (await fetch(`${server.url}/privacy`)).text();
  const head = await fetch(`${server.url}/privacy`, { method: "HEAD" });
  expect(head.headers.get("x-cache")).toBe("HIT");
  expect(await head.text()).toBe("");
});

/**
 * A listener on the test's PostgreSQL database that plays another process with its own cache (it
 * hears this process's own notifications too).
 */
async function listenAsAnotherProcess(cache: PageCache) {
  const result = await database.current.db.execute(sql`select current_database() as name`);
  const name = (result as unknown as { rows: { name: string }[] }).rows[0]?.name;
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  const listener = startInvalidationListener({ url: url.toString(), cache, includeOwn: true });
  await listener.ready;
  return listener;
}

test("on PostgreSQL a change announced by one process empties another process's cache", async () => {
  const other = createPageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
  other.set("/", page("home", "<p>Home</p>"), other.generation);
  if (database.current.engine !== "postgres") {
    // PGlite is one process: the change is local, and nothing is sent.
    await announceContentChange(other);
    expect(other.get("/")).toBeUndefined();
    return;
  }
  const listener = await listenAsAnotherProcess(other);
  try {
    await announceContentChange(createPageCache({ maxBytes: 1000, maxAgeMs: 1000 }));
    await expect.poll(() => other.get("/"), { timeout: 3000, interval: 20 }).toBeUndefined();
  } finally {
    await listener.stop();
  }
  expect(INVALIDATION_CHANNEL).toBe("tc_page_cache");
});

test("a gradual change announced by one process marks another process's pages stale, not gone", async () => {
  let now = 1_000_000;
  const other = createPageCache({ maxBytes: 1_000_000, maxAgeMs: 600_000, now: () => now });
  other.set("/", page("home", "<p>Home</p>"), other.generation);
  const before = other.generation;
  if (database.current.engine !== "postgres") {
    await announceGradualContentChange(other);
  } else {
    const listener = await listenAsAnotherProcess(other);
    try {
      await announceGradualContentChange(createPageCache({ maxBytes: 1000, maxAgeMs: 1000 }));
      await expect.poll(() => other.generation, { timeout: 3000, interval: 20 }).toBeGreaterThan(before);
    } finally {
      await listener.stop();
    }
  }
  // Stale, so still served until the refresh interval has passed; then one view renders it.
  expect(other.get("/")?.etag).toBe('W/"home"');
  now += GRADUAL_REFRESH_MS;
  expect(other.get("/")).toBeUndefined();
});
