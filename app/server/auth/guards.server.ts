// Server guards called at the top of every protected loader and action. The role is read from
// the database on each request, never trusted from the client. Deny by default.
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { pageAddress } from "~/lib/safe-redirect";
import { ROLES, type Role, STAFF_ROLES } from "~/lib/vocabulary";
import { getDb } from "../db/db.server";
import { sessions, users } from "../db/schema";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
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

// The session row's updated_at is its last use, written at most once a minute per session.
const TOUCH_EVERY_MS = 60_000;

/** The session ids read for requests, for an action that must keep its own session alive. */
const sessionIds = new WeakMap<Request, string>();

/** The id of the session getSessionUser found for this request (never sent to the browser). */
export function sessionIdOf(request: Request) {
  return sessionIds.get(request);
}

/**
 * A session past its lifetime (SESSION_LIFETIME_HOURS, counted from sign-in) or unused for longer
 * than SESSION_IDLE_TIMEOUT_MINUTES is deleted and the request treated as signed out.
 */
async function checkSessionAge(session: { id: string; createdAt: Date; updatedAt: Date }) {
  const env = getEnv();
  const now = Date.now();
  const lastUsed = new Date(session.updatedAt).getTime();
  const idle = now - lastUsed > env.SESSION_IDLE_TIMEOUT_MINUTES * 60_000;
  const expired = now - new Date(session.createdAt).getTime() > env.SESSION_LIFETIME_HOURS * 3_600_000;
  if (idle || expired) {
    await getDb().delete(sessions).where(eq(sessions.id, session.id));
    logger.info({ sessionId: session.id, reason: idle ? "idle" : "lifetime" }, "session ended");
    return false;
  }
  const touchEvery = Math.min(TOUCH_EVERY_MS, (env.SESSION_IDLE_TIMEOUT_MINUTES * 60_000) / 2);
  if (now - lastUsed > touchEvery) {
    await getDb()
      .update(sessions)
      .set({ updatedAt: new Date(now) })
      .where(eq(sessions.id, session.id));
  }
  return true;
}

/** Each request's signed-in user, read once however many guards and readers ask for it. */
const sessionUsers = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user of this request, or null. A deactivated user has no session. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let user = sessionUsers.get(request);
  if (!user) {
    user = readSessionUser(request);
    sessionUsers.set(request, user);
  }
  return user;
}

async function readSessionUser(request: Request): Promise<SessionUser | null> {
  // No better-auth cookie, no session: a visitor with only a quote list or a toast asks nothing.
  if (!request.headers.get("cookie")?.includes("better-auth")) return null;
  const result = await getAuth().api.getSession({ headers: request.headers });
  if (!result) return null;
  if (!(await checkSessionAge(result.session))) return null;
  sessionIds.set(request, result.session.id);
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

/** To the sign-in page, which returns to the page asked for (never to its `.data` request). */
function signInRedirect(request: Request) {
  const url = new URL(request.url);
  const target = pageAddress(`${url.pathname}${url.search}`);
  return redirect(`/auth?redirectTo=${encodeURIComponent(target)}`);
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw signInRedirect(request);
  return user;
}

/**
 * Anonymous: redirect to /auth. Signed in without the role: a GET goes to /admin (staff) or
 * /account (a customer); any other method gets 403 and nothing is done.
 */
export async function requireRole(request: Request, roles: readonly Role[]): Promise<SessionUser> {
  const user = await requireUser(request);
  if (roles.includes(user.role)) return user;
  if (request.method !== "GET" && request.method !== "HEAD")
    throw forbidden("You don't have permission to do that.");
  throw redirect(isStaff(user) ? "/admin" : "/account");
}

/** The 403 answer, with its status text, for the route's error boundary to show as Access Denied. */
export function forbidden(message = "You don't have permission to access this page.") {
  return data({ message }, { status: 403, statusText: "Forbidden" });
}

export const ADMIN_ROLES = ["admin"] as const satisfies readonly Role[];

export function requireStaff(request: Request) {
  return requireRole(request, STAFF_ROLES);
}

/** A customer's account pages: signed in with the role user (staff are sent to the back office). */
export function requireCustomer(request: Request) {
  return requireRole(request, CUSTOMER_ROLES);
}

export const CUSTOMER_ROLES = ["user"] as const satisfies readonly Role[];

export function requireAdmin(request: Request) {
  return requireRole(request, ADMIN_ROLES);
}

/**
 * For an admin screen that staff without the role may reach and be told so (User Management):
 * as requireAdmin, except that sales opening the page gets 403 and its Access Denied screen
 * instead of a redirect, and no data.
 */
export async function requireAdminOrDeny(request: Request) {
  const user = await requireStaff(request);
  if (!isAdmin(user)) throw forbidden();
  return user;
}
