// Sessions: a new one at every sign-in (the old cookie dies), deleted at sign-out, on
// deactivation, on a password change and on a role change; a fixed lifetime and an idle timeout
// (defaults: 12 hours and 30 minutes) enforced on the server, the stale row deleted.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { setUserActive, updateUser } from "~/modules/users/commands.server";
import { action as usersAction } from "~/routes/admin/users";
import { getSessionUser } from "~/server/auth/guards.server";
import { signOut } from "~/server/auth/session.server";
import { runCommand } from "~/server/commands/runner.server";
import { sessions } from "~/server/db/schema";
import { useTestDatabase } from "../support/database";
import { staffActorOf } from "../support/users";
import { makeAccount, PASSWORD, postAuth, signInFields } from "./sign-in-support";

const database = useTestDatabase();

function db() {
  return database.current.db;
}

async function signIn(email: string, password = PASSWORD, cookie?: string) {
  const answer = await postAuth(signInFields(email, password), { cookie });
  if (!answer.cookie) throw new Error(`sign-in failed: ${answer.failure}`);
  return answer.cookie;
}

function visit(cookie: string) {
  return getSessionUser(new Request("http://localhost/admin", { headers: { cookie } }));
}

async function sessionRows(userId: string) {
  return db().select().from(sessions).where(eq(sessions.userId, userId));
}

test("every sign-in makes a new session, and the one the browser had is ended", async () => {
  const sales = await makeAccount("sales");
  const first = await signIn(sales.email);
  expect((await visit(first))?.email).toBe(sales.email);
  const [before] = await sessionRows(sales.id);

  const second = await signIn(sales.email, PASSWORD, first);
  expect(second).not.toBe(first);
  const after = await sessionRows(sales.id);
  expect(after).toHaveLength(1);
  expect(after[0]?.id).not.toBe(before?.id);
  expect(after[0]?.token).not.toBe(before?.token);
  expect(await visit(first)).toBeNull();
  expect((await visit(second))?.email).toBe(sales.email);
});

test("signing in as someone else on the same browser ends the first person's session", async () => {
  const first = await makeAccount("sales");
  const second = await makeAccount("admin");
  const cookie = await signIn(first.email);
  await signIn(second.email, PASSWORD, cookie);
  expect(await sessionRows(first.id)).toHaveLength(0);
  expect(await visit(cookie)).toBeNull();
});

test("a failed sign-in leaves the current session alone", async () => {
  const sales = await makeAccount("sales");
  const cookie = await signIn(sales.email);
  const answer = await postAuth(signInFields(sales.email, "not-the-password"), { cookie });
  expect(answer.status).toBe(400);
  expect((await visit(cookie))?.email).toBe(sales.email);
});

test("sign-out deletes the session and clears the cookie", async () => {
  const admin = await makeAccount("admin");
  const cookie = await signIn(admin.email);
  const response = await signOut(
    new Request("http://localhost/auth/sign-out", { method: "POST", headers: { cookie } }),
  );
  expect(response.status).toBe(302);
  const cleared = response.headers.getSetCookie().find((c) => c.includes("session_token"));
  expect(cleared).toMatch(/Max-Age=0/);
  expect(await sessionRows(admin.id)).toHaveLength(0);
  expect(await visit(cookie)).toBeNull();
});

test("deactivation ends every session of the user", async () => {
  const admin = await makeAccount("admin");
  const sales = await makeAccount("sales");
  const laptop = await signIn(sales.email);
  const phone = await signIn(sales.email);
  await runCommand(setUserActive, await staffActorOf(admin.id), { id: sales.id, isActive: false });
  expect(await sessionRows(sales.id)).toHaveLength(0);
  expect(await visit(laptop)).toBeNull();
  expect(await visit(phone)).toBeNull();
});

test("a role change ends every session of the user", async () => {
  const admin = await makeAccount("admin");
  const sales = await makeAccount("admin");
  const cookie = await signIn(sales.email);
  await runCommand(updateUser, await staffActorOf(admin.id), {
    id: sales.id,
    name: "Sam",
    email: sales.email,
    role: "sales",
  });
  expect(await sessionRows(sales.id)).toHaveLength(0);
  expect(await visit(cookie)).toBeNull();
});

test("a password set by an admin ends every session of that user", async () => {
  const admin = await makeAccount("admin");
  const sales = await makeAccount("sales");
  const cookie = await signIn(sales.email);
  await runCommand(updateUser, await staffActorOf(admin.id), {
    id: sales.id,
    name: "Sam",
    email: sales.email,
    role: "sales",
    password: "a-completely-new-password",
  });
  expect(await sessionRows(sales.id)).toHaveLength(0);
  expect(await visit(cookie)).toBeNull();
  await expect(signIn(sales.email)).rejects.toThrow();
  expect(await signIn(sales.email, "a-completely-new-password")).toContain("=");
});

test("an admin who changes their own password stays signed in here and is signed out elsewhere", async () => {
  const admin = await makeAccount("admin");
  const here = await signIn(admin.email);
  const elsewhere = await signIn(admin.email);
  const request = new Request("http://localhost/admin/users", {
    method: "POST",
    headers: { cookie: here },
    body: new URLSearchParams({
      intent: "update",
      id: admin.id,
      name: "Me",
      email: admin.email,
      password: "my-own-new-password",
      role: "admin",
    }),
  });
  const response = (await usersAction({ request, params: {}, context: {} } as never)) as Response;
  expect(response.status).toBe(302);
  expect((await visit(here))?.email).toBe(admin.email);
  expect(await visit(elsewhere)).toBeNull();
  expect(await sessionRows(admin.id)).toHaveLength(1);
});

test("a new session lasts the configured lifetime from sign-in (12 hours by default)", async () => {
  const sales = await makeAccount("sales");
  await signIn(sales.email);
  const [row] = await sessionRows(sales.id);
  if (!row) throw new Error("no session");
  const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
  expect(hours).toBeCloseTo(12, 1);
});

test("a session unused for longer than the idle timeout is refused and deleted", async () => {
  const sales = await makeAccount("sales");
  const cookie = await signIn(sales.email);
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  // Used 20 minutes ago: still good, and this visit counts as use.
  await db()
    .update(sessions)
    .set({ updatedAt: minutesAgo(20) })
    .where(eq(sessions.userId, sales.id));
  expect((await visit(cookie))?.email).toBe(sales.email);
  const [touched] = await sessionRows(sales.id);
  expect(touched?.updatedAt.getTime()).toBeGreaterThan(minutesAgo(5).getTime());

  // Unused for 31 minutes: gone.
  await db()
    .update(sessions)
    .set({ updatedAt: minutesAgo(31) })
    .where(eq(sessions.userId, sales.id));
  expect(await visit(cookie)).toBeNull();
  expect(await sessionRows(sales.id)).toHaveLength(0);
});

test("a session past its lifetime is refused and deleted, however recently used", async () => {
  const sales = await makeAccount("sales");
  const cookie = await signIn(sales.email);
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  await db()
    .update(sessions)
    .set({ createdAt: hoursAgo(13), updatedAt: new Date() })
    .where(eq(sessions.userId, sales.id));
  expect(await visit(cookie)).toBeNull();
  expect(await sessionRows(sales.id)).toHaveLength(0);

  // The same when the stored expiry itself has passed (better-auth's own check).
  const again = await signIn(sales.email);
  await db()
    .update(sessions)
    .set({ expiresAt: hoursAgo(1) })
    .where(eq(sessions.userId, sales.id));
  expect(await visit(again)).toBeNull();
  expect(await sessionRows(sales.id)).toHaveLength(0);
});
