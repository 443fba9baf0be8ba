// The audit log as staff leave it: each kind of back-office change, export, download, sign-in and
// sign-out leaves exactly one event with its actor, summary and the fields before and after; a
// refused or rolled-back write leaves none; the log cannot be changed by the app, only thinned
// by its retention; and a change to what the public pages show empties the page cache.
import { eq, inArray } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { productEntity } from "~/modules/products/entity";
import { PRODUCT_FORM_DEFAULTS } from "~/modules/products/schema";
import { action as catalogAction } from "~/routes/admin/catalog";
import { action as settingsAction } from "~/routes/admin/settings";
import { action as usersAction } from "~/routes/admin/users";
import { loader as exportLoader } from "~/routes/resources/enquiries-csv";
import { action as signOutAction } from "~/routes/resources/sign-out";
import { applyAuditRetention } from "~/server/audit/audit.server";
import { getPageCache } from "~/server/cache/invalidation.server";
import { staffActor } from "~/server/commands/actor";
import { defineCommand, runCommand } from "~/server/commands/runner.server";
import { auditEvents, products, users } from "~/server/db/schema";
import { clientIpContext } from "~/server/security/request-context";
import { cookieFor, settle } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { createUser } from "../support/users";
import { PASSWORD, postAuth } from "./sign-in-support";

const database = useTestDatabase();

async function post(action: (args: never) => unknown, path: string, fields: Record<string, string>) {
  const cookie = await cookieFor("admin", "audit");
  const context = new RouterContextProvider();
  context.set(clientIpContext, "203.0.113.9");
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { cookie, "user-agent": "AuditTest/1.0" },
    body: new URLSearchParams(fields),
  });
  return settle(() => action({ request, params: {}, context } as never));
}

async function events() {
  return database.current.db.select().from(auditEvents).orderBy(auditEvents.occurredAt);
}

async function admin() {
  const [row] = await database.current.db
    .select()
    .from(users)
    .where(eq(users.email, "admin-audit@example.nz"));
  return row!;
}

function product(overrides: Record<string, string>) {
  return { ...PRODUCT_FORM_DEFAULTS, intent: "create", ...overrides };
}

async function productId(name: string) {
  const [row] = await database.current.db.select().from(products).where(eq(products.name, name));
  return row!.id;
}

test("a product's create, price change, unpublish and delete each leave one event with actor and before/after", async () => {
  await cookieFor("admin", "audit");
  const before = (await events()).length; // the admin's own sign-in
  expect(
    (await post(catalogAction, "/admin/catalog", product({ name: "Pine 90x45", price: "12.50" }))).status,
  ).toBe(302);
  const id = await productId("Pine 90x45");
  const fields = { ...product({ name: "Pine 90x45", price: "12.50" }), intent: "update", id };
  await post(catalogAction, "/admin/catalog", { ...fields, price: "13.90" });
  const { isPublished: _published, ...unpublished } = { ...fields, price: "13.90", isPublished: "on" };
  await post(catalogAction, "/admin/catalog", unpublished);
  await post(catalogAction, "/admin/catalog", { intent: "delete", id });

  const logged = (await events()).slice(before);
  expect(logged.map((event) => event.action)).toEqual(["create", "update", "unpublish", "delete"]);
  const me = await admin();
  for (const event of logged) {
    expect(event).toMatchObject({
      actorId: me.id,
      actorName: "admin person",
      actorRole: "admin",
      entityType: "product",
      entityId: id,
      ipAddress: "203.0.113.9",
      userAgent: "AuditTest/1.0",
    });
  }
  const [created, repriced, hidden, deleted] = logged;
  expect(created!.summary).toBe('Created product "Pine 90x45"');
  expect(created!.changes).toMatchObject({
    name: { before: null, after: "Pine 90x45" },
    price: { after: 12.5 },
  });
  expect(repriced!.summary).toBe('Updated product "Pine 90x45": price');
  expect(repriced!.changes).toEqual({ price: { before: 12.5, after: 13.9 } });
  expect(hidden!.changes).toEqual({ isPublished: { before: true, after: false } });
  expect(deleted!.changes).toMatchObject({ name: { before: "Pine 90x45", after: null } });
});

test("a refused form and a refused rule leave no event; a write that throws after writing leaves neither row nor event", async () => {
  await cookieFor("admin", "audit");
  const before = (await events()).length;
  // Invalid input: 400, nothing written.
  expect((await post(catalogAction, "/admin/catalog", product({ name: "" }))).status).toBe(400);
  // A rule of the module (an admin cannot demote themself): 400, nothing written.
  const me = await admin();
  const refused = await post(usersAction, "/admin/users", {
    intent: "update",
    id: me.id,
    name: me.name,
    email: me.email,
    role: "sales",
  });
  expect(refused.status).toBe(400);
  // A write that fails half-way: the product it inserted is rolled back with the event.
  const staff = staffActor(
    { id: me.id, name: me.name, email: me.email, role: "admin" },
    { ip: null, userAgent: null },
  );
  const halfWrite = defineCommand({
    name: "test.product.half_write",
    entity: productEntity,
    access: "staff",
    target: () => ({ action: "create" }),
    run: async () => {
      const { getDb } = await import("~/server/db/db.server");
      await getDb().insert(products).values({ name: "Half-written", price: 1 });
      throw new Error("disk full");
    },
  });
  await expect(runCommand(halfWrite, staff, undefined)).rejects.toThrow("disk full");
  expect(await database.current.db.select().from(products).where(eq(products.name, "Half-written"))).toEqual(
    [],
  );
  expect((await events()).length).toBe(before);
});

test("role, active and password changes are filed as such; the password itself is never logged", async () => {
  await cookieFor("admin", "audit");
  const staff = await createUser({
    email: "kiri@example.nz",
    name: "Kiri",
    role: "sales",
    password: "a-long-enough-password-1",
  });
  const before = (await events()).length;
  const base = { id: staff.id, name: "Kiri", email: "kiri@example.nz" };
  await post(usersAction, "/admin/users", { intent: "update", ...base, role: "admin" });
  await post(usersAction, "/admin/users", { intent: "set-active", id: staff.id, isActive: "false" });
  await post(usersAction, "/admin/users", {
    intent: "update",
    ...base,
    role: "admin",
    password: "another-long-password-2",
  });
  const logged = (await events()).slice(before);
  expect(logged.map((event) => event.action)).toEqual(["role", "deactivate", "password_reset"]);
  expect(logged[0]!.summary).toBe('Changed the role of user "kiri@example.nz" from sales to admin');
  expect(logged[2]!.changes).toEqual({ password: { before: "(hidden)", after: "(changed)" } });
  expect(JSON.stringify(logged)).not.toContain("another-long-password-2");
});

test("a settings change records the setting's value before and after", async () => {
  await cookieFor("admin", "audit");
  const before = (await events()).length;
  const result = await post(settingsAction, "/admin/settings?tab=hero", {
    intent: "save-hero",
    color: "#112233",
    titleColor: "#ffffff",
    subtitleColor: "#eeeeee",
    opacity: "0.5",
  });
  expect(result.status).toBe(302);
  const [event] = (await events()).slice(before);
  expect(event).toMatchObject({ action: "update", entityType: "setting", entityId: "hero_background" });
  expect(event!.changes?.settingValue?.after).toMatchObject({ opacity: 0.5 });
});

test("sign-in, a failed sign-in with the e-mail tried, sign-out and a CSV export are logged", async () => {
  await createUser({ email: "rewi@example.nz", name: "Rewi", role: "sales", password: PASSWORD });
  const before = (await events()).length;
  const failed = await postAuth(
    { intent: "sign-in", email: "Rewi@example.nz", password: "wrong-password" },
    { ip: "198.51.100.7" },
  );
  expect(failed.status).toBe(400);
  const signedIn = await postAuth({ intent: "sign-in", email: "rewi@example.nz", password: PASSWORD });
  const context = new RouterContextProvider();
  context.set(clientIpContext, "198.51.100.8");
  await settle(() =>
    signOutAction({
      request: new Request("http://localhost/auth/sign-out", {
        method: "POST",
        headers: { cookie: signedIn.cookie },
      }),
      params: {},
      context,
    } as never),
  );
  const cookie = await cookieFor("admin", "audit");
  const exported = await settle(() =>
    exportLoader({
      request: new Request("http://localhost/admin/contact-management/export", { headers: { cookie } }),
      params: {},
      context: new RouterContextProvider(),
    } as never),
  );
  expect(exported.status).toBe(200);

  const logged = (await events()).slice(before);
  const kinds = logged.map((event) => event.action);
  // The admin's session was opened by an earlier test of this file.
  expect(kinds).toEqual(["sign_in_failed", "sign_in", "sign_out", "export"]);
  expect(logged[0]).toMatchObject({
    actorId: null,
    actorEmail: "rewi@example.nz",
    summary: "Failed sign-in as rewi@example.nz",
    ipAddress: "198.51.100.7",
  });
  expect(logged[1]).toMatchObject({ actorName: "Rewi", actorRole: "sales", entityType: "session" });
  expect(logged[2]).toMatchObject({ actorName: "Rewi", ipAddress: "198.51.100.8" });
  expect(logged[3]).toMatchObject({ entityType: "enquiry", summary: "Exported all enquiries as CSV" });
});

test("the log is append-only: the database refuses a change or a deletion outside the retention", async () => {
  await cookieFor("admin", "audit");
  await expect(database.current.db.update(auditEvents).set({ summary: "rewritten" })).rejects.toThrow();
  await expect(database.current.db.delete(auditEvents)).rejects.toThrow();
  expect((await events()).every((event) => event.summary !== "rewritten")).toBe(true);
});

test("retention blanks addresses after the IP period and deletes events after the event period", async () => {
  const now = new Date("2026-11-24T00:00:00Z");
  const day = 24 * 3600 * 1000;
  const at = (days: number) => new Date(now.getTime() - days * day);
  const row = (summary: string, occurredAt: Date) => ({
    action: "sign_in" as const,
    entityType: "session" as const,
    summary,
    occurredAt,
    ipAddress: "192.0.2.1",
    userAgent: "Old/1.0",
  });
  await database.current.db
    .insert(auditEvents)
    .values([row("fresh", at(10)), row("past ip period", at(100)), row("past event period", at(800))]);
  const result = await applyAuditRetention({ ipDays: 90, eventDays: 730 }, now);
  expect(result).toEqual({ addressesDropped: 1, eventsDeleted: 1 });
  const kept = await database.current.db
    .select({ summary: auditEvents.summary, ip: auditEvents.ipAddress, agent: auditEvents.userAgent })
    .from(auditEvents)
    .where(inArray(auditEvents.summary, ["fresh", "past ip period", "past event period"]))
    .orderBy(auditEvents.summary);
  expect(kept).toEqual([
    { summary: "fresh", ip: "192.0.2.1", agent: "Old/1.0" },
    { summary: "past ip period", ip: null, agent: null },
  ]);
});

test("a product change empties the page cache itself; a user change, which no public page shows, does not", async () => {
  await cookieFor("admin", "audit");
  const cache = getPageCache();
  const start = cache.generation;
  await post(catalogAction, "/admin/catalog", product({ name: "Cache buster" }));
  expect(cache.generation).toBeGreaterThan(start);
  const afterProduct = cache.generation;
  const me = await admin();
  await post(usersAction, "/admin/users", {
    intent: "update",
    id: me.id,
    name: "Admin Renamed",
    email: me.email,
    role: "admin",
  });
  expect(cache.generation).toBe(afterProduct);
  // A refused write changes nothing, so it announces nothing either.
  await post(catalogAction, "/admin/catalog", product({ name: "" }));
  expect(cache.generation).toBe(afterProduct);
});
