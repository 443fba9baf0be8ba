// What a signed-in customer's account pages read: only ever the account of the session's user.
import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { users } from "~/server/db/schema";

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
