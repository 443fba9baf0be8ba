// Who gets the staff e-mail for an enquiry: the addresses in Settings > Enquiries, or, while
// that list is empty, every active admin.
import { and, asc, eq } from "drizzle-orm";
import { getEnquirySettings } from "~/modules/settings/enquiry-settings.server";
import type { DbOrTx } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { users } from "~/server/db/schema";

export async function listActiveAdminEmails(db: DbOrTx = getDb()): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .orderBy(asc(users.createdAt));
  return [...new Set(rows.map((row) => row.email.trim().toLowerCase()).filter(Boolean))];
}

export type StaffRecipients = { recipients: string[]; source: "settings" | "admins" };

export async function resolveStaffRecipients(db: DbOrTx = getDb()): Promise<StaffRecipients> {
  const settings = await getEnquirySettings(db);
  if (settings.notificationRecipients.length > 0) {
    return { recipients: settings.notificationRecipients, source: "settings" };
  }
  return { recipients: await listActiveAdminEmails(db), source: "admins" };
}
