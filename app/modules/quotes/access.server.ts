// Who may quote. Quotes, and the enquiries they answer, are the admins'; when an admin ticks
// "Sales may quote" (Settings > Quotes) the sales role may open them too: the enquiry list, an
// enquiry's page, follow-up and attachment, and every quote action. Deleting an enquiry, the
// contact form's subjects and the CSV export stay the admins' either way.
//
//   await requireRole(request, await quotingRoles());                 // a loader
//   await readStaffForm(args, { role: await quotingRoles(), schema });  // an action
import { type Role, STAFF_ROLES } from "~/lib/vocabulary";
import { ADMIN_ROLES } from "~/server/auth/guards.server";
import { getQuoteSettings } from "./settings.server";

/** The roles that may quote now (read from the settings on each request). */
export async function quotingRoles(): Promise<readonly Role[]> {
  return (await salesMayQuote()) ? STAFF_ROLES : ADMIN_ROLES;
}

export async function salesMayQuote() {
  return (await getQuoteSettings()).salesMayQuote;
}

/** Whether this role may quote now: admins always, sales when the setting says so. */
export async function mayQuote(role: Role) {
  return role === "admin" || (role === "sales" && (await salesMayQuote()));
}
