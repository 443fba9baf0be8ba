// Who may quote. Quotes, and the enquiries they answer, are the admins'; when an admin ticks
// "Sales may quote" (Settings > Quotes) the sales role may open them too: the enquiry list, an
// enquiry's page, follow-up and attachment, and every quote action. Deleting an enquiry, the
// contact form's subjects and the CSV export stay the admins' either way.
//
//   await requireRole(request, await quotingRoles());                                   // a loader
//   await readForm(args, { access: await quotingRolesForAction(args.request), schema });     // an action
import { type Role, STAFF_ROLES } from "~/lib/vocabulary";
import { ADMIN_ROLES, forbidden, requireStaff } from "~/server/auth/guards.server";
import { getQuoteSettings } from "./settings.server";

/** The roles that may quote now (read from the settings on each request). */
export async function quotingRoles(): Promise<readonly Role[]> {
  return (await salesMayQuote()) ? STAFF_ROLES : ADMIN_ROLES;
}

export const QUOTING_SWITCHED_OFF =
  "An admin has switched off “Sales may quote”: enquiries and quotes are for admins only now. Nothing was saved or sent.";

/**
 * The roles that may quote, for a quoting action. A sales member whose quoting an admin switched
 * off while they worked is refused with 403 and the reason, which the back office shows them.
 */
export async function quotingRolesForAction(request: Request) {
  const roles = await quotingRoles();
  const user = await requireStaff(request);
  if (!roles.includes(user.role)) throw forbidden(QUOTING_SWITCHED_OFF);
  return roles;
}

export async function salesMayQuote() {
  return (await getQuoteSettings()).salesMayQuote;
}

/** Whether this role may quote now: admins always, sales when the setting says so. */
export async function mayQuote(role: Role) {
  return role === "admin" || (role === "sales" && (await salesMayQuote()));
}
