import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import type { Role } from "~/lib/vocabulary";
import { getSessionUser, requireAdmin, requireStaff } from "~/server/auth/guards.server";
import { signInWithPassword } from "~/server/auth/session.server";
import { sessions } from "~/server/db/schema";
import { useTestDatabase } from "../support/database";
import { createUser, setUserActive } from "../support/users";

const database = useTestDatabase();
const PASSWORD = "correct-horse-battery";

async function signedInCookie(
  role: Role,
  email = `${role}-${Math.random().toString(36).slice(2)}@example.nz`,
) {
  const user = await createUser({ email, name: `${role} person`, role, password: PASSWORD });
  const result = await signInWithPassword(
    new Request("http://localhost/auth", { method: "POST" }),
    email,
    PASSWORD,
  );
  if (!result.ok) throw new Error(result.message);
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, userId: user.id };
}

function request(path: string, cookie?: string, method = "GET") {
  return new Request(`http://localhost${path}`, { method, headers: cookie ? { cookie } : {} });
}

async function outcome(promise: Promise<unknown>) {
  try {
    await promise;
    return "allowed";
  } catch (thrown) {
    if (thrown instanceof Response) {
      return thrown.status >= 300 && thrown.status < 400
        ? `redirect ${thrown.headers.get("Location")}`
        : `${thrown.status}`;
    }
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return `${status}`;
    throw thrown;
  }
}

test("anonymous visitors are sent to sign in, for pages and for actions", async () => {
  expect(await outcome(requireStaff(request("/admin")))).toBe("redirect /auth?redirectTo=%2Fadmin");
  expect(await outcome(requireAdmin(request("/admin/users?page=2")))).toBe(
    "redirect /auth?redirectTo=%2Fadmin%2Fusers%3Fpage%3D2",
  );
  expect(await outcome(requireAdmin(request("/admin/users", undefined, "POST")))).toMatch(/^redirect \/auth/);
});

test("a customer without a staff role goes to their account, and gets 403 on an action", async () => {
  const { cookie } = await signedInCookie("user");
  expect(await outcome(requireStaff(request("/admin", cookie)))).toBe("redirect /account");
  expect(await outcome(requireStaff(request("/admin/catalog", cookie, "POST")))).toBe("403");
});

test("sales reaches the dashboard and the catalogue, and is sent to /admin elsewhere", async () => {
  const { cookie } = await signedInCookie("sales");
  expect(await outcome(requireStaff(request("/admin", cookie)))).toBe("allowed");
  expect(await outcome(requireStaff(request("/admin/catalog", cookie, "POST")))).toBe("allowed");
  expect(await outcome(requireAdmin(request("/admin/users", cookie)))).toBe("redirect /admin");
  expect(await outcome(requireAdmin(request("/admin/users", cookie, "POST")))).toBe("403");
});

test("an admin passes every guard", async () => {
  const { cookie } = await signedInCookie("admin");
  expect(await outcome(requireStaff(request("/admin", cookie)))).toBe("allowed");
  expect(await outcome(requireAdmin(request("/admin/users", cookie, "DELETE")))).toBe("allowed");
});

test("the role is read from the database on every request", async () => {
  const { cookie, userId } = await signedInCookie("admin");
  expect((await getSessionUser(request("/admin", cookie)))?.role).toBe("admin");
  const { users } = await import("~/server/db/schema");
  await database.current.db.update(users).set({ role: "sales" }).where(eq(users.id, userId));
  expect((await getSessionUser(request("/admin", cookie)))?.role).toBe("sales");
  expect(await outcome(requireAdmin(request("/admin/users", cookie)))).toBe("redirect /admin");
});

test("a deactivated user loses every session at once and cannot sign in again", async () => {
  const email = "leaver@example.nz";
  const { cookie, userId } = await signedInCookie("sales", email);
  expect(await getSessionUser(request("/admin", cookie))).not.toBeNull();
  await setUserActive(userId, false);
  expect(await getSessionUser(request("/admin", cookie))).toBeNull();
  const left = await database.current.db.select().from(sessions).where(eq(sessions.userId, userId));
  expect(left).toHaveLength(0);
  const again = await signInWithPassword(request("/auth", undefined, "POST"), email, PASSWORD);
  expect(again.ok).toBe(false);
  expect(await database.current.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(
    0,
  );
});

test("a wrong password is refused with a message", async () => {
  await createUser({ email: "someone@example.nz", name: "Someone", role: "admin", password: PASSWORD });
  const result = await signInWithPassword(
    request("/auth", undefined, "POST"),
    "someone@example.nz",
    "nope-nope-nope",
  );
  expect(result).toMatchObject({ ok: false });
  expect(result.ok ? "" : result.message).toMatch(/invalid/i);
});
