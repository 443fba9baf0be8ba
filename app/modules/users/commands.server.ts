// Accounts are written by these commands (run through server/commands/runner.server.ts): created
// in User Management, by `npm run user:create` and as the first admin at start-up; edited,
// activated or deactivated and deleted in User Management. Passwords are hashed (better-auth's
// scrypt, after the password rules of ADR 010) before the transaction, never under a lock.
//
// The rules that keep the back office reachable: an admin cannot delete, demote or deactivate
// themselves, and the last active admin can never be removed, deactivated or demoted. The rule is
// checked and the change made in the command's one transaction, with the active admins' rows
// locked, so two admins demoting each other at the same moment cannot both succeed.
import crypto from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { STAFF_PASSWORD_MIN } from "~/lib/password-rules";
import type { Role } from "~/lib/vocabulary";
import { getAuth } from "~/server/auth/auth.server";
import { passwordProblem } from "~/server/auth/password-policy.server";
import type { Actor } from "~/server/commands/actor";
import { defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { accounts, sessions, users } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { findUserByEmail } from "./admin.server";
import { userEntity } from "./entity";
import type { UserFormInput } from "./schema";

export type NewUser = { email: string; name: string; role: Role; password: string };

/** The staff member running the command, whom the self rules are about (none for the system). */
function selfOf(actor: Actor) {
  return actor.kind === "staff" ? actor.user.id : null;
}

function normalEmail(email: string) {
  return email.trim().toLowerCase();
}

async function hashPassword(password: string) {
  return (await getAuth().$context).password.hash(password);
}

/** Refuses a password the rules do not allow for the role (InputError). */
function checkPassword(password: string, role: Role) {
  const problem = passwordProblem(password, role);
  if (problem) throw new InputError(problem);
}

async function checkedHash(password: string, role: Role) {
  checkPassword(password, role);
  return hashPassword(password);
}

function duplicate(email: string) {
  return new InputError(`A user with e-mail ${email} already exists.`);
}

/**
 * A new account, active, with its address taken as confirmed (whoever creates it vouches for it).
 * Written here rather than through better-auth's adapter, so that the account and the audit event
 * of its creation are one transaction (the adapter would use a connection of its own).
 */
export const createUser = defineCommand({
  name: "user.create",
  entity: userEntity,
  access: "admin",
  target: () => ({ action: "create", id: null }),
  prepare: async (input: NewUser) => {
    checkPassword(input.password, input.role);
    // An address already taken is refused before the slow hash (and again in the transaction).
    if (await findUserByEmail(input.email)) throw duplicate(normalEmail(input.email));
    return { hash: await hashPassword(input.password) };
  },
  run: async (input, { prepared }) => {
    const email = normalEmail(input.email);
    if (await findUserByEmail(email)) throw duplicate(email);
    const id = crypto.randomUUID();
    const [user] = await getDb()
      .insert(users)
      .values({ id, email, name: input.name.trim(), emailVerified: true, role: input.role, isActive: true })
      .returning();
    if (!user) throw new Error("The new user was not stored");
    await getDb().insert(accounts).values({
      id: crypto.randomUUID(),
      userId: id,
      providerId: "credential",
      accountId: id,
      password: prepared.hash,
    });
    return user;
  },
});

/**
 * The user `id`, locked with every active admin (in a fixed order, then counted: a concurrent
 * change to any of them waits for this transaction and then sees its result).
 */
async function lockTarget(id: string) {
  const activeAdmins = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .orderBy(users.id)
    .for("update");
  const [target] = await getDb()
    .select({ id: users.id, role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  if (!target) throw new InputError("This user no longer exists.");
  const isActiveAdmin = target.role === "admin" && target.isActive;
  return { target, isLastActiveAdmin: isActiveAdmin && activeAdmins.length <= 1 };
}

/** Ends the user's sessions, all but `keep` (the one an admin editing themselves is using). */
async function endSessions(userId: string, keep?: string) {
  await getDb()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined));
}

async function setPassword(userId: string, hash: string) {
  const updated = await getDb()
    .update(accounts)
    .set({ password: hash })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .returning({ id: accounts.id });
  if (updated.length > 0) return;
  await getDb().insert(accounts).values({
    id: crypto.randomUUID(),
    userId,
    accountId: userId,
    providerId: "credential",
    password: hash,
  });
}

export type UserEdit = UserFormInput & {
  id: string;
  /** The session the editing admin is using: kept when they change their own password. */
  keepSessionId?: string;
};

/** The new password is never logged, only that it was set. */
const PASSWORD_CHANGED = { password: { before: "(hidden)", after: "(changed)" } };

/**
 * Saves an edit of User Management. A new role, or a new password, ends the user's sessions at
 * once; an admin who changes their own password keeps only the session they are using. The audit
 * event is filed as a role change or a password reset when it is one.
 */
export const updateUser = defineCommand({
  name: "user.update",
  entity: userEntity,
  access: "admin",
  target: (input: UserEdit) => ({
    action: "update",
    id: input.id,
    changes: input.password ? PASSWORD_CHANGED : undefined,
  }),
  prepare: async (input) => ({
    hash: input.password ? await checkedHash(input.password, input.role) : null,
  }),
  run: async (input, { actor, prepared }) => {
    const self = selfOf(actor);
    const email = normalEmail(input.email);
    const { target, isLastActiveAdmin } = await lockTarget(input.id);
    if (input.role !== target.role) {
      if (target.id === self) throw new InputError("You cannot change your own role.");
      if (isLastActiveAdmin) throw new InputError("The last active admin cannot be demoted.");
      // A user's password may be as short as 8 characters; a staff account's may not.
      if (target.role === "user" && !prepared.hash) {
        throw new InputError(
          `Set a new password of at least ${STAFF_PASSWORD_MIN} characters to give this user a staff role.`,
        );
      }
    }
    const [clash] = await getDb()
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, target.id)));
    if (clash) throw duplicate(email);

    // An admin who gives an account a staff role vouches for its address: it need not be confirmed.
    const vouched = input.role === "user" ? {} : { emailVerified: true };
    await getDb()
      .update(users)
      .set({ name: input.name, email, role: input.role, ...vouched })
      .where(eq(users.id, target.id));
    if (prepared.hash) await setPassword(target.id, prepared.hash);
    if (input.role !== target.role || prepared.hash)
      await endSessions(target.id, target.id === self ? input.keepSessionId : undefined);
  },
});

/** Activates or deactivates an account; deactivation ends every one of its sessions at once. */
export const setUserActive = defineCommand({
  name: "user.set_active",
  entity: userEntity,
  access: "admin",
  target: (input: { id: string; isActive: boolean }) => ({ action: "update", id: input.id }),
  run: async (input, { actor }) => {
    const { target, isLastActiveAdmin } = await lockTarget(input.id);
    if (!input.isActive) {
      if (target.id === selfOf(actor)) throw new InputError("You cannot deactivate your own account.");
      if (isLastActiveAdmin) throw new InputError("The last active admin cannot be deactivated.");
    }
    await getDb().update(users).set({ isActive: input.isActive }).where(eq(users.id, target.id));
    if (!input.isActive) await endSessions(target.id);
  },
});

export const deleteUser = defineCommand({
  name: "user.delete",
  entity: userEntity,
  access: "admin",
  target: (input: { id: string }) => ({ action: "delete", id: input.id }),
  run: async (input, { actor }) => {
    const { target, isLastActiveAdmin } = await lockTarget(input.id);
    if (target.id === selfOf(actor)) throw new InputError("You cannot delete your own account.");
    if (isLastActiveAdmin) throw new InputError("The last active admin cannot be deleted.");
    // Sessions and the credential account go with the user (ON DELETE CASCADE).
    await getDb().delete(users).where(eq(users.id, target.id));
  },
});

/**
 * Makes an existing account an active admin with a confirmed address (the first admin's address
 * taken by another account at start-up). The new role ends the account's sessions, as it does in
 * User Management; the password stays the account's own.
 */
export const promoteToAdmin = defineCommand({
  name: "user.promote_to_admin",
  entity: userEntity,
  access: "admin",
  target: (input: { id: string }) => ({ action: "update", id: input.id }),
  run: async (input) => {
    const updated = await getDb()
      .update(users)
      .set({ role: "admin", isActive: true, emailVerified: true })
      .where(eq(users.id, input.id))
      .returning({ id: users.id });
    if (updated.length === 0) throw new InputError("This user no longer exists.");
    await endSessions(input.id);
  },
});
