// Following an enquiry to a close in the back office: status, owner, notes and their history,
// closed_at, the detail view and its guards, the list's filters, reference search and bulk
// change, and the sidebar's count of new enquiries.
import { and, asc, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import type { EnquiryStatus, Role } from "~/lib/vocabulary";
import { assignEnquiryOwner, changeEnquiryStatus } from "~/modules/enquiries/commands.server";
import { findUserByEmail } from "~/modules/users/admin.server";
import { action as listAction, loader as listLoader } from "~/routes/admin/contact-management";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/enquiry";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { runCommand } from "~/server/commands/runner.server";
import { contactQueries, enquiryEvents, enquiryLines, enquiryNotes, products } from "~/server/db/schema";
import { cookieFor, errorOf, fieldErrorsOf, settle, toastOf } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { createUser, setUserActive, staffActorOf } from "../support/users";

const database = useTestDatabase();

function db() {
  return database.current.db;
}

let counter = 0;
function unique() {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
}

async function enquiry(values: Partial<typeof contactQueries.$inferInsert> = {}) {
  const [row] = await db()
    .insert(contactQueries)
    .values({
      fullName: "Mere Parata",
      email: `mere-${unique()}@example.co.nz`,
      subject: "Quote Request",
      message: "Please quote 40 sheets of 10mm GIB board.",
      ...values,
    })
    .returning();
  if (!row) throw new Error("not inserted");
  return row;
}

/** A new account of the role; deactivated when asked. */
async function account(role: Role, name: string, active = true) {
  const user = await createUser({
    email: `${unique()}@example.nz`,
    name,
    role,
    password: "a-long-password-1",
  });
  if (!active) await setUserActive(user.id, false);
  return user;
}

async function stored(id: string) {
  const [row] = await db().select().from(contactQueries).where(eq(contactQueries.id, id));
  if (!row) throw new Error("gone");
  return row;
}

function eventsOf(id: string) {
  return db()
    .select()
    .from(enquiryEvents)
    .where(eq(enquiryEvents.enquiryId, id))
    .orderBy(asc(enquiryEvents.createdAt));
}

async function call(
  fn: (args: never) => unknown,
  path: string,
  role: Role | null = "admin",
  fields?: Record<string, string | string[]>,
  params: Record<string, string> = {},
) {
  const headers: Record<string, string> = {};
  if (role) headers.cookie = await cookieFor(role);
  let body: URLSearchParams | undefined;
  if (fields) {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  }
  const request = new Request(`http://localhost${path}`, { method: fields ? "POST" : "GET", headers, body });
  return settle(() => fn({ request, params, context: {} } as never));
}

function detail(id: string, role: Role | null = "admin") {
  return call(detailLoader, `/admin/contact-management/${id}`, role, undefined, { id });
}

function post(id: string, fields: Record<string, string>, role: Role | null = "admin") {
  return call(detailAction, `/admin/contact-management/${id}`, role, fields, { id });
}

function setStatus(id: string, status: string) {
  return post(id, { intent: "set-status", status });
}

type DetailData = Awaited<ReturnType<typeof detailLoader>>;

async function adminName() {
  await cookieFor("admin");
  const admin = await findUserByEmail("admin-admin-action@example.nz");
  if (!admin) throw new Error("no admin");
  return admin;
}

test("a status change is stored with its history entry (actor, from, to); the same status writes nothing", async () => {
  const admin = await adminName();
  const row = await enquiry();
  const answer = await setStatus(row.id, "In Progress");
  expect(answer.status).toBe(302);
  expect(answer.location).toBe(`/admin/contact-management/${row.id}`);
  expect(await toastOf(answer)).toBe("Status changed to In Progress");
  expect((await stored(row.id)).status).toBe("In Progress");
  expect(await eventsOf(row.id)).toMatchObject([
    { kind: "status", actorId: admin.id, actorName: admin.name, fromValue: "New", toValue: "In Progress" },
  ]);

  const again = await setStatus(row.id, "In Progress");
  expect(again.status).toBe(302);
  expect(await toastOf(again)).toBe("The status was already In Progress");
  expect(await eventsOf(row.id)).toHaveLength(1);

  const bad = await setStatus(row.id, "Done");
  expect(bad.status).toBe(400);
  expect(fieldErrorsOf(bad).status).toEqual(["Choose a status from the list"]);
  expect((await stored(row.id)).status).toBe("In Progress");
});

test("closed_at: set when an open enquiry closes, kept from Won to Lost, cleared when reopened", async () => {
  const row = await enquiry();
  await setStatus(row.id, "Quoted");
  expect((await stored(row.id)).closedAt).toBeNull();

  await setStatus(row.id, "Won");
  const won = await stored(row.id);
  expect(won.closedAt).toBeInstanceOf(Date);
  expect(Math.abs((won.closedAt as Date).getTime() - Date.now())).toBeLessThan(60_000);

  await setStatus(row.id, "Lost");
  expect((await stored(row.id)).closedAt?.getTime()).toBe(won.closedAt?.getTime());
  await setStatus(row.id, "Spam");
  expect((await stored(row.id)).closedAt?.getTime()).toBe(won.closedAt?.getTime());

  await setStatus(row.id, "In Progress");
  expect((await stored(row.id)).closedAt).toBeNull();
  await setStatus(row.id, "Spam");
  expect((await stored(row.id)).closedAt?.getTime()).toBeGreaterThan(won.closedAt?.getTime() ?? 0);

  const history = await eventsOf(row.id);
  expect(history.map((e) => `${e.fromValue}>${e.toValue}`)).toEqual([
    "New>Quoted",
    "Quoted>Won",
    "Won>Lost",
    "Lost>Spam",
    "Spam>In Progress",
    "In Progress>Spam",
  ]);
});

test("the owner must be an active staff user: anyone else is refused with 400 and nothing is written", async () => {
  const row = await enquiry();
  const sales = await account("sales", "Sam Sales");
  const customer = await account("user", "Uma User");
  const former = await account("sales", "Fran Former", false);

  for (const ownerId of [customer.id, former.id, "no-such-user", "x".repeat(100)]) {
    const refused = await post(row.id, { intent: "set-owner", ownerId });
    expect(refused.status, ownerId).toBe(400);
    expect(errorOf(refused)).toEqual({
      title: "Error assigning the owner",
      description: "The owner must be an active staff member (admin or sales). Choose one from the list.",
    });
  }
  const tooLong = await post(row.id, { intent: "set-owner", ownerId: "x".repeat(101) });
  expect(tooLong.status).toBe(400);
  expect((await stored(row.id)).ownerId).toBeNull();
  expect(await eventsOf(row.id)).toHaveLength(0);

  const assigned = await post(row.id, { intent: "set-owner", ownerId: sales.id });
  expect(await toastOf(assigned)).toBe("Owner assigned");
  expect((await stored(row.id)).ownerId).toBe(sales.id);
  const admin = await adminName();
  const toAdmin = await post(row.id, { intent: "set-owner", ownerId: admin.id });
  expect(toAdmin.status).toBe(302);
  const same = await post(row.id, { intent: "set-owner", ownerId: admin.id });
  expect(await toastOf(same)).toBe("The owner is unchanged");
  const removed = await post(row.id, { intent: "set-owner", ownerId: "" });
  expect(await toastOf(removed)).toBe("Owner removed");
  expect((await stored(row.id)).ownerId).toBeNull();

  expect((await eventsOf(row.id)).map((e) => [e.kind, e.fromValue, e.toValue, e.actorName])).toEqual([
    ["owner", null, "Sam Sales", admin.name],
    ["owner", "Sam Sales", admin.name, admin.name],
    ["owner", admin.name, null, admin.name],
  ]);
});

test("an owner who has since been deactivated stays until someone changes it", async () => {
  const leaving = await account("sales", "Lee Leaving");
  const row = await enquiry();
  await post(row.id, { intent: "set-owner", ownerId: leaving.id });
  await setUserActive(leaving.id, false);
  const kept = await post(row.id, { intent: "set-owner", ownerId: leaving.id });
  expect(kept.status).toBe(302);
  expect(await toastOf(kept)).toBe("The owner is unchanged");
  const view = (await detailLoader({
    request: new Request(`http://localhost/admin/contact-management/${row.id}`, {
      headers: { cookie: await cookieFor("admin") },
    }),
    params: { id: row.id },
    context: {},
  } as never)) as DetailData;
  expect(view.enquiry.ownerName).toBe("Lee Leaving");
  expect(view.staff.map((s) => s.name)).not.toContain("Lee Leaving");
});

test("notes are stored with author and time and shown in the history, newest first; bad notes are refused", async () => {
  const admin = await adminName();
  const row = await enquiry();
  const first = await post(row.id, { intent: "add-note", body: "  Rang back, wants delivery to Ōtāhuhu.  " });
  expect(await toastOf(first)).toBe("Note added");
  await post(row.id, { intent: "set-status", status: "Quoted" });
  await post(row.id, { intent: "add-note", body: "Quote sent:\n40 sheets at trade price." });

  const notes = await db().select().from(enquiryNotes).where(eq(enquiryNotes.enquiryId, row.id));
  expect(notes.map((n) => [n.body, n.authorId, n.authorName])).toEqual(
    expect.arrayContaining([
      ["Rang back, wants delivery to Ōtāhuhu.", admin.id, admin.name],
      ["Quote sent:\n40 sheets at trade price.", admin.id, admin.name],
    ]),
  );

  for (const [body, message] of [
    ["   ", "Write the note first"],
    ["x".repeat(5001), "A note can be at most 5000 characters"],
    ["nul\u0000byte", "The note contains a character that cannot be saved"],
  ] as const) {
    const refused = await post(row.id, { intent: "add-note", body });
    expect(refused.status).toBe(400);
    expect(fieldErrorsOf(refused).body).toEqual([message]);
  }
  expect(await db().select().from(enquiryNotes).where(eq(enquiryNotes.enquiryId, row.id))).toHaveLength(2);
  const longest = await post(row.id, { intent: "add-note", body: "y".repeat(5000) });
  expect(longest.status).toBe(302);

  const view = (await detail(row.id)).body as DetailData;
  expect(view.timeline.map((e) => [e.kind, e.note?.slice(0, 12) ?? e.toValue, e.actorName])).toEqual([
    ["note", "yyyyyyyyyyyy", admin.name],
    ["note", "Quote sent:\n", admin.name],
    ["status", "Quoted", admin.name],
    ["note", "Rang back, w", admin.name],
  ]);
});

test("two admins changing the same enquiry at once: both changes are in the history, each from what the other left", async () => {
  const row = await enquiry();
  const first = await adminName();
  const second = await account("admin", "Ana Admin");
  const [asFirst, asSecond] = [await staffActorOf(first.id), await staffActorOf(second.id)];
  await Promise.all([
    runCommand(changeEnquiryStatus, asFirst, { id: row.id, status: "In Progress" }),
    runCommand(changeEnquiryStatus, asSecond, { id: row.id, status: "Quoted" }),
    runCommand(assignEnquiryOwner, asSecond, { id: row.id, ownerId: second.id }),
    runCommand(changeEnquiryStatus, asFirst, { id: row.id, status: "Won" }),
  ]);
  const history = (await eventsOf(row.id)).filter((e) => e.kind === "status");
  expect(history).toHaveLength(3);
  // A chain: each change starts where the previous one ended, and the row holds the last.
  expect(history[0]?.fromValue).toBe("New");
  for (let i = 1; i < history.length; i++) expect(history[i]?.fromValue).toBe(history[i - 1]?.toValue);
  const final = await stored(row.id);
  expect(final.status).toBe(history.at(-1)?.toValue);
  expect(final.ownerId).toBe(second.id);
  expect(Boolean(final.closedAt)).toBe(final.status === "Won");
});

test("the detail view shows every field, the quote-list lines, the attachment and the history", async () => {
  const [product] = await db()
    .insert(products)
    .values({ name: `Pine 90x45 H3.2 ${unique()}` })
    .returning();
  if (!product) throw new Error("no product");
  const row = await enquiry({
    fullName: "Hēmi Walker",
    phone: "021 555 0199",
    source: "contact",
    fileUrl: "contact_uploads/1764000000000-0123456789abcdef.pdf",
    createdAt: new Date("2026-03-04T22:30:00Z"),
  });
  await db()
    .insert(enquiryLines)
    .values([
      { enquiryId: row.id, productId: null, productName: "Discontinued decking", quantity: 5, position: 1 },
      { enquiryId: row.id, productId: product.id, productName: product.name, quantity: 2, position: 0 },
    ]);
  await db().insert(enquiryEvents).values({ enquiryId: row.id, kind: "received", toValue: "New" });

  const view = (await detail(row.id)).body as DetailData;
  expect(view.enquiry).toMatchObject({
    id: row.id,
    // 22:30 UTC on 4 March is 5 March in Auckland, still 2026.
    reference: `TC-2026-${String(row.referenceNo).padStart(6, "0")}`,
    fullName: "Hēmi Walker",
    phone: "021 555 0199",
    source: "contact",
    status: "New",
    fileHref: "/admin/files/contact_uploads/1764000000000-0123456789abcdef.pdf",
    lines: [
      { quantity: 2, productName: product.name, productId: product.id },
      { quantity: 5, productName: "Discontinued decking", productId: null },
    ],
  });
  expect(view.enquiry).not.toHaveProperty("clientIp");
  expect(view.timeline).toMatchObject([{ kind: "received", actorName: null, toValue: "New" }]);
  expect(view.staff.map((s) => s.role).every((r) => r === "admin" || r === "sales")).toBe(true);

  const spam = await enquiry({
    status: "Spam",
    spamReason: "honeypot",
    source: "quick",
    closedAt: new Date(),
  });
  const spamView = (await detail(spam.id)).body as DetailData;
  expect(spamView.enquiry).toMatchObject({ status: "Spam", spamReason: "honeypot", source: "quick" });
});

test("an unknown or malformed id is a 404 from the loader and every intent, never a 500", async () => {
  for (const id of [crypto.randomUUID(), "not-a-uuid", "1' or '1'='1", "%00"]) {
    expect((await detail(id)).status, id).toBe(404);
    for (const fields of [
      { intent: "set-status", status: "Won" },
      { intent: "set-owner", ownerId: "" },
      { intent: "add-note", body: "hello" },
    ] as Record<string, string>[]) {
      expect((await post(id, fields)).status, `${fields.intent} ${id}`).toBe(404);
    }
  }
  expect(await db().select().from(enquiryNotes).where(eq(enquiryNotes.body, "hello"))).toHaveLength(0);
});

test("sales and users are kept out of the detail view and its intents; anonymous goes to sign in", async () => {
  const row = await enquiry();
  const sales = await detail(row.id, "sales");
  expect([sales.status, sales.location]).toEqual([302, "/admin"]);
  const user = await detail(row.id, "user");
  expect([user.status, user.location]).toEqual([302, "/account"]);
  const anonymous = await detail(row.id, null);
  expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
  for (const role of ["sales", "user"] as const) {
    for (const fields of [
      { intent: "set-status", status: "Won" },
      { intent: "set-owner", ownerId: "" },
      { intent: "add-note", body: "sneaky" },
    ] as Record<string, string>[]) {
      expect((await post(row.id, fields, role)).status).toBe(403);
    }
  }
  const bulk = await call(listAction, "/admin/contact-management", "sales", {
    intent: "bulk-status",
    status: "Won",
    ids: [row.id],
  });
  expect(bulk.status).toBe(403);
  expect(await stored(row.id)).toMatchObject({ status: "New", ownerId: null });
  expect(await eventsOf(row.id)).toHaveLength(0);
});

type ListData = {
  queries: {
    rows: { id: string; reference: string; status: string; ownerName: string | null }[];
    total: number;
  };
  filters: { status: string; owner: string };
  staff: { id: string; name: string }[];
};

async function list(search: string) {
  const outcome = await call(listLoader, `/admin/contact-management?${search}`);
  return outcome.body as ListData;
}

test("the list filters by status and owner, hides spam unless asked, and finds a reference", async () => {
  await db().delete(contactQueries);
  const owner = await account("sales", "Olive Owner");
  const statuses: EnquiryStatus[] = ["New", "In Progress", "Quoted", "Won", "Lost", "Spam", "New"];
  const rows = [];
  for (const [i, status] of statuses.entries()) {
    rows.push(
      await enquiry({
        status,
        ownerId: i % 2 === 0 ? owner.id : null,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      }),
    );
  }
  const ids = (data: ListData) => data.queries.rows.map((r) => r.id);

  const all = await list("");
  expect(all.queries.total).toBe(6);
  expect(all.queries.rows.map((r) => r.status)).not.toContain("Spam");
  expect(all.filters).toEqual({ status: "", owner: "" });
  expect((await list("status=open")).queries.rows.map((r) => r.status).sort()).toEqual([
    "In Progress",
    "New",
    "New",
    "Quoted",
  ]);
  expect((await list("status=Spam")).queries.rows.map((r) => r.status)).toEqual(["Spam"]);
  expect((await list("status=all")).queries.total).toBe(7);
  expect((await list("status=In+Progress")).queries.rows.map((r) => r.status)).toEqual(["In Progress"]);
  // An unknown filter value falls back to the default instead of failing.
  expect((await list("status=Closed&owner=")).queries.total).toBe(6);

  const mine = await list(`owner=${owner.id}&status=all`);
  expect(mine.queries.rows.every((r) => r.ownerName === "Olive Owner")).toBe(true);
  expect(mine.queries.total).toBe(4);
  expect((await list(`owner=unassigned`)).queries.total).toBe(2);
  expect((await list(`owner=unassigned&status=open`)).queries.rows.map((r) => r.status).sort()).toEqual([
    "In Progress",
  ]);
  expect((await list(`owner=someone-else`)).queries.total).toBe(0);
  expect(all.staff.map((s) => s.name)).toContain("Olive Owner");

  const target = rows[3];
  if (!target) throw new Error("no row");
  const reference = `TC-2026-${String(target.referenceNo).padStart(6, "0")}`;
  const found = await list(`q=${reference}`);
  expect(ids(found)).toEqual([target.id]);
  expect(found.queries.rows[0]?.reference).toBe(reference);
  // Leading zeros and case do not matter; the year is not checked.
  expect(ids(await list(`q=tc-2025-${target.referenceNo}`))).toEqual([target.id]);
  // Filters still apply to a reference search: spam stays hidden unless asked.
  const spamRow = rows[5];
  if (!spamRow) throw new Error("no spam");
  const spamRef = `TC-2026-${String(spamRow.referenceNo).padStart(6, "0")}`;
  expect((await list(`q=${spamRef}`)).queries.total).toBe(0);
  expect(ids(await list(`q=${spamRef}&status=Spam`))).toEqual([spamRow.id]);
});

test("bulk status change: each change logged in one go, unchanged rows skipped, bad input refused", async () => {
  const admin = await adminName();
  const a = await enquiry();
  const b = await enquiry({ status: "In Progress" });
  const c = await enquiry({ status: "Won", closedAt: new Date("2026-01-01T00:00:00Z") });

  const answer = await call(listAction, "/admin/contact-management?tab=queries&status=open&page=2", "admin", {
    intent: "bulk-status",
    status: "Won",
    ids: [a.id, b.id, c.id, crypto.randomUUID()],
  });
  expect(answer.status).toBe(302);
  expect(answer.location).toBe("/admin/contact-management?tab=queries&status=open&page=2");
  expect(await toastOf(answer)).toBe("Status changed to Won for 2 queries");
  for (const row of [a, b]) {
    const after = await stored(row.id);
    expect(after.status).toBe("Won");
    expect(after.closedAt).toBeInstanceOf(Date);
    expect(await eventsOf(row.id)).toMatchObject([
      { kind: "status", fromValue: row.status, toValue: "Won", actorId: admin.id },
    ]);
  }
  expect((await stored(c.id)).closedAt?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
  expect(await eventsOf(c.id)).toHaveLength(0);

  const tooMany = await call(listAction, "/admin/contact-management", "admin", {
    intent: "bulk-status",
    status: "Lost",
    ids: Array.from({ length: 11 }, () => crypto.randomUUID()),
  });
  expect(tooMany.status).toBe(400);
  expect(fieldErrorsOf(tooMany).ids).toEqual(["Select at most 10 enquiries at a time"]);
  const none = await call(listAction, "/admin/contact-management", "admin", {
    intent: "bulk-status",
    status: "Lost",
  });
  expect(none.status).toBe(400);
  expect(fieldErrorsOf(none).ids).toEqual(["Select at least one enquiry"]);
  const badStatus = await call(listAction, "/admin/contact-management", "admin", {
    intent: "bulk-status",
    status: "Closed",
    ids: [a.id],
  });
  expect(badStatus.status).toBe(400);
  const badId = await call(listAction, "/admin/contact-management", "admin", {
    intent: "bulk-status",
    status: "Lost",
    ids: [a.id, "nope"],
  });
  expect(badId.status).toBe(400);
  expect((await stored(a.id)).status).toBe("Won");
  expect(
    await db()
      .select()
      .from(enquiryEvents)
      .where(and(eq(enquiryEvents.enquiryId, a.id), eq(enquiryEvents.toValue, "Lost"))),
  ).toHaveLength(0);
});

test("the sidebar counts New enquiries (never spam) for admins only", async () => {
  await db().delete(contactQueries);
  await enquiry();
  await enquiry();
  await enquiry({ status: "Spam", spamReason: "too_fast" });
  await enquiry({ status: "Quoted" });
  const admin = (await call(layoutLoader, "/admin")).body as { counts: { newEnquiries: number | null } };
  expect(admin.counts).toEqual({ newEnquiries: 2 });
  const sales = (await call(layoutLoader, "/admin", "sales")).body as {
    counts: { newEnquiries: number | null };
  };
  expect(sales.counts).toEqual({ newEnquiries: null });
});
