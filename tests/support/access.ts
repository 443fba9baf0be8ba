// Who is asking, for the access-control and hostile-input tests: a session cookie per kind of
// visitor, including a deactivated one whose cookie was issued while the account was active.
//
//   const cookie = await visitorCookie("deactivated");   // "" for anonymous
//   const page = await app(pageRequest("/admin/users", cookie));
import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { users } from "~/server/db/schema";
import { cookieFor } from "./admin-action";

export const VISITORS = ["anonymous", "user", "sales", "admin", "deactivated"] as const;
export type Visitor = (typeof VISITORS)[number];

const TAG = "access";

/** The e-mail of the account behind a visitor's cookie (null for anonymous). */
export function visitorEmail(visitor: Visitor) {
  if (visitor === "anonymous") return null;
  return `${visitor === "deactivated" ? "admin" : visitor}-${visitor === "deactivated" ? "leaver" : TAG}@example.nz`;
}

/**
 * A session cookie for the visitor. "deactivated" is an admin who signed in and was then marked
 * inactive straight in the database (not through the users screen, which also ends sessions).
 */
export async function visitorCookie(visitor: Visitor): Promise<string> {
  if (visitor === "anonymous") return "";
  if (visitor !== "deactivated") return cookieFor(visitor, TAG);
  const cookie = await cookieFor("admin", "leaver");
  await getDb()
    .update(users)
    .set({ isActive: false })
    .where(eq(users.email, visitorEmail("deactivated") as string));
  return cookie;
}

/** A GET as a browser would send it, signed in or not. */
export function pageRequest(url: string, cookie = "", init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", [headers.get("cookie"), cookie].filter(Boolean).join("; "));
  return new Request(new URL(url, "http://localhost"), { ...init, headers });
}
