// What a signed-in customer's account pages read: only ever the account of the session's user;
// and what staff see of the customer account an enquiry was sent from (getCustomerAccount).
import { desc, eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { sessions, users } from "~/server/db/schema";

export type AccountProfile = {
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  createdAt: Date;
};

export async function getAccountProfile(userId: string): Promise<AccountProfile | null> {
  const [row] = await getDb()
    .select({
      name: users.name,
      email: users.email,
      phone: users.phone,
      company: users.company,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** A customer account as staff see it beside an enquiry sent from it. */
export type CustomerAccount = {
  id: string;
  name: string;
  email: string;
  /** Quotes are matched to the address only once it is confirmed. */
  emailConfirmed: boolean;
  phone: string | null;
  company: string | null;
  isActive: boolean;
  createdAt: Date;
};

/** The customer account `userId`, or null once it is deleted. */
export async function getCustomerAccount(userId: string): Promise<CustomerAccount | null> {
  const [row] = await getDb()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailConfirmed: users.emailVerified,
      phone: users.phone,
      company: users.company,
      isActive: users.isActive,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export type AccountSession = {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  device: string;
  current: boolean;
};

/** A user agent in a few words: the browser and the system, as people name them. */
export function deviceOf(userAgent: string | null) {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const system = /iPhone|iPad/.test(userAgent)
    ? "iPhone or iPad"
    : /Android/.test(userAgent)
      ? "Android"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "Mac"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "another system";
  return `${browser} on ${system}`;
}

/** Where the customer is signed in, the session of this request first. */
export async function listAccountSessions(
  userId: string,
  currentId: string | undefined,
): Promise<AccountSession[]> {
  const rows = await getDb()
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.updatedAt));
  return rows
    .map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      lastUsedAt: row.updatedAt,
      device: deviceOf(row.userAgent),
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** The account's address when it is confirmed and the account active; else null. */
export async function confirmedEmailOf(userId: string) {
  const [row] = await getDb()
    .select({ email: users.email, confirmed: users.emailVerified, active: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  return row?.confirmed && row.active ? row.email : null;
}

/** Whether a record addressed to `email` (a quote) was sent to the account's confirmed address. */
export async function isAddressedToAccount(userId: string, email: string) {
  const confirmed = await confirmedEmailOf(userId);
  return confirmed !== null && confirmed.toLowerCase() === email.toLowerCase();
}
