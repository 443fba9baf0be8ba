// Server guards called at the top of every protected loader and action. The role is read from
// the database on each request, never trusted from the client. Deny by default.
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getDb } from "../db/db.server";
import { ROLES, type Role, users } from "../db/schema";
import { getAuth } from "./auth.server";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
};

export function isAdmin(user: SessionUser | null | undefined) {
  return user?.role === "admin";
}

export function isStaff(user: SessionUser | null | undefined) {
  return user?.role === "admin" || user?.role === "sales";
}

function toRole(value: unknown): Role {
  return ROLES.includes(value as Role) ? (value as Role) : "user";
}

/** The signed-in user of this request, or null. A deactivated user has no session. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return null;
  const result = await getAuth().api.getSession({ headers: request.headers });
  if (!result) return null;
  const [row] = await getDb()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, result.user.id));
  if (!row?.isActive) return null;
  return { id: row.id, name: row.name, email: row.email, role: toRole(row.role) };
}

function signInRedirect(request: Request) {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  return redirect(`/auth?redirectTo=${encodeURIComponent(target)}`);
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw signInRedirect(request);
  return user;
}

/**
 * Anonymous: redirect to /auth. Signed in without the role: a GET goes to /admin (staff) or /
 * (everyone else); any other method gets 403 and nothing is done.
 */
export async function requireRole(request: Request, roles: readonly Role[]): Promise<SessionUser> {
  const user = await requireUser(request);
  if (roles.includes(user.role)) return user;
  if (request.method !== "GET" && request.method !== "HEAD") {
    throw data({ message: "You don't have permission to do that." }, { status: 403 });
  }
  throw redirect(isStaff(user) ? "/admin" : "/");
}

export const STAFF_ROLES = ["admin", "sales"] as const satisfies readonly Role[];
export const ADMIN_ROLES = ["admin"] as const satisfies readonly Role[];

export function requireStaff(request: Request) {
  return requireRole(request, STAFF_ROLES);
}

export function requireAdmin(request: Request) {
  return requireRole(request, ADMIN_ROLES);
}
