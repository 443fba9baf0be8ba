// Who runs a command: a signed-in staff member, a signed-in customer (role user) in their own
// account, a customer answering through their quote link, a visitor posting a public form, or
// the system itself (a script, the first admin at boot, a
// background job). Every audit event names one.
import type { Role } from "~/lib/vocabulary";
import type { AuditActor, AuditOrigin } from "../audit/audit.server";
import type { SessionUser } from "../auth/guards.server";

export type Actor =
  | { kind: "staff"; user: SessionUser; actor: AuditActor; origin: AuditOrigin }
  | { kind: "account"; user: SessionUser; actor: AuditActor; origin: AuditOrigin }
  | { kind: "customer" | "visitor" | "system"; user: null; actor: AuditActor; origin: AuditOrigin };

/** A signed-in staff member whose role was checked. */
export type Staff = Extract<Actor, { kind: "staff" }>;

export function staffActor(user: SessionUser, origin: AuditOrigin): Staff {
  return {
    kind: "staff",
    user,
    actor: { id: user.id, name: user.name, email: user.email, role: user.role },
    origin,
  };
}

/** A signed-in customer (role user), in their own account. */
export type AccountHolder = Extract<Actor, { kind: "account" }>;

export function accountActor(user: SessionUser, origin: AuditOrigin): AccountHolder {
  return {
    kind: "account",
    user,
    actor: { id: user.id, name: user.name, email: user.email, role: user.role },
    origin,
  };
}

/** The holder of a quote's secret link, named as the quote names its customer. */
export function customerActor(customer: { name: string; email: string }, origin: AuditOrigin): Actor {
  return {
    kind: "customer",
    user: null,
    actor: { id: null, name: customer.name, email: customer.email, role: "customer" },
    origin,
  };
}

/** Someone on the public site who is not signed in. */
export function visitorActor(origin: AuditOrigin, who: { name?: string; email?: string } = {}): Actor {
  return {
    kind: "visitor",
    user: null,
    actor: { id: null, name: who.name ?? null, email: who.email ?? null, role: "visitor" },
    origin,
  };
}

/** The server itself: `name` says which part ("npm run user:create", "first admin at start-up"). */
export function systemActor(name: string): Actor {
  return {
    kind: "system",
    user: null,
    actor: { id: null, name, email: null, role: "system" },
    origin: { ip: null, userAgent: null },
  };
}

/**
 * Who may run a command. "admin" for admins only; "staff" for admins and sales; a list of roles
 * (who may quote, as a setting has it now); "customer" for the holder of a quote link or the
 * signed-in customer whose confirmed address the quote was sent to (the command checks which); "account" for a signed-in customer in their own account (the command
 * checks that the record is theirs); "anyone" for a public form. The system (scripts, boot, jobs) may run
 * every command: it is the operator at the server's own console.
 */
export type Access = "admin" | "staff" | readonly Role[] | "customer" | "account" | "anyone";
