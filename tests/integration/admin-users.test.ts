// User Management through its route action, as the browser posts it: what is stored, which
// sessions survive, and what the rules refuse (400 with the reason, nothing written).
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import type { Role } from "~/lib/vocabulary";
import { listUsers } from "~/modules/users/admin.server";
import { deleteUser, setUserActive, updateUser } from "~/modules/users/commands.server";
import { action, loader } from "~/routes/admin/users";
import { getSessionUser } from "~/server/auth/guards.server";
import { signInWithPassword } from "~/server/auth/session.server";
import { runCommand } from "~/server/commands/runner.server";
import { contactQueries, jobs, sessions, users } from "~/server/db/schema";
import { readToast } from "~/server/toast.server";
import { useTestDatabase } from "../support/database";
import { createUser, staffActorOf } from "../support/users";

const database = useTestDatabase();
const PASSWORD = "correct-horse-battery-staple";

async function signIn(email: string, password = PASSWORD) {
  const result = await signInWithPassword(
    new Request("http://localhost/auth", { method: "POST" }),
    email,
    password,
  );
  if (!result.ok) throw new Error(result.message);
  return result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

let counter = 0;
async function account(role: Role) {
  counter += 1;
  const email = `${role}${counter}@example.nz`;
  const user = await createUser({ email, name: `${role} ${counter}`, role, password: PASSWORD });
  return { id: user.id, email, cookie: await signIn(email) };
}

type Outcome = {
  status: number;
  toast: string;
  body: { error?: { title: string; description?: string }; result?: { error?: Record<string, string[]> } };
};

async function post(cookie: string, fields: Record<string, string>): Promise<Outcome> {
  const request = new Request("http://localhost/admin/users", {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams(fields),
  });
  let outcome: unknown;
  try {
    outcome = await action({ request, params: {}, context: {} } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const pair = (outcome.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const { toast } = await readToast(new Request("http://localhost/", { headers: { cookie: pair } }));
    return { status: outcome.status, toast: toast?.title ?? "", body: {} };
  }
  const shaped = outcome as { data: Outcome["body"]; init?: { status?: number } };
  return { status: shaped.init?.status ?? 200, toast: "", body: shaped.data };
}

async function row(email: string) {
  const [found] = await database.current.db.select().from(users).where(eq(users.email, email));
  return found;
}

async function sessionCount(userId: string) {
  return database.current.db.$count(sessions, eq(sessions.userId, userId));
}

test("an admin creates a user who can then sign in with that password", async () => {
  const admin = await account("admin");
  const result = await post(admin.cookie, {
    intent: "create",
    name: "Sam Sales",
    email: "Sam.Sales@Example.NZ",
    password: "a-long-enough-password",
    role: "sales",
  });
  expect(result).toMatchObject({ status: 302, toast: "User created successfully" });
  expect(await row("sam.sales@example.nz")).toMatchObject({
    name: "Sam Sales",
    role: "sales",
    isActive: true,
  });
  await expect(signIn("sam.sales@example.nz", "a-long-enough-password")).resolves.toContain("=");
});

test("a duplicate e-mail is refused with the reason, whatever its case", async () => {
  const admin = await account("admin");
  const result = await post(admin.cookie, {
    intent: "create",
    name: "Copy",
    email: admin.email.toUpperCase(),
    password: "a-long-enough-password",
    role: "user",
  });
  expect(result.status).toBe(400);
  expect(result.body.error).toEqual({
    title: "Failed to create user",
    description: `A user with e-mail ${admin.email} already exists.`,
  });
  expect(await database.current.db.$count(users, eq(users.name, "Copy"))).toBe(0);
});

test("password rules: required on create, 12 characters for staff, blank on edit keeps it", async () => {
  const admin = await account("admin");
  const base = { intent: "create", name: "Pat", email: "pat@example.nz" };
  const missing = await post(admin.cookie, { ...base, password: "", role: "user" });
  expect(missing.body.result?.error?.password).toEqual(["Password is required"]);
  const short = await post(admin.cookie, { ...base, password: "elevenchars", role: "sales" });
  expect(short.body.result?.error?.password).toEqual([
    "Password must be at least 12 characters for staff accounts",
  ]);
  expect(await row("pat@example.nz")).toBeUndefined();

  expect((await post(admin.cookie, { ...base, password: "eightchr", role: "user" })).status).toBe(302);
  const pat = await row("pat@example.nz");
  const kept = await post(admin.cookie, {
    intent: "update",
    id: pat?.id ?? "",
    name: "Pat Smith",
    email: "pat@example.nz",
    password: "",
    role: "user",
  });
  expect(kept).toMatchObject({ status: 302, toast: "User updated successfully" });
  await expect(signIn("pat@example.nz", "eightchr")).resolves.toContain("=");

  await post(admin.cookie, {
    intent: "update",
    id: pat?.id ?? "",
    name: "Pat Smith",
    email: "pat@example.nz",
    password: "a-brand-new-password",
    role: "user",
  });
  await expect(signIn("pat@example.nz", "eightchr")).rejects.toThrow();
  await expect(signIn("pat@example.nz", "a-brand-new-password")).resolves.toContain("=");
});

test("an admin cannot demote, deactivate or delete themselves", async () => {
  const admin = await account("admin");
  await account("admin"); // another active admin, so only the self rule applies
  const self = { id: admin.id, name: "admin", email: admin.email };
  const demote = await post(admin.cookie, { intent: "update", ...self, password: "", role: "sales" });
  expect(demote.body.error).toEqual({
    title: "Failed to update user",
    description: "You cannot change your own role.",
  });
  const deactivate = await post(admin.cookie, { intent: "set-active", id: admin.id, isActive: "false" });
  expect(deactivate.body.error?.description).toBe("You cannot deactivate your own account.");
  const remove = await post(admin.cookie, { intent: "delete", id: admin.id });
  expect(remove.body.error).toEqual({
    title: "Failed to delete user",
    description: "You cannot delete your own account.",
  });
  expect(await row(admin.email)).toMatchObject({ role: "admin", isActive: true });
});

test("the last active admin can never be demoted, deactivated or deleted", async () => {
  await database.current.db.update(users).set({ isActive: false }).where(eq(users.role, "admin"));
  const last = await account("admin");
  const other = await account("admin");
  // With two active admins, one of them may be deactivated...
  expect((await post(last.cookie, { intent: "set-active", id: other.id, isActive: "false" })).status).toBe(
    302,
  );
  // ...after which the remaining one is protected from anyone, not only from themselves.
  await expect(
    runCommand(setUserActive, await staffActorOf(other.id), { id: last.id, isActive: false }),
  ).rejects.toThrow("The last active admin cannot be deactivated.");
  await expect(runCommand(deleteUser, await staffActorOf(other.id), { id: last.id })).rejects.toThrow(
    "The last active admin cannot be deleted.",
  );
  await expect(
    runCommand(updateUser, await staffActorOf(other.id), {
      id: last.id,
      name: "Last",
      email: last.email,
      role: "sales",
      password: undefined,
    }),
  ).rejects.toThrow("The last active admin cannot be demoted.");
  expect(await row(last.email)).toMatchObject({ role: "admin", isActive: true });
  // Two admins demoting each other at the same moment: one of them must remain.
  await post(last.cookie, { intent: "set-active", id: other.id, isActive: "true" });
  const [asLast, asOther] = [await staffActorOf(last.id), await staffActorOf(other.id)];
  const results = await Promise.allSettled([
    runCommand(updateUser, asLast, {
      id: other.id,
      name: "Other",
      email: other.email,
      role: "sales",
      password: undefined,
    }),
    runCommand(updateUser, asOther, {
      id: last.id,
      name: "Last",
      email: last.email,
      role: "sales",
      password: undefined,
    }),
  ]);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  expect(
    await database.current.db.$count(users, and(eq(users.role, "admin"), eq(users.isActive, true))),
  ).toBe(1);
});

test("deactivation ends the user's sessions at once; activation lets them sign in again", async () => {
  const admin = await account("admin");
  const sales = await account("sales");
  expect(await sessionCount(sales.id)).toBe(1);
  const result = await post(admin.cookie, { intent: "set-active", id: sales.id, isActive: "false" });
  expect(result).toMatchObject({ status: 302, toast: "User updated successfully" });
  expect(await sessionCount(sales.id)).toBe(0);
  expect(
    await getSessionUser(new Request("http://localhost/admin", { headers: { cookie: sales.cookie } })),
  ).toBeNull();
  await expect(signIn(sales.email)).rejects.toThrow();
  await post(admin.cookie, { intent: "set-active", id: sales.id, isActive: "true" });
  await expect(signIn(sales.email)).resolves.toContain("=");
});

test("a role change ends that user's sessions; delete removes the account", async () => {
  const admin = await account("admin");
  const sales = await account("sales");
  await post(admin.cookie, {
    intent: "update",
    id: sales.id,
    name: "Now a user",
    email: sales.email,
    password: "",
    role: "user",
  });
  expect(await sessionCount(sales.id)).toBe(0);
  expect(await row(sales.email)).toMatchObject({ role: "user", name: "Now a user" });
  const removed = await post(admin.cookie, { intent: "delete", id: sales.id });
  expect(removed).toMatchObject({ status: 302, toast: "User deleted successfully" });
  expect(await row(sales.email)).toBeUndefined();
});

test("only admins reach user management: sales is denied (403, no user data) on GET and POST", async () => {
  const sales = await account("sales");
  const get = new Request("http://localhost/admin/users", { headers: { cookie: sales.cookie } });
  const denied = await loader({ request: get, params: {}, context: {} } as never).catch(
    (thrown: unknown) => thrown,
  );
  // Thrown as React Router's data() with a 403: the Access Denied screen, and no user rows.
  const { init, data: body } = denied as { init?: { status?: number }; data?: unknown };
  expect(init?.status).toBe(403);
  expect(JSON.stringify(body ?? null)).not.toContain(sales.email);
  const refused = await post(sales.cookie, { intent: "delete", id: sales.id });
  expect(refused.status).toBe(403);
  expect(await row(sales.email)).toBeDefined();
});

test("the list is paged, newest first, and searched on name and e-mail", async () => {
  const all = await listUsers({ page: 1, q: "" });
  expect(all.total).toBe(await database.current.db.$count(users));
  expect(all.rows.length).toBeLessThanOrEqual(10);
  const found = await listUsers({ page: 1, q: "PAT@EXAMPLE" });
  expect(found.rows.map((u) => u.email)).toEqual(["pat@example.nz"]);
});

test("the list tells customers from staff: a customer's jobs and the enquiries sent from the account", async () => {
  const customer = await account("user");
  const staff = await account("sales");
  const [job] = await database.current.db
    .insert(jobs)
    .values({ userId: customer.id, name: "Bach at Raglan", siteAddress: "3 Wainui Road, Raglan" })
    .returning();
  await database.current.db.insert(contactQueries).values({
    fullName: "user person",
    email: customer.email,
    subject: "Quote Request",
    message: "Please quote the list for the bach.",
    userId: customer.id,
    jobId: job?.id,
  });
  const { rows } = await listUsers({ page: 1, q: "" });
  expect(rows.find((row) => row.id === customer.id)).toMatchObject({ role: "user", jobs: 1, enquiries: 1 });
  expect(rows.find((row) => row.id === staff.id)).toMatchObject({ role: "sales", jobs: 0, enquiries: 0 });
});
