// Every admin route and every action intent, from the route table, against every role: the
// right redirect, 403 or success, and no data in a denied response. A new admin route, or a
// route with an action whose intents are missing from tests/support/admin-intents.ts, fails this test until it is listed.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import type { Role } from "~/lib/vocabulary";
import { DEFAULT_QUOTE_SETTINGS } from "~/modules/quotes/settings";
import routes from "~/routes";
import { pageRequest } from "../support/access";
import { cookieFor, settle } from "../support/admin-action";
import { adminIntentsOf } from "../support/admin-intents";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { setQuoteSettings } from "../support/quotes";

useTestDatabase();
const app = createAppHandler();

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

function flatten(entries: RouteEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix || "/";
    return [{ path: here, file: entry.file }, ...flatten(entry.children ?? [], here === "/" ? "" : here)];
  });
}

const ALL = flatten(routes as RouteEntry[]);
const ADMIN = ALL.filter((r) => r.path.startsWith("/admin"));

/** The intents of an admin route: the shared list, keyed by the route's file. */
const intentsOf = (route: { file: string }) => adminIntentsOf(route.file);

// Sales may use the dashboard and the catalogue (building information is a section of it, and
// the catalogue's export is the list they see, as a file, as is the consent pack of products
// ticked in it, and so are the searches that found nothing); the rest is admin's. The sheets' old
// address sends staff on to the new one.
const SALES_ALLOWED = new Set([
  "/admin",
  "/admin/catalog",
  "/admin/catalog/export",
  "/admin/catalog/consent-pack",
  "/admin/catalog/building-information",
  "/admin/catalog/building-information/:id",
  "/admin/building-information/*",
  "/admin/catalog/searches",
]);
// What "Sales may quote" (Settings > Quotes) opens to sales as well: the enquiries, their files
// and the quotes. Of Contact Management's own intents, only the status change.
const SALES_QUOTING = new Set([
  "/admin/contact-management",
  "/admin/contact-management/:id",
  "/admin/files/contact_uploads/:name",
  "/admin/quotes",
  "/admin/quotes/:id",
  "/admin/quotes/:id/pdf",
  "/admin/quotes/:id/consent-pack",
  "/admin/quote-products",
]);
const SALES_QUOTING_ADMIN_INTENTS = new Set([
  "delete-query",
  "create-subject",
  "update-subject",
  "toggle-subject",
  "delete-subject",
]);
// Of those, sales may post only to the catalogue and building information: the dashboard's
// intents (mail retry) are admin's.
const SALES_MAY_POST = new Set([
  "/admin/catalog",
  "/admin/catalog/building-information",
  "/admin/catalog/building-information/:id",
]);
// User Management and the audit log show sales the Access Denied screen (403) rather than sending
// them away.
const SALES_DENIED_SCREEN = new Set(["/admin/users", "/admin/audit"]);

type Module = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };

async function load(file: string): Promise<Module> {
  return import(/* @vite-ignore */ path.resolve("app", file));
}

// Path parameters as a real request would carry them: a stored file's name, an enquiry's id
// (one that does not exist: the guard answers first, and an admin gets a 404, never a 5xx).
const PARAMS = { name: "1700000000000-0123456789abcdef.pdf", id: "00000000-0000-4000-8000-000000000000" };

function concrete(routePath: string) {
  return routePath.replace(":name", PARAMS.name).replace(":id", PARAMS.id);
}

async function call(
  fn: (args: unknown) => unknown,
  routePath: string,
  role: Role | null,
  method = "GET",
  body?: URLSearchParams,
) {
  const headers: Record<string, string> = {};
  if (role) headers.cookie = await cookieFor(role, "matrix");
  const request = new Request(`http://localhost${concrete(routePath)}`, { method, headers, body });
  return settle(() => fn({ request, params: PARAMS, context: {} }));
}

/** An intent posted with a junk id, as a forged or stale form would. */
function postIntent(mod: Module, route: { path: string }, role: Role, intent: string) {
  return call(mod.action!, route.path, role, "POST", new URLSearchParams({ intent, id: "x" }));
}

test("the route table has the admin routes this matrix knows", () => {
  expect(ADMIN.length).toBeGreaterThanOrEqual(14);
  expect(ADMIN.map((r) => r.path)).toContain("/admin/contact-management/:id");
});

test("every admin route with an action lists all of its intents here", async () => {
  for (const route of ADMIN) {
    const mod = await load(route.file);
    if (!mod.action) continue;
    expect(intentsOf(route), `${route.path} has an action but no intents in the shared list`).toBeDefined();
    const source = fs.readFileSync(path.resolve("app", route.file), "utf8");
    for (const literal of source.matchAll(/intent: z\.literal\("([a-z-]+)"\)/g)) {
      expect(intentsOf(route)).toContain(literal[1]);
    }
  }
});

test("anonymous visitors are sent to sign in from every admin loader and action", async () => {
  for (const route of ADMIN) {
    const mod = await load(route.file);
    for (const [fn, method] of [
      [mod.loader, "GET"],
      [mod.action, "POST"],
    ] as const) {
      if (!fn) continue;
      const outcome = await call(
        fn,
        route.path,
        null,
        method,
        method === "POST" ? new URLSearchParams({ intent: "delete", id: "x" }) : undefined,
      );
      expect(outcome.status, `${method} ${route.path}`).toBe(302);
      expect(outcome.location, `${method} ${route.path}`).toMatch(/^\/auth\?redirectTo=/);
      expect(outcome.body).toBeNull();
    }
  }
});

test("a signed-in customer without a staff role is sent to their account, and every intent gets 403", async () => {
  for (const route of ADMIN) {
    const mod = await load(route.file);
    if (mod.loader) {
      const outcome = await call(mod.loader, route.path, "user");
      expect(outcome.status, `GET ${route.path}`).toBe(302);
      expect(outcome.location, `GET ${route.path}`).toBe("/account");
    }
    for (const intent of mod.action ? (intentsOf(route) ?? []) : []) {
      const outcome = await postIntent(mod, route, "user", intent);
      expect([302, 403], `${intent} on ${route.path}`).toContain(outcome.status);
      expect(JSON.stringify(outcome.body ?? "")).not.toMatch(/@example\.nz|price/i);
    }
  }
});

test("sales reaches the dashboard and the catalogue only; User Management answers 403, elsewhere GET goes to /admin; intents but the catalogue's get 403", async () => {
  for (const route of ADMIN) {
    const mod = await load(route.file);
    const allowed = SALES_ALLOWED.has(route.path);
    if (mod.loader) {
      const outcome = await call(mod.loader, route.path, "sales");
      if (allowed) expect(outcome.location ?? "", `GET ${route.path}`).not.toMatch(/^\/auth|^\/$/);
      else if (SALES_DENIED_SCREEN.has(route.path)) {
        expect(outcome.status, `GET ${route.path}`).toBe(403);
        expect(JSON.stringify(outcome.body ?? ""), `GET ${route.path}`).not.toMatch(/@example\.nz/);
      } else {
        expect(outcome.status, `GET ${route.path}`).toBe(302);
        expect(outcome.location, `GET ${route.path}`).toBe("/admin");
      }
    }
    if (!SALES_MAY_POST.has(route.path)) {
      for (const intent of mod.action ? (intentsOf(route) ?? []) : []) {
        const outcome = await postIntent(mod, route, "sales", intent);
        expect(outcome.status, `${intent} on ${route.path}`).toBe(403);
        expect(JSON.stringify(outcome.body ?? "")).not.toMatch(/@example\.nz/);
      }
    }
  }
});

test("when an admin lets sales quote, sales pass the guard of the enquiries and quotes (not deleting a query, not the subjects), and of nothing else", async () => {
  await setQuoteSettings({ ...DEFAULT_QUOTE_SETTINGS, salesMayQuote: true });
  try {
    for (const route of ADMIN) {
      const mod = await load(route.file);
      const quoting = SALES_QUOTING.has(route.path);
      const open = quoting || SALES_ALLOWED.has(route.path);
      if (mod.loader) {
        const outcome = await call(mod.loader, route.path, "sales");
        const where = `GET ${route.path}`;
        if (open) {
          expect(outcome.location ?? "", where).not.toMatch(/^\/auth|^\/$|^\/admin$/);
          expect([401, 403], where).not.toContain(outcome.status);
          expect(outcome.status, where).toBeLessThan(500);
        } else if (!SALES_DENIED_SCREEN.has(route.path)) expect(outcome.location, where).toBe("/admin");
      }
      if (SALES_MAY_POST.has(route.path)) continue;
      for (const intent of mod.action ? (intentsOf(route) ?? []) : []) {
        const outcome = await postIntent(mod, route, "sales", intent);
        const where = `${intent} on ${route.path}`;
        if (quoting && !SALES_QUOTING_ADMIN_INTENTS.has(intent)) {
          expect([401, 403], where).not.toContain(outcome.status);
          expect(outcome.status, where).toBeLessThan(500);
        } else expect(outcome.status, where).toBe(403);
      }
    }
  } finally {
    await setQuoteSettings(DEFAULT_QUOTE_SETTINGS);
  }
});

test("an admin passes the guard of every admin loader; a malformed intent gets 400, never 5xx", async () => {
  for (const route of ADMIN) {
    const mod = await load(route.file);
    if (mod.loader) {
      const outcome = await call(mod.loader, route.path, "admin");
      expect(outcome.location ?? "", `GET ${route.path}`).not.toMatch(/^\/auth|^\/$|^\/admin$/);
      expect(outcome.status, `GET ${route.path}`).toBeLessThan(500);
    }
    for (const intent of mod.action ? [...(intentsOf(route) ?? []), "no-such-intent"] : []) {
      const outcome = await call(mod.action!, route.path, "admin", "POST", new URLSearchParams({ intent }));
      expect(outcome.status, `${intent} on ${route.path}`).toBeGreaterThanOrEqual(200);
      expect(outcome.status, `${intent} on ${route.path}`).toBeLessThan(500);
    }
  }
});

/** The page's sidebar links (the nav named Admin), in order, as the server renders them. */
function sidebarLinks(html: string) {
  const nav = /<nav aria-label="Admin"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  return [...nav.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: m[1],
    text: (m[2] ?? "").replace(/<[^>]+>/g, "").trim(),
  }));
}

async function dashboardHtml(role: Role) {
  const response = await app(pageRequest("/admin", await cookieFor(role, "matrix")));
  expect(response.status, `/admin as ${role}`).toBe(200);
  return response.text();
}

const ENQUIRY_FIGURES = ["Enquiries per week", "New enquiries this week"];

test("with Sales may quote off, sales see a sidebar of exactly Dashboard and Catalog and no enquiry figures on the dashboard; with it on, both appear", async () => {
  await setQuoteSettings({ ...DEFAULT_QUOTE_SETTINGS, salesMayQuote: false });
  const off = await dashboardHtml("sales");
  expect(sidebarLinks(off)).toEqual([
    { href: "/admin", text: "Dashboard" },
    { href: "/admin/catalog", text: "Catalog" },
  ]);
  for (const figure of ENQUIRY_FIGURES) expect(off).not.toContain(figure);
  // The rest of the dashboard is there: the counts and the products missing building information.
  expect(off).toContain("Products missing building information");
  const { loader } = await load("routes/admin/dashboard.tsx");
  const data = await call(loader!, "/admin", "sales");
  expect(data.body).toMatchObject({ enquiries: null });

  await setQuoteSettings({ ...DEFAULT_QUOTE_SETTINGS, salesMayQuote: true });
  try {
    const on = await dashboardHtml("sales");
    expect(sidebarLinks(on).map((link) => link.text)).toEqual([
      "Dashboard",
      "Catalog",
      "Contact Management",
      "Quotes",
    ]);
    for (const figure of ENQUIRY_FIGURES) expect(on).toContain(figure);
  } finally {
    await setQuoteSettings(DEFAULT_QUOTE_SETTINGS);
  }
  // Admins always see them.
  const admin = await dashboardHtml("admin");
  for (const figure of ENQUIRY_FIGURES) expect(admin).toContain(figure);
  expect(sidebarLinks(admin).map((link) => link.text)).not.toContain("Building Info");
});

test("the catalogue's screens carry its sections, Products and Building information, for sales and admin alike", async () => {
  for (const role of ["sales", "admin"] as const) {
    const cookie = await cookieFor(role, "matrix");
    for (const [url, current] of [
      ["/admin/catalog", "Products"],
      ["/admin/catalog/building-information", "Building information"],
    ] as const) {
      const response = await app(pageRequest(url, cookie));
      expect(response.status, `${url} as ${role}`).toBe(200);
      const html = await response.text();
      const sections = /<nav aria-label="Catalog sections"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
      expect(sections, `${url} as ${role}`).toMatch(
        /href="\/admin\/catalog"[^>]*>Products<.*href="\/admin\/catalog\/building-information"[^>]*>Building information</s,
      );
      expect(sections).toMatch(new RegExp(`aria-current="page"[^>]*>${current}<`));
      // The sidebar's current item is Catalog on both.
      expect(html).toMatch(
        /data-active="true"[^>]*href="\/admin\/catalog"|href="\/admin\/catalog"[^>]*data-active="true"/,
      );
    }
  }
});

test("the sheets' old addresses send staff to the new ones for good, query kept; others meet the usual gate", async () => {
  const id = PARAMS.id;
  for (const role of ["sales", "admin"] as const) {
    const cookie = await cookieFor(role, "matrix");
    for (const [old, moved] of [
      ["/admin/building-information", "/admin/catalog/building-information"],
      ["/admin/building-information?q=deck&page=2", "/admin/catalog/building-information?q=deck&page=2"],
      [`/admin/building-information/${id}`, `/admin/catalog/building-information/${id}`],
    ] as const) {
      const response = await app(pageRequest(old, cookie));
      expect(response.status, `${old} as ${role}`).toBe(301);
      expect(response.headers.get("Location"), `${old} as ${role}`).toBe(moved);
    }
  }
  const anonymous = await app(pageRequest("/admin/building-information"));
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fbuilding-information");
  const user = await app(pageRequest("/admin/building-information", await cookieFor("user", "matrix")));
  expect(user.status).toBe(302);
  expect(user.headers.get("Location")).toBe("/account");
});
